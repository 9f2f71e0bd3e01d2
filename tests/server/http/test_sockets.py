"""WebSockets cost the server a bounded amount: spectators coming and going push nothing to
anyone else, sockets per table and per address are capped, and a client that does not read
is dropped once its bounded outbox is full."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from leafpile.server import RateLimit
from leafpile.server.api.checks import read_new_table
from leafpile.server.api.snapshots import broadcast
from leafpile.server.http.guards import Context
from leafpile.server.http.sockets import SLOW_CLOSE, TOO_MANY_CLOSE, Connection
from leafpile.server.store.db import Database
from leafpile.server.tables.manager import TableManager
from leafpile.server.workers import BotPool
from tests.patience import HANG, READ, FakeClock, wait_until
from tests.server.helpers import HTTP, act, snapshot, two_humans
from tests.server.live import ThreadServer, run_async


def _pushed(ws: Any) -> list[dict[str, Any]]:
    """What the server has pushed to `ws` so far: a ping's pong comes after all of it (one
    outbox, in order), so no waiting for a quiet moment is needed."""
    ws.send(json.dumps({"type": "ping"}))
    got = []
    while (msg := json.loads(ws.recv(timeout=READ)))["type"] != "pong":
        got.append(msg)
    return got


def _listeners(srv: ThreadServer, table: str, n: int) -> None:
    """Wait until the server has seen the table's sockets come and go (n are left)."""
    wait_until(lambda: len(srv.manager.tables[table].listeners) == n, f"{n} sockets listen")


def test_spectators_coming_and_going_push_nothing_to_anyone_else(lite):
    table, tok_a, tok_b = two_humans(lite)
    url = f"{lite.ws_base}/ws/tables/{table}"
    with connect(url) as player:
        player.send(json.dumps({"type": "hello", "token": tok_a}))
        while json.loads(player.recv(timeout=READ)).get("you") != 0:
            pass
        _pushed(player)
        for _ in range(20):  # spectators come, say hello, and go
            with connect(url) as spectator:
                spectator.send(json.dumps({"type": "hello", "token": None}))
                assert json.loads(spectator.recv(timeout=READ))["type"] == "state"
                assert json.loads(spectator.recv(timeout=READ))["type"] == "state"
        _listeners(lite, table, 1)
        assert _pushed(player) == []
        with connect(url) as other:  # the other seat arriving is news: its "connected" flag
            other.send(json.dumps({"type": "hello", "token": tok_b}))
            while json.loads(other.recv(timeout=READ)).get("you") != 1:
                pass
            (pushed,) = _pushed(player)
            assert [s["connected"] for s in pushed["seats"]] == [True, True]
        _listeners(lite, table, 1)
        (pushed,) = _pushed(player)  # ... and so is its leaving
        assert [s["connected"] for s in pushed["seats"]] == [True, False]


def test_the_first_push_speaks_the_language_of_the_sockets_url(lite):
    """The page draws the snapshot pushed on connect before its hello is answered: in the
    language the URL asks for, a French reader's log never flashes in English; a language
    the server does not know reads as English, not as a refusal."""
    table, tok_a, _ = two_humans(lite)
    before = snapshot(lite, table, tok_a)
    assert act(lite, table, tok_a, before["version"], before["legal"][0]).status_code == 200
    for asked, spoken in (("fr", "fr"), ("ru", "ru"), ("xx", "en"), ("", "en")):
        served = HTTP.get(f"{lite.base}/api/tables/{table}?lang={spoken}").json()
        query = f"?lang={asked}" if asked else ""
        with connect(f"{lite.ws_base}/ws/tables/{table}{query}") as ws:
            first = json.loads(ws.recv(timeout=READ))
            assert (first["type"], first["lang"]) == ("state", spoken)
            assert [e["text"] for e in first["log"]] == [e["text"] for e in served["log"]]
            ws.send(json.dumps({"type": "hello", "token": None, "lang": spoken}))
            answer = json.loads(ws.recv(timeout=READ))
            assert answer["log"] == first["log"]  # the hello's answer draws nothing new


def _refused(url: str, hello: str | None = None) -> int:
    """The close code of a socket the server refuses (after its error message); `hello`: the
    token of the hello it sends first (a table's watchers' room full waits for one)."""
    with connect(url) as ws:
        if hello is not None:
            ws.send(json.dumps({"type": "hello", "token": hello or None}))
        assert json.loads(ws.recv(timeout=READ))["code"] == "too_many_sockets"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=READ)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


def test_sockets_are_capped_per_address_and_per_table(tmp_path):
    limit = RateLimit(rate=1000, burst=1000, sockets_per_address=3, sockets_per_table=1000)
    srv = ThreadServer(f"sqlite:///{tmp_path / 'a.db'}", rate_limit=limit).start()
    try:
        table, _a, _b = two_humans(srv)
        url = f"{srv.ws_base}/ws/tables/{table}"
        with connect(url), connect(url), connect(url):
            assert _refused(url) == TOO_MANY_CLOSE
        with connect(url) as ws:  # closed sockets no longer count
            assert json.loads(ws.recv(timeout=READ))["type"] == "state"
    finally:
        srv.stop()
    limit = RateLimit(enabled=False, sockets_per_table=2)
    srv = ThreadServer(f"sqlite:///{tmp_path / 'b.db'}", rate_limit=limit).start()
    try:
        table, _a, _b = two_humans(srv)
        other, _c, _d = two_humans(srv)
        url = f"{srv.ws_base}/ws/tables/{table}"
        with connect(url), connect(url):
            _listeners(srv, table, 2)
            assert _refused(url, hello="") == TOO_MANY_CLOSE
            assert _refused(url, hello="not-a-seat-token") == TOO_MANY_CLOSE
            with connect(f"{srv.ws_base}/ws/tables/{other}") as ws:  # other tables are open
                assert json.loads(ws.recv(timeout=READ))["type"] == "state"
    finally:
        srv.stop()


