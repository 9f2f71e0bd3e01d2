"""Take-backs within a turn on the server (takebacks.py): the seat to move undoes its own last
decision while it revealed nothing; the stored log loses the action and keeps the take-back's
line; stale, hostile or revealing undo requests are refused and change nothing."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from websockets.sync.client import connect

from leafpile.engine import GameRecord
from leafpile.server.api.checks import read_new_table
from leafpile.server.store.db import ConflictError, Database
from leafpile.server.store.schema import StoredAction
from leafpile.server.store.takeback_store import StoredTakeBack, store_take_back
from leafpile.server.tables.live_table import HUMAN, PLAYING
from leafpile.server.tables.opening import open_table
from leafpile.server.tables.position import LogEntry, Position
from leafpile.server.tables.takebacks import can_take_back
from tests.patience import HANG, READ
from tests.server.helpers import schema_at
from tests.server.live import ThreadServer
from tests.server.store.test_db import _table

HTTP = httpx.Client(timeout=READ)
SEED = 20261129


def _headers(token: str | None) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"} if token else {}


def _momiji(server: ThreadServer) -> tuple[str, str, str]:
    """Two people at Momiji; Ana (seat 0) moves first."""
    body = {
        "game": "momiji",
        "players": 2,
        "options": {"first_player": "0"},
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "sit": 0,
        "name": "Ana",
        "seed": SEED,
    }
    made = HTTP.post(server.base + "/api/tables", json=body)
    assert made.status_code == 201, made.text
    table, tok_a = made.json()["table"], made.json()["token"]
    joined = HTTP.post(f"{server.base}/api/tables/{table}/seats", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    return table, tok_a, joined.json()["token"]


def _snap(server: ThreadServer, table: str, token: str | None) -> dict[str, Any]:
    r = HTTP.get(f"{server.base}/api/tables/{table}", headers=_headers(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def _act(server: ThreadServer, table: str, token: str, version: Any, action: str) -> httpx.Response:
    body = {"table": table, "version": version, "action": action}
    return HTTP.post(
        f"{server.base}/api/tables/{table}/actions", json=body, headers=_headers(token)
    )


def _undo(server: ThreadServer, table: str, token: str | None, body: Any) -> httpx.Response:
    url = f"{server.base}/api/tables/{table}/undo"
    return HTTP.post(url, json=body, headers=_headers(token))


def _position(snap: dict[str, Any]) -> dict[str, Any]:
    """What a seat sees of the game itself (not the version or the log)."""
    keep = ("status", "to_move", "view", "legal", "scores", "extras", "take_back")
    return {k: snap[k] for k in keep}


def _stored(server: ThreadServer, table: str) -> list[str]:
    (row,) = [r for r in server.manager.db.load_all() if r.id == table]
    return list(row.actions)


def test_a_card_play_is_taken_back_and_the_seat_sees_exactly_the_position_before(server):
    table, tok_a, tok_b = _momiji(server)
    start = _snap(server, table, tok_a)
    start_b = _snap(server, table, tok_b)
    assert start["take_back"] is False  # nothing played yet this turn
    played = _act(server, table, tok_a, start["version"], "Y0L")
    assert played.status_code == 200, played.text
    after = played.json()
    assert after["take_back"] is True and after["version"] == start["version"] + 1
    assert _snap(server, table, tok_b)["take_back"] is False  # only for the seat to move
    undone = _undo(server, table, tok_a, {"table": table, "version": after["version"]})
    assert undone.status_code == 200, undone.text
    back = undone.json()
    assert _position(back) == _position(start)
    assert _position(_snap(server, table, tok_b)) == _position(start_b)
    assert back["version"] == after["version"] + 1  # a new version, never an old one again
    assert _stored(server, table) == []  # the action left the log: the record is the game
    line = after["log"][-1]["text"]
    assert line.startswith("P0 starts a first pile with yellow 0")
    assert [e["text"] for e in back["log"]] == [f"P0 takes back: {line}"]


def test_a_chain_is_taken_back_one_decision_at_a_time_to_the_start_of_the_turn(server):
    table, tok_a, _ = _momiji(server)
    start = _snap(server, table, tok_a)
    snaps = [start]
    for _ in range(3):  # a play, then more cards or stop, as long as the turn goes on undoably
        last = snaps[-1]
        move = next(a for a in last["legal"] if a not in ("refresh", "land L1"))
        r = _act(server, table, tok_a, last["version"], move)
        assert r.status_code == 200, r.text
        if not r.json()["take_back"]:
            break
        snaps.append(r.json())
    assert len(snaps) >= 3
    version = snaps[-1]["version"]
    for earlier in reversed(snaps[:-1]):
        r = _undo(server, table, tok_a, {"table": table, "version": version})
        assert r.status_code == 200, r.text
        assert _position(r.json()) == _position(earlier)
        version = r.json()["version"]
    refused = _undo(server, table, tok_a, {"table": table, "version": version})
    assert refused.status_code == 409 and refused.json()["code"] == "no_take_back"


def test_a_refresh_reveals_cards_so_it_cannot_be_taken_back_and_the_refusal_changes_nothing(
    server,
):
    """§4.1: a paid refresh turns up four cards of the deck; undoing it would let Ana see
    them and choose again."""
    table, tok_a, _ = _momiji(server)
    start = _snap(server, table, tok_a)
    r = _act(server, table, tok_a, start["version"], "refresh")
    assert r.status_code == 200, r.text
    revealed = r.json()
    assert revealed["take_back"] is False
    refused = _undo(server, table, tok_a, {"table": table, "version": revealed["version"]})
    assert refused.status_code == 409, refused.text
    assert refused.json()["code"] == "no_take_back"
    assert _snap(server, table, tok_a) == revealed
    assert _stored(server, table) == ["refresh"]


def test_after_a_turn_passes_nothing_of_it_can_be_taken_back(server):
    table, tok_a, tok_b = _momiji(server)
    snap = _snap(server, table, tok_a)
    for move in ("take G", "end"):
        r = _act(server, table, tok_a, snap["version"], move)
        assert r.status_code == 200, r.text
        snap = r.json()
    assert snap["to_move"] == 1
    mine = _undo(server, table, tok_a, {"table": table, "version": snap["version"]})
    assert mine.status_code == 409 and mine.json()["code"] == "not_your_turn"
    theirs = _undo(server, table, tok_b, {"table": table, "version": snap["version"]})
    assert theirs.status_code == 409 and theirs.json()["code"] == "no_take_back"
    assert _stored(server, table) == ["take G", "end"]


def test_stale_requests_after_a_take_back_are_refused_and_change_nothing(server):
    """A client that still holds the position before a take-back cannot act on the new one:
    the version it holds never names another position."""
    table, tok_a, _ = _momiji(server)
    start = _snap(server, table, tok_a)
    played = _act(server, table, tok_a, start["version"], "Y0L").json()
    stale_client = played  # e.g. a second tab that saw the play
    undone = _undo(server, table, tok_a, {"table": table, "version": played["version"]}).json()
    replayed = _act(server, table, tok_a, undone["version"], "P0L").json()
    versions = [start["version"], played["version"], undone["version"], replayed["version"]]
    assert versions == sorted(set(versions))  # every change, a new number
    now = _snap(server, table, tok_a)
    for body in (
        {"table": table, "version": stale_client["version"]},
        {"table": table, "version": start["version"]},
        {"table": table, "version": now["version"] + 5},
    ):
        r = _undo(server, table, tok_a, body)
        assert r.status_code == 409 and r.json()["code"] == "stale", r.text
        assert r.json()["state"]["version"] == now["version"]
    r = _act(server, table, tok_a, stale_client["version"], "stop")
    assert r.status_code == 409 and r.json()["code"] == "stale"
    assert _snap(server, table, tok_a) == now
    assert _stored(server, table) == ["P0L"]


@pytest.mark.parametrize(
    ("token", "body", "status", "code"),
    [
        (None, {"version": 1}, 401, "no_token"),
        ("not-a-token", {"version": 1}, 403, "bad_token"),
        ("A", {}, 400, "bad_request"),
        ("A", {"version": "1"}, 400, "bad_request"),
        ("A", {"version": True}, 400, "bad_request"),
        ("A", {"version": 1, "table": "elsewhere"}, 400, "bad_request"),
        ("A", [1], 400, "bad_request"),
        ("B", {"version": 1}, 409, "not_your_turn"),
    ],
)
def test_hostile_undo_requests_are_refused_and_change_nothing(lite, token, body, status, code):
    table, tok_a, tok_b = _momiji(lite)
    start = _snap(lite, table, tok_a)
    played = _act(lite, table, tok_a, start["version"], "Y0L").json()
    given = {"A": tok_a, "B": tok_b}.get(token, token)
    r = _undo(lite, table, given, body)
    assert r.status_code == status, r.text
    assert r.json()["code"] == code
    assert _snap(lite, table, tok_a) == played
    assert _stored(lite, table) == ["Y0L"]


def test_an_unknown_table_and_a_waiting_table_refuse_an_undo(lite):
    assert _undo(lite, "nosuchtable", "x", {"version": 0}).status_code == 404
    made = HTTP.post(
        lite.base + "/api/tables",
        json={
            "game": "momiji",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "sit": 0,
            "name": "Ana",
        },
    ).json()
    r = _undo(lite, made["table"], made["token"], {"version": 0})
    assert r.status_code == 409 and r.json()["code"] == "not_started"


def test_a_take_back_over_the_socket_reaches_the_other_seat_with_its_log_line(lite):
    table, tok_a, tok_b = _momiji(lite)
    url = f"{lite.ws_base}/ws/tables/{table}"
    with connect(url) as a, connect(url) as b:
        a.send(json.dumps({"type": "hello", "token": tok_a}))
        b.send(json.dumps({"type": "hello", "token": tok_b}))
        a_state = _until(a, lambda m: m.get("you") == 0)
        _until(b, lambda m: m.get("you") == 1)
        v = a_state["version"]
        a.send(json.dumps({"type": "action", "table": table, "version": v, "action": "Y0L"}))
        played = _until(a, lambda m: m.get("version") == v + 1)
        assert played["take_back"] is True
        a.send(json.dumps({"type": "undo", "table": table, "version": v + 1}))
        back = _until(a, lambda m: m.get("version") == v + 2)
        assert _position(back) == _position(a_state)
        seen_by_b = _until(b, lambda m: m.get("version") == v + 2)
        assert seen_by_b["log_start"] == 0  # the log was cut: it comes again whole
        assert [e["text"] for e in seen_by_b["log"]][-1].startswith("P0 takes back: ")
        a.send(json.dumps({"type": "undo", "table": table, "version": v + 2}))
        refused = _until(a, lambda m: m.get("type") == "error")
        assert refused["code"] == "no_take_back"


def _until(ws: Any, wanted: Any) -> dict[str, Any]:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        msg = json.loads(ws.recv(timeout=READ))
        if wanted(msg):
            return dict(msg)
    raise AssertionError("the message never came")


def test_a_restart_after_take_backs_serves_the_same_table_and_log(db_url, monkeypatch):
    """The stored log (actions with their revisions, take-backs with their lines) rebuilds
    the same position, the same log in the same order, and the same take-back chain; a
    snapshot past the undone action is deleted with it."""
    monkeypatch.setattr("leafpile.server.tables.moves.SNAPSHOT_EVERY", 2)
    srv = ThreadServer(db_url).start()
    try:
        table, tok_a, _ = _momiji(srv)
        v = _snap(srv, table, tok_a)["version"]
        for move in ("Y0L", "stop"):  # the second stores a snapshot (2 actions)
            v = _act(srv, table, tok_a, v, move).json()["version"]
        v = _undo(srv, table, tok_a, {"version": v}).json()["version"]
        v = _act(srv, table, tok_a, v, "stop").json()["version"]
        before = _snap(srv, table, tok_a)
        assert before["take_back"] is True
        assert [e["text"].split(":")[0] for e in before["log"]][-2:] == [
            "P0 takes back",
            before["log"][-1]["text"].split(":")[0],
        ]
    finally:
        srv.stop()
    srv = ThreadServer(db_url).start()
    try:
        after = _snap(srv, table, tok_a)
        before.pop("seats"), after.pop("seats")  # only the "connected" flags may differ
        assert after == before
        record = GameRecord("momiji", 2, SEED, {"first_player": "0"}, _stored(srv, table))
        assert record.actions == ["Y0L", "stop"]
        undone = _undo(srv, table, tok_a, {"version": after["version"]})
        assert undone.status_code == 200, undone.text  # the chain survives the restart
    finally:
        srv.stop()


def test_the_store_refuses_a_take_back_that_is_not_the_last_action_or_came_too_late(db_url):
    db = Database(db_url)
    db.migrate()
    _table(db, "t")
    db.append_actions([StoredAction("t", 0, 0, "0,-1"), StoredAction("t", 1, 1, "red")])
    with pytest.raises(ConflictError):  # action 0 is not the last
        store_take_back(db, StoredTakeBack("t", 0, 0, "0,-1", 0, "[]"))
    with pytest.raises(ConflictError):  # the table is at revision 0, not 3
        store_take_back(db, StoredTakeBack("t", 1, 1, "red", 3, "[]"))
    store_take_back(db, StoredTakeBack("t", 1, 1, "red", 0, "[]"))
    with pytest.raises(ConflictError):  # an append checked before the take-back
        db.append_actions([StoredAction("t", 1, 1, "yellow", revision=0)])
    db.append_actions([StoredAction("t", 1, 1, "yellow", revision=1)])
    (row,) = db.load_all()
    assert row.actions == ["0,-1", "yellow"]
    db.close()


def test_another_process_hears_a_take_back_and_serves_the_table_without_the_action(pg_url):
    one = ThreadServer(pg_url).start()
    two = ThreadServer(pg_url).start()
    try:
        table, tok_a, tok_b = _momiji(one)
        v = _snap(one, table, tok_a)["version"]
        v = _act(one, table, tok_a, v, "Y0L").json()["version"]
        played = _wait(two, table, tok_b, v)
        v = _undo(one, table, tok_a, {"version": v}).json()["version"]
        seen = _wait(two, table, tok_b, v)
        assert seen["view"] != played["view"]
        assert seen["log"][-1]["text"].startswith("P0 takes back: ")
        assert _position(_snap(two, table, tok_a)) == _position(_snap(one, table, tok_a))
        # an action sent to the other process at the undone version is stale there too
        r = _act(two, table, tok_a, v - 1, "stop")
        assert r.status_code == 409 and r.json()["code"] == "stale"
        r = _act(two, table, tok_a, v, "P0L")
        assert r.status_code == 200, r.text
        assert "purple 0" in _wait(one, table, tok_a, v + 1)["log"][-1]["text"]
    finally:
        one.stop()
        two.stop()


def _wait(server: ThreadServer, table: str, token: str, version: int) -> dict[str, Any]:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        snap = _snap(server, table, token)
        if snap["version"] >= version:
            assert snap["version"] == version
            return snap
        time.sleep(0.05)
    raise AssertionError(f"version {version} never reached {server.base}")


def test_a_database_from_before_take_backs_upgrades_and_its_tables_play_on(db_url):
    """Migration 0005 on a database at 0002: its actions count as played at revision 0 and
    not taken back (none may be undone), and the table takes appends and take-backs again."""
    db = Database(db_url)
    with schema_at(db, "0002"):
        pass
    with db.engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, status, created_at, "
                "updated_at) VALUES ('old', 'autumn', 2, '{}', 1, 'playing', 0, 0)"
            )
        )
        conn.execute(text("INSERT INTO seats (table_id, seat, kind) VALUES ('old', 0, 'human')"))
        conn.execute(text("INSERT INTO seats (table_id, seat, kind) VALUES ('old', 1, 'human')"))
        conn.execute(
            text(
                "INSERT INTO actions (table_id, n, seat, notation, created_at) "
                "VALUES ('old', 0, 0, '0,-1', 0)"
            )
        )
    db.migrate()
    (raw,) = db.load_tables(["old"])
    assert raw.revision == 0 and raw.marks == [(0, False)] and raw.takebacks == []
    db.append_actions([StoredAction("old", 1, 1, "red", revision=0, undoable=True)])
    store_take_back(db, StoredTakeBack("old", 1, 1, "red", 0, "[]"))
    (raw,) = db.load_tables(["old"])
    assert [a[2] for a in raw.actions] == ["0,-1"] and raw.revision == 1
    assert raw.takebacks == [(1, 1, "[]")]
    db.close()


def test_bots_never_take_back_and_spectators_are_never_offered_it() -> None:
    """A bot seat whose last decision could be undone is not offered a take-back (the seat
    bots never ask for one), nor is a spectator or a seat not to move."""
    new = read_new_table(
        {
            "game": "momiji",
            "players": 2,
            "options": {"first_player": "0"},
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}],
            "seed": SEED,
        },
        allow_client_seed=True,
    )
    _row, table, _token = open_table(new, None)
    table.status = PLAYING
    state = table.state
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if table.game.may_take_back(state, action, after):  # a person could take it back
            break
    else:
        raise AssertionError("no first decision of this game could be taken back")
    table.advance(Position(table.game, after, 1, False), str(action), LogEntry(0, []), True)
    assert table.position.to_move == 0
    assert [can_take_back(table, a) for a in (None, 0, 1)] == [False, False, False]
    table.seats[0].kind = HUMAN  # the same position with a person in the seat
    assert [can_take_back(table, a) for a in (None, 0, 1)] == [False, True, False]
