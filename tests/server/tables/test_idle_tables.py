"""Abandoned games do not pile up in memory: a game in play that waits for a person without a
clock, unchanged and unwatched for `idle_ttl` seconds, is put away, and comes back from the
database, exactly as it was, when someone asks for it (after a restart too)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from sqlalchemy import update
from websockets.sync.client import connect

from leafpile.server.errors import Conflict
from leafpile.server.store.schema import tables
from tests.patience import HANG, READ, wait_until
from tests.server.helpers import HTTP, act
from tests.server.live import ThreadServer, run_async

WITH_BOT = {
    "game": "autumn",
    "players": 2,
    "options": {"first_player": "0"},  # the person moves first: then the game waits
    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    "sit": 0,
    "name": "Ana",
}
CLOCKED = {**WITH_BOT, "clock": {"kind": "turn", "per_move": 86400}}


def opened(srv: ThreadServer, body: dict[str, Any]) -> tuple[str, str]:
    made = HTTP.post(srv.base + "/api/tables", json=body)
    assert made.status_code == 201, made.text
    return made.json()["table"], made.json()["token"]


def seen(srv: ThreadServer, table: str, token: str) -> dict[str, Any]:
    r = HTTP.get(f"{srv.base}/api/tables/{table}", headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return dict(r.json())


def my_turn(srv: ThreadServer, table: str, token: str) -> dict[str, Any]:
    """The table once the bot has moved and it waits for the person."""
    deadline = time.monotonic() + HANG
    while not (snap := seen(srv, table, token))["legal"]:
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.05)
    return snap


def sweeps(srv: ThreadServer) -> list[object]:
    """Counts the sweeps the server makes from now on (one item each, once it is done)."""
    done: list[object] = []
    sweep = srv.manager.sweep

    async def counted() -> list[str]:
        gone = await sweep()
        done.append(gone)
        return gone

    srv.manager.sweep = counted
    return done


def wait_put_away(srv: ThreadServer, table: str) -> None:
    deadline = time.monotonic() + HANG
    while table in srv.manager.tables:
        assert time.monotonic() < deadline, "the idle game was not put away"
        time.sleep(0.05)


def test_an_idle_game_is_put_away_and_comes_back_as_it_was(db_url):
    srv = ThreadServer(db_url, waiting_ttl=0.4, idle_ttl=0.3).start()  # swept every 0.2 s
    try:
        idle, token = opened(srv, WITH_BOT)
        before = seen(srv, idle, token)
        act(srv, idle, token, before["version"], before["legal"][0])  # one move, then gone
        moved = my_turn(srv, idle, token)
        old_copy = srv.manager.tables[idle]
        abandoned = [opened(srv, WITH_BOT)[0] for _ in range(5)]
        clocked, _ = opened(srv, CLOCKED)
        watched, _ = opened(srv, WITH_BOT)
        with connect(f"{srv.ws_base}/ws/tables/{watched}") as ws:  # someone looks at it
            json.loads(ws.recv(timeout=READ))
            for table in [idle, *abandoned]:
                wait_put_away(srv, table)
            swept = sweeps(srv)
            wait_until(lambda: len(swept) >= 2, "two more sweeps")
            assert {clocked, watched} <= set(srv.manager.tables)  # a clock ends it; a watcher
        lobby = [t["id"] for t in HTTP.get(srv.base + "/api/tables").json()["tables"]]
        assert idle not in lobby  # [D] a game put away leaves the lobby until asked for
        # the old copy cannot act any more (a request holding it just before): reload
        with pytest.raises(Conflict):
            run_async(srv.manager.act(old_copy, token, moved["version"], moved["legal"][0]))
        again = seen(srv, idle, token)  # loaded from the database, as it was
        assert idle in srv.manager.tables
        for key in ("version", "view", "legal", "log", "scores", "status"):
            assert again[key] == moved[key], key
        r = act(srv, idle, token, again["version"], again["legal"][0])
        assert r.status_code == 200, r.text
    finally:
        srv.stop()


def test_a_restart_leaves_idle_games_put_away_until_asked_for(tmp_path):
    url = f"sqlite:///{tmp_path / 'idle.db'}"
    srv = ThreadServer(url).start()
    try:
        idle, token = opened(srv, WITH_BOT)
        fresh, _ = opened(srv, WITH_BOT)
        clocked, _ = opened(srv, CLOCKED)
        before = seen(srv, idle, token)
        db = srv.manager.db
    finally:
        srv.stop()
    with db.engine.begin() as conn:  # two hours without a change, as if abandoned
        old = time.time() - 7200
        conn.execute(update(tables).where(tables.c.id.in_([idle, clocked])).values(updated_at=old))
    srv = ThreadServer(url).start()
    try:
        assert idle not in srv.manager.tables
        assert {fresh, clocked} <= set(srv.manager.tables)  # recent, or its clock must run
        again = seen(srv, idle, token)
        assert again["version"] == before["version"] and again["legal"] == before["legal"]
        assert idle in srv.manager.tables
    finally:
        srv.stop()