def test_spectators_filling_a_table_never_lock_its_players_out(tmp_path):
    limit = RateLimit(enabled=False, sockets_per_table=2)
    srv = ThreadServer(f"sqlite:///{tmp_path / 'a.db'}", rate_limit=limit).start()
    try:
        table, tok_a, tok_b = two_humans(srv)
        url = f"{srv.ws_base}/ws/tables/{table}"
        with connect(url), connect(url):  # the watchers' room is full ...
            _listeners(srv, table, 2)
            with connect(url) as seat:  # ... and a seated player still gets in
                seat.send(json.dumps({"type": "hello", "token": tok_a}))
                state = json.loads(seat.recv(timeout=READ))
                assert state["type"] == "state" and state["you"] == 0
                _listeners(srv, table, 3)
                _pushed(seat)  # its own "connected" flag
                seat.send(json.dumps({"type": "hello", "token": None}))  # not as a watcher
                assert json.loads(seat.recv(timeout=READ))["code"] == "too_many_sockets"
                assert _pushed(seat) == []
                with connect(url) as other:  # so does the other seat
                    other.send(json.dumps({"type": "hello", "token": tok_b}))
                    assert json.loads(other.recv(timeout=READ))["you"] == 1
                    assert _pushed(seat)[-1]["seats"][1]["connected"]  # still a seat
                    _listeners(srv, table, 4)
                    assert _refused(url, hello="") == TOO_MANY_CLOSE  # a watcher does not
    finally:
        srv.stop()


class StalledSocket:
    """A client that never reads: every send waits forever."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed: int | None = None
        self.gone = asyncio.Event()
        self.query_params: dict[str, str] = {}  # its URL asks for no language

    async def send_text(self, _text: str) -> None:
        self.sent += 1
        await asyncio.Event().wait()

    async def receive(self) -> dict[str, Any]:
        await self.gone.wait()
        return {"type": "websocket.disconnect"}

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code
        self.gone.set()


def test_a_client_that_does_not_read_is_dropped_with_a_bounded_outbox(tmp_path):
    async def go() -> tuple[StalledSocket, int, int, int]:
        limit = RateLimit(enabled=False, outbox=8)
        manager = TableManager(Database(f"sqlite:///{tmp_path / 'c.db'}"), BotPool("thread"))
        await manager.start()
        body = {"game": "autumn", "players": 2, "seats": [{"kind": "human"}] * 2}
        table, _ = await manager.create(read_new_table(body, False))
        ctx = Context(manager, limit)
        socket = StalledSocket()
        conn = Connection(ctx, socket, table)  # type: ignore[arg-type]
        running = asyncio.create_task(conn.run())
        deadline = asyncio.get_running_loop().time() + HANG
        while not table.listeners:  # the connection has started
            assert not running.done(), running.exception()  # ... or ended at once: say why
            assert asyncio.get_running_loop().time() < deadline, "the connection never started"
            await asyncio.sleep(0.005)
        most = 0
        for _ in range(100):  # a hundred pushes to a client that reads none
            broadcast(table)
            most = max(most, conn.outbox.qsize())
            await asyncio.sleep(0)
        await asyncio.wait_for(running, HANG)
        listening = len(table.listeners)
        await manager.stop()
        return socket, most, listening, conn.outbox.qsize()

    socket, most, listening, left = run_async(go())
    assert socket.closed == SLOW_CLOSE
    assert most <= 8 and socket.sent <= 1  # held at most its outbox, then was dropped
    assert listening == 0 and left <= 8


def test_connects_per_address_and_hellos_per_socket_are_rate_limited(tmp_path):
    """WebSocket connects were not limited, and each hello that toggles a seat's presence
    pushed the table to every socket on it: both now have a bucket (a fake clock here)."""
    clock = FakeClock()
    limit = RateLimit(
        rate=1000, burst=1000, connects_rate=0.01, connects_burst=3, hellos_burst=2, now=clock
    )
    srv = ThreadServer(f"sqlite:///{tmp_path / 'a.db'}", rate_limit=limit).start()
    try:
        table, tok_a, _tok_b = two_humans(srv)
        url = f"{srv.ws_base}/ws/tables/{table}"
        with connect(url) as ws, connect(url), connect(url):
            json.loads(ws.recv(timeout=READ))
            with connect(url) as fourth:  # the fourth connect in a moment is refused
                assert json.loads(fourth.recv(timeout=READ))["code"] == "flooding"
            codes = []
            for token in (tok_a, None, tok_a):  # seat, spectator, seat: a presence toggle each
                ws.send(json.dumps({"type": "hello", "token": token}))
                codes += [m.get("code") for m in _pushed(ws) if m["type"] == "error"]
            assert codes == ["flooding"]  # the third hello
    finally:
        srv.stop()
