"""A signed-in player's own tables from any browser: the lobby listed only the tables whose
seat tokens this browser kept, so after signing in elsewhere a player's open private game was
nowhere. The profile's secret lists its unfinished tables (private ones too) to its owner and
nobody else, and brings the seat into the browser asking (the old token ends)."""

from __future__ import annotations

from tests.server.helpers import HTTP


def _profile(server, name: str, password: str = "a long password") -> str:
    r = HTTP.post(server.base + "/api/profiles", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return str(r.json()["secret"])


def _signed_in_elsewhere(server, name: str, password: str = "a long password") -> str:
    r = HTTP.post(server.base + "/api/profiles/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return str(r.json()["secret"])


def _mine(server, secret: str | None):
    headers = {"authorization": f"Bearer {secret}"} if secret else {}
    return HTTP.get(server.base + "/api/profiles/me/tables", headers=headers)


def _private_table(server, secret: str, game: str = "autumn") -> tuple[str, str]:
    body = {
        "game": game,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "sit": 0,
        "profile": secret,
        "private": True,
    }
    r = HTTP.post(server.base + "/api/tables", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["table"]), str(r.json()["token"])


def test_a_private_waiting_table_is_listed_for_its_player_from_another_browser(server):
    first = _profile(server, "Ana")
    table, _ = _private_table(server, first)
    assert table not in [t["id"] for t in HTTP.get(server.base + "/api/tables").json()["tables"]]
    other_browser = _signed_in_elsewhere(server, "Ana")
    listed = _mine(server, other_browser).json()["tables"]
    assert [(t["id"], t["you"], t["private"], t["status"]) for t in listed] == [
        (table, 0, True, "waiting")
    ]


def test_another_player_never_sees_them(server):
    ana = _profile(server, "Ana")
    _private_table(server, ana)
    ben = _profile(server, "Ben")
    assert _mine(server, ben).json() == {"tables": []}
    assert _mine(server, None).status_code == 401
    assert _mine(server, ana + "x").status_code == 403
    table, _ = _private_table(server, ana)
    taken = HTTP.post(
        f"{server.base}/api/tables/{table}/seats/mine", headers={"authorization": f"Bearer {ben}"}
    )
    assert taken.status_code == 403 and taken.json()["code"] == "bad_token", taken.text


def test_a_playing_table_is_listed_and_its_seat_comes_to_the_new_browser(server):
    ana = _profile(server, "Ana")
    table, old_token = _private_table(server, ana)
    joined = HTTP.post(f"{server.base}/api/tables/{table}/seats", json={"name": "Bea"})
    assert joined.status_code == 200, joined.text
    elsewhere = _signed_in_elsewhere(server, "Ana")
    assert [(t["id"], t["status"]) for t in _mine(server, elsewhere).json()["tables"]] == [
        (table, "playing")
    ]
    moved = HTTP.post(
        f"{server.base}/api/tables/{table}/seats/mine",
        headers={"authorization": f"Bearer {elsewhere}"},
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["seat"] == 0
    new_token = moved.json()["token"]
    seen = HTTP.get(
        f"{server.base}/api/tables/{table}", headers={"authorization": f"Bearer {new_token}"}
    )
    assert seen.json()["you"] == 0
    stale = HTTP.get(
        f"{server.base}/api/tables/{table}", headers={"authorization": f"Bearer {old_token}"}
    )
    assert stale.status_code == 403  # the first browser's token holds the seat no more
