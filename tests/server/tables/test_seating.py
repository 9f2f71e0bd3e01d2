"""Private tables, leaving, removing and coming back over the HTTP API, and hostile values of
the new fields (privacy, clock, replacement bot, seat to remove): each refused with a clear
code and nothing stored."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.patience import HANG
from tests.server.helpers import HTTP, act, create, snapshot


def _post(server: Any, table: str, what: str, token: str | None, body: Any = None) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    url = f"{server.base}/api/tables/{table}/{what}"
    return HTTP.post(url, json=body if body is not None else {}, headers=headers)


def _join(server: Any, table: str, name: str) -> str:
    r = HTTP.post(f"{server.base}/api/tables/{table}/seats", json={"name": name})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def _lobby_ids(server: Any) -> set[str]:
    return {t["id"] for t in HTTP.get(server.base + "/api/tables").json()["tables"]}


def test_a_private_table_is_never_listed_but_its_invite_link_works(lite):
    public = create(lite, [{"kind": "human"}, {"kind": "human"}])
    private = create(lite, [{"kind": "human"}, {"kind": "human"}], private=True)
    assert public["table"] in _lobby_ids(lite)
    assert private["table"] not in _lobby_ids(lite)
    assert len(private["table"]) > len(public["table"])  # a longer id: its only lock
    token = _join(lite, private["table"], "Bo")  # through the invite link
    assert snapshot(lite, private["table"], token)["private"] is True
    assert private["table"] not in _lobby_ids(lite)  # playing, still unlisted


def test_only_the_creator_removes_and_only_a_player_who_has_not_acted(lite):
    made = create(lite, [{"kind": "human"}, {"kind": "human"}])
    table, host, tok_a = made["table"], made["host"], made["token"]
    tok_b = _join(lite, table, "Bo")
    assert _post(lite, table, "remove", None, {"seat": 1}).json()["code"] == "no_token"
    for wrong in (tok_a, tok_b, host + "x"):  # a seat token is not the host secret
        r = _post(lite, table, "remove", wrong, {"seat": 1})
        assert r.status_code == 403 and r.json()["code"] == "not_host"
    assert act(lite, table, tok_a, 0, snapshot(lite, table, tok_a)["legal"][0]).status_code == 200
    r = _post(lite, table, "remove", host, {"seat": 0})  # Ana has acted
    assert r.status_code == 409 and r.json()["code"] == "already_acted"
    r = _post(lite, table, "remove", host, {"seat": 1})  # Bo has not
    assert r.status_code == 200, r.text
    seats = r.json()["seats"]
    assert seats[1]["open"] and r.json()["status"] == "waiting"
    assert snapshot(lite, table)["status"] == "waiting"
    gone = {"authorization": f"Bearer {tok_b}"}  # Bo's token holds no seat any more
    assert HTTP.get(f"{lite.base}/api/tables/{table}", headers=gone).status_code == 403
    tok_c = _join(lite, table, "Cy")  # someone else takes the seat: the game goes on
    after = snapshot(lite, table, tok_c)
    assert after["status"] == "playing" and after["to_move"] == 1 and after["legal"]


def test_leaving_a_waiting_table_opens_the_seat(lite):
    made = create(lite, [{"kind": "human"}, {"kind": "human"}], sit=None)  # creator watches
    table = made["table"]
    tok_b = _join(lite, table, "Bo")
    r = _post(lite, table, "leave", tok_b)
    assert r.status_code == 200 and r.json()["seats"][0]["open"]
    assert _post(lite, table, "leave", tok_b).json()["code"] == "bad_token"  # gone for good
    assert snapshot(lite, table)["status"] == "waiting"
    _join(lite, table, "Cy")
    _join(lite, table, "Di")
    assert snapshot(lite, table)["status"] == "playing"


def test_a_leaver_in_a_running_game_is_played_by_a_bot_and_may_come_back(lite):
    made = create(lite, [{"kind": "human"}, {"kind": "human"}], replacement="random")
    table, tok_a = made["table"], made["token"]
    tok_b = _join(lite, table, "Bo")
    r = _post(lite, table, "leave", tok_a)  # Ana leaves at her own turn
    assert r.status_code == 200 and r.json()["seats"][0]["stand_in"] == "random"
    assert r.json()["legal"] == []  # the bot plays; her page offers nothing
    deadline = time.monotonic() + HANG
    while snapshot(lite, table)["to_move"] != 1:
        assert time.monotonic() < deadline, "the stand-in bot never moved"
        time.sleep(0.05)
    back = _post(lite, table, "return", tok_a)
    assert back.status_code == 200 and back.json()["seats"][0]["stand_in"] is None
    snap_b = snapshot(lite, table, tok_b)
    assert act(lite, table, tok_b, snap_b["version"], snap_b["legal"][0]).status_code == 200
    assert _post(lite, table, "leave", tok_b).status_code == 200  # now Bo leaves ...
    snap = snapshot(lite, table, tok_b)
    if snap["to_move"] == 1:  # ... and cannot act while the bot plays for him
        r = act(lite, table, tok_b, snap["version"], snap["legal"][0] if snap["legal"] else "x")
        assert r.status_code in (409, 422)
    assert _post(lite, table, "return", None).json()["code"] == "no_token"


def test_a_stood_in_seat_refuses_its_person_until_they_come_back(lite):
    made = create(lite, [{"kind": "human"}, {"kind": "human"}], replacement="random")
    table, tok_a = made["table"], made["token"]
    _join(lite, table, "Bo")
    lite.manager.seat_bots.delay = 3600.0  # the bot waits: the person tries to act meanwhile
    try:
        before = snapshot(lite, table, tok_a)
        assert _post(lite, table, "leave", tok_a).status_code == 200
        r = act(lite, table, tok_a, before["version"], before["legal"][0])
        assert r.status_code == 409 and r.json()["code"] == "stood_in"
        assert _post(lite, table, "return", tok_a).status_code == 200
        assert act(lite, table, tok_a, before["version"], before["legal"][0]).status_code == 200
    finally:
        lite.manager.seat_bots.delay = 0.0


BAD_CLOCKS: list[Any] = [
    "blitz",
    5,
    [],
    {"kind": "realtime"},
    {"kind": "realtime", "bank": 9},
    {"kind": "realtime", "bank": 10_801},
    {"kind": "realtime", "bank": 10**30},
    {"kind": "realtime", "bank": -60},
    {"kind": "realtime", "bank": 60.5},
    {"kind": "realtime", "bank": "60"},
    {"kind": "realtime", "bank": True},
    {"kind": "realtime", "bank": 60, "increment": 121},
    {"kind": "realtime", "bank": 60, "increment": -1},
    {"kind": "realtime", "bank": 60, "increment": None},
    {"kind": "realtime", "bank": 60, "per_move": 3600},
    {"kind": "turn", "per_move": 3599},
    {"kind": "turn", "per_move": 14 * 86400 + 1},
    {"kind": "turn", "per_move": float("nan")},
    {"kind": "turn"},
    {"kind": "sudden"},
    {"kind": None},
]


@pytest.mark.parametrize("clock", BAD_CLOCKS, ids=repr)
def test_a_clock_out_of_bounds_or_of_the_wrong_type_is_refused(lite, clock):
    before = len(lite.manager.tables)
    body: dict[str, Any] = {
        "game": "autumn",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "clock": clock,
    }
    r = HTTP.post(lite.base + "/api/tables", content=_json(body))
    assert r.status_code in (400, 422), r.text
    assert r.json()["code"] in ("bad_clock", "bad_json")
    assert len(lite.manager.tables) == before


def _json(body: Any) -> bytes:
    import json

    return json.dumps(body, allow_nan=True).encode()


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("private", "yes", "bad_request"),
        ("private", 1, "bad_request"),
        ("private", None, "bad_request"),
        ("replacement", "grandmaster", "bad_seats"),
        ("replacement", 3, "bad_seats"),
        ("replacement", ["random"], "bad_seats"),
    ],
)
def test_privacy_and_the_replacement_bot_are_checked(lite, field, value, code):
    before = len(lite.manager.tables)
    body = {"game": "autumn", "players": 2, "seats": [{"kind": "human"}] * 2, field: value}
    r = HTTP.post(lite.base + "/api/tables", json=body)
    assert r.json()["code"] == code and len(lite.manager.tables) == before


@pytest.mark.parametrize("seat", [None, "1", 1.0, True, -1, 2, 10**20, [1]])
def test_removing_a_seat_that_is_not_a_taken_seat_number_is_refused(lite, seat):
    made = create(lite, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    r = _post(lite, made["table"], "remove", made["host"], {"seat": seat})
    assert r.status_code == 422 and r.json()["code"] == "bad_seats"
    assert snapshot(lite, made["table"], made["token"])["seats"][0]["name"] == "Ana"


def test_the_bot_seat_and_an_open_seat_cannot_be_removed(lite):
    with_bot = create(lite, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    with_open = create(lite, [{"kind": "human"}, {"kind": "human"}])
    for made in (with_bot, with_open):
        r = _post(lite, made["table"], "remove", made["host"], {"seat": 1})
        assert r.json()["code"] == "bad_seats"
