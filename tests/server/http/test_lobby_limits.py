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


def test_an_abandoned_waiting_table_expires(db_url):
    srv = ThreadServer(db_url, waiting_ttl=0.4).start()
    try:
        abandoned = HTTP.post(srv.base + "/api/tables", json=WAITING).json()["table"]
        watched = HTTP.post(srv.base + "/api/tables", json=WAITING).json()["table"]
        started = HTTP.post(srv.base + "/api/tables", json=WITH_BOT).json()["table"]
        with connect(f"{srv.ws_base}/ws/tables/{watched}") as ws:  # someone waits at it
            json.loads(ws.recv(timeout=READ))
            deadline = time.monotonic() + HANG
            while abandoned in srv.manager.tables and time.monotonic() < deadline:
                time.sleep(0.1)
            lobby = [t["id"] for t in HTTP.get(srv.base + "/api/tables").json()["tables"]]
        assert abandoned not in lobby and {watched, started} <= set(lobby)
        assert HTTP.get(f"{srv.base}/api/tables/{abandoned}").status_code == 404
        assert abandoned not in {row.id for row in srv.manager.db.load_all()}
    finally:
        srv.stop()


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
