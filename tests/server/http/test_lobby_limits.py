"""One address cannot fill the lobby: it opens tables at a person's pace, has few waiting at
once, and a waiting table nobody joins or watches expires."""

from __future__ import annotations

import json
import time

import httpx
from websockets.sync.client import connect

from leafpile.server import RateLimit
from tests.patience import HANG, READ, FakeClock
from tests.server.helpers import HTTP
from tests.server.live import ThreadServer

WAITING = {"game": "autumn", "players": 2, "seats": [{"kind": "human"}] * 2}
SEATED = {
    "game": "autumn",
    "players": 2,
    "seats": [{"kind": "human"}] * 2,
    "sit": 0,
    "name": "Ana",
}
WITH_BOT = {
    "game": "autumn",
    "players": 2,
    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    "sit": 0,
    "name": "Ana",
}


def test_one_address_opens_tables_at_a_bounded_pace(tmp_path):
    limit = RateLimit(
        rate=1000, burst=1000, tables_rate=0.01, tables_burst=5, open_tables=3, now=FakeClock()
    )
    srv = ThreadServer(f"sqlite:///{tmp_path / 'a.db'}", rate_limit=limit).start()
    try:
        codes = [HTTP.post(srv.base + "/api/tables", json=WAITING).status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]  # three waiting at once
        r = HTTP.post(srv.base + "/api/tables", json=WAITING)
        assert r.json()["code"] == "too_many_tables"
        full = [HTTP.post(srv.base + "/api/tables", json=WITH_BOT) for _ in range(3)]
        # tables that start at once do not wait, but count against the pace: 5 in all
        assert [r.status_code for r in full] == [201, 201, 429]
        assert full[-1].json()["code"] == "flooding"
        assert len(srv.manager.tables) == 5
    finally:
        srv.stop()


def test_a_waiting_table_nobody_seated_touches_expires_even_watched(db_url):
    srv = ThreadServer(db_url, waiting_ttl=0.4).start()
    try:
        abandoned = HTTP.post(srv.base + "/api/tables", json=WAITING).json()["table"]
        watched = HTTP.post(srv.base + "/api/tables", json=WAITING).json()["table"]
        seated = HTTP.post(srv.base + "/api/tables", json=SEATED).json()
        started = HTTP.post(srv.base + "/api/tables", json=WITH_BOT).json()["table"]
        with (
            connect(f"{srv.ws_base}/ws/tables/{watched}") as ws,  # only a spectator there
            connect(f"{srv.ws_base}/ws/tables/{seated['table']}") as host,  # its creator waits
        ):
            json.loads(ws.recv(timeout=READ))
            host.send(json.dumps({"type": "hello", "token": seated["token"]}))
            while json.loads(host.recv(timeout=READ)).get("you") != 0:
                pass
            deadline = time.monotonic() + HANG
            while {abandoned, watched} & set(srv.manager.tables):
                assert time.monotonic() < deadline, "the abandoned tables never expired"
                time.sleep(0.1)
            lobby = [t["id"] for t in HTTP.get(srv.base + "/api/tables").json()["tables"]]
        assert {seated["table"], started} <= set(lobby)
        assert not {abandoned, watched} & set(lobby)
        assert HTTP.get(f"{srv.base}/api/tables/{watched}").status_code == 404
        assert abandoned not in {row.id for row in srv.manager.db.load_all()}
    finally:
        srv.stop()


def test_the_servers_waiting_tables_are_bounded_whatever_the_address(tmp_path):
    srv = ThreadServer(
        f"sqlite:///{tmp_path / 'a.db'}", rate_limit=RateLimit(enabled=False, waiting_max=3)
    ).start()
    try:
        codes = [HTTP.post(srv.base + "/api/tables", json=WAITING).status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        assert HTTP.post(srv.base + "/api/tables", json=WITH_BOT).status_code == 201  # starts
    finally:
        srv.stop()


def test_the_lobby_is_shown_by_game_searched_and_paged(lite):
    for name in ["Ana", "Bo", "Cleo"]:
        HTTP.post(lite.base + "/api/tables", json={**SEATED, "name": name})
    momiji = {**SEATED, "game": "momiji", "name": "Dana"}
    made = HTTP.post(lite.base + "/api/tables", json=momiji)
    assert made.status_code == 201, made.text

    def lobby(**params: str) -> dict:
        r = HTTP.get(lite.base + "/api/tables", params=params)
        assert r.status_code == 200, r.text
        return dict(r.json())

    everything = lobby()
    assert everything["total"] == 4 and len(everything["tables"]) == 4
    assert [t["game"] for t in lobby(game="momiji")["tables"]] == ["momiji"]
    assert [t["seats"][0]["name"] for t in lobby(q="cle")["tables"]] == ["Cleo"]
    assert lobby(q="MOMIJI")["total"] == 1
    first, second = lobby(limit="2"), lobby(limit="2", offset="2")
    assert first["total"] == second["total"] == 4
    ids = [t["id"] for t in first["tables"] + second["tables"]]
    assert ids == [t["id"] for t in everything["tables"]]  # newest first, page after page
    for bad in (
        {"game": "chess"},
        {"limit": "0"},
        {"limit": "201"},
        {"offset": "-1"},
        {"offset": "\u00b2"},
        {"q": "x" * 41},
    ):
        r = HTTP.get(lite.base + "/api/tables", params=bad)
        assert r.status_code in (400, 422), bad


BOTS_ONLY = {
    "game": "undergrove",
    "players": 4,
    "seats": [{"kind": "bot", "bot": "mcts"}] * 4,
}


def test_tables_of_bots_only_are_bounded_per_address_and_per_server(tmp_path):
    limit = RateLimit(rate=1000, burst=1000, bot_tables=2, bot_tables_max=3)
    srv = ThreadServer(
        f"sqlite:///{tmp_path / 'a.db'}", rate_limit=limit, bot_delay=HANG
    ).start()  # the bots never move: their games stay in play
    other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=READ)
    try:
        codes = [HTTP.post(srv.base + "/api/tables", json=BOTS_ONLY).status_code for _ in range(3)]
        assert codes == [201, 201, 429]  # two per address
        r = HTTP.post(srv.base + "/api/tables", json=BOTS_ONLY)
        assert r.json()["code"] == "too_many_tables"
        assert HTTP.post(srv.base + "/api/tables", json=WITH_BOT).status_code == 201  # people's
        assert other.post(srv.base + "/api/tables", json=BOTS_ONLY).status_code == 201
        assert other.post(srv.base + "/api/tables", json=BOTS_ONLY).status_code == 429  # server
        assert len(srv.manager.tables) == 4
    finally:
        other.close()
        srv.stop()
