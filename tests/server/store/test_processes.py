"""More than one server process on one PostgreSQL database: a table works whichever process
each client reaches, and every client hears every change (LISTEN/NOTIFY between them)."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.patience import HANG, READ
from tests.server.live import ProcessServer, run_async, wait_up

HTTP = httpx.Client(timeout=READ)


LAST: dict[int, dict[str, Any]] = {}  # the last state each socket was pushed


def _latest(ws: Any, version: int) -> dict[str, Any]:
    """The state `ws` was pushed at `version` (read up to it)."""
    last = LAST.get(id(ws))
    while last is None or last["version"] < version:
        msg = json.loads(ws.recv(timeout=READ))
        if msg["type"] == "state":
            last = LAST[id(ws)] = msg
    assert last["version"] == version, last["version"]
    return last


def test_two_processes_serve_one_table_and_push_each_others_changes(pg_url):
    one = ProcessServer(pg_url, "--rate-limit", "0").start()
    two = ProcessServer(pg_url, "--rate-limit", "0").start()
    try:
        body = {
            "game": "autumn",
            "players": 2,
            "options": {"rounds": 1, "first_player": "0"},
            "seats": [{"kind": "human"}] * 2,
            "sit": 0,
            "name": "Ana",
        }
        made = HTTP.post(one.base + "/api/tables", json=body).json()
        table, tok_a = made["table"], made["token"]
        deadline = time.monotonic() + HANG  # the other process's lobby lists it too
        while time.monotonic() < deadline:
            if table in [t["id"] for t in HTTP.get(two.base + "/api/tables").json()["tables"]]:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the table never reached the other process's lobby")
        joined = HTTP.post(f"{two.base}/api/tables/{table}/seats", json={"name": "Bo"})
        assert joined.status_code == 200, joined.text
        tok_b = joined.json()["token"]
        ws_of = {0: f"ws{one.base[4:]}/ws/tables/{table}", 1: f"ws{two.base[4:]}/ws/tables/{table}"}
        with (
            connect(ws_of[0]) as a,
            connect(ws_of[1]) as b,
            connect(ws_of[0]) as watcher_one,
            connect(ws_of[1]) as watcher_two,
        ):
            a.send(json.dumps({"type": "hello", "token": tok_a}))  # seat 0 on process one
            b.send(json.dumps({"type": "hello", "token": tok_b}))  # seat 1 on process two
            for ws in (watcher_one, watcher_two):
                ws.send(json.dumps({"type": "hello", "token": None}))
            sockets = {0: a, 1: b}
            for ws, seat in ((a, 0), (b, 1)):  # each has its own seat's state at version 0
                # (process one hears of the second seat through PostgreSQL: maybe after hello)
                msg = json.loads(ws.recv(timeout=READ))
                while msg["you"] != seat or msg["status"] != "playing":
                    msg = json.loads(ws.recv(timeout=READ))
                LAST[id(ws)] = msg
            state = LAST[id(a)]
            for version in range(12):  # each seat plays on its own process
                seat = state["to_move"]
                mine = _latest(sockets[seat], version)
                if mine["status"] == "finished":
                    break
                action = {"type": "action", "table": table, "version": version}
                sockets[seat].send(json.dumps(action | {"action": mine["legal"][0]}))
                # everyone hears it, on both processes
                seen = [_latest(ws, version + 1) for ws in (a, b, watcher_one, watcher_two)]
                assert len({json.dumps(s["view"], sort_keys=True) for s in seen[2:]}) == 1
                state = seen[0]
        for base in (one.base, two.base):  # both processes serve the same table
            snaps = [HTTP.get(f"{base}/api/tables/{table}").json() for _ in range(2)]
            assert snaps[0]["version"] == snaps[1]["version"] >= 12
        a_view = HTTP.get(f"{one.base}/api/tables/{table}").json()
        b_view = HTTP.get(f"{two.base}/api/tables/{table}").json()
        assert a_view["view"] == b_view["view"] and a_view["log"] == b_view["log"]

        # the same action sent to both processes at once is stored once
        snap = HTTP.get(
            f"{one.base}/api/tables/{table}", headers={"authorization": f"Bearer {tok_a}"}
        ).json()
        token = tok_a if snap["to_move"] == 0 else tok_b
        snap = HTTP.get(
            f"{one.base}/api/tables/{table}", headers={"authorization": f"Bearer {token}"}
        ).json()

        async def both() -> list[int]:
            async with httpx.AsyncClient(timeout=READ) as client:
                body = {"table": table, "version": snap["version"], "action": snap["legal"][0]}
                headers = {"authorization": f"Bearer {token}"}
                answers = await asyncio.gather(
                    *[
                        client.post(f"{b}/api/tables/{table}/actions", json=body, headers=headers)
                        for b in (one.base, two.base)
                    ]
                )
                return sorted(r.status_code for r in answers)

        assert run_async(both()) == [200, 409]

        # a bot table opened on one process plays to the end while watched on the other
        bots = {
            "game": "autumn",
            "players": 2,
            "options": {"rounds": 1},
            "seats": [{"kind": "bot", "bot": "random"}] * 2,
        }
        bot_table = HTTP.post(one.base + "/api/tables", json=bots).json()["table"]
        with connect(f"ws{two.base[4:]}/ws/tables/{bot_table}") as watcher:
            deadline = time.monotonic() + HANG
            last = json.loads(watcher.recv(timeout=READ))
            while last["status"] != "finished" and time.monotonic() < deadline:
                msg = json.loads(watcher.recv(timeout=READ))
                assert msg["version"] >= last["version"]  # in order, never back
                last = msg
        assert last["status"] == "finished"
        record = HTTP.get(f"{two.base}/api/tables/{bot_table}/record").json()
        assert len(record["actions"]) == last["version"]
    finally:
        one.kill()
        two.kill()


def test_serve_with_two_workers_plays_a_game_through_one_port(pg_url):
    srv = ProcessServer(pg_url, "--workers", "2", "--rate-limit", "0")
    srv.start()
    try:
        wait_up(srv.base)
        http = httpx.Client(timeout=READ)  # a new connection per request: both workers serve
        body = {
            "game": "autumn",
            "players": 2,
            "options": {"rounds": 1},
            "seats": [{"kind": "human"}] * 2,
            "sit": 0,
            "name": "Ana",
        }
        made = http.post(srv.base + "/api/tables", json=body, headers={"connection": "close"})
        table, tokens = made.json()["table"], {0: made.json()["token"]}
        joined = httpx.post(f"{srv.base}/api/tables/{table}/seats", json={"name": "Bo"})
        tokens[1] = joined.json()["token"]
        for _ in range(60):
            snap = httpx.get(f"{srv.base}/api/tables/{table}").json()
            if snap["status"] == "finished":
                break
            seat = snap["to_move"]
            auth = {"authorization": f"Bearer {tokens[seat]}"}
            mine = httpx.get(f"{srv.base}/api/tables/{table}", headers=auth).json()
            if not mine["legal"]:  # read from a process one action behind the first read
                continue
            body = {"table": table, "version": mine["version"], "action": mine["legal"][0]}
            r = httpx.post(f"{srv.base}/api/tables/{table}/actions", json=body, headers=auth)
            # the process that answered the read may not have heard the last action yet: the
            # other then refuses it as stale (and changes nothing); anything else is a failure
            assert r.status_code == 200 or r.json()["code"] == "stale", r.text
        else:
            pytest.fail("the game did not finish")
        # both workers started cleanly: they migrate one after the other, not both at once
        assert "Traceback" not in srv.log_text(), srv.log_text()[-3000:]
    finally:
        srv.kill()


def test_a_change_announced_while_another_process_loads_the_table_is_not_lost(pg_url):
    """Process two loads a table just as process one stores a move at it: the announcement
    reaches two before the table is in its memory, so it is not heard there; two reads the
    table's changes once it is loaded, so it serves the move anyway."""
    from tests.server.live import ThreadServer

    one, two = ThreadServer(pg_url).start(), ThreadServer(pg_url).start()
    try:

        async def not_now(table_id: str) -> None:  # two loads the table only when asked
            return None

        two.manager._load_new = not_now  # type: ignore[method-assign]
        heard: list[Any] = []
        hear = two.manager.heard

        def noted(change: Any) -> None:
            hear(change)
            heard.append(change)

        two.manager.heard = noted  # type: ignore[method-assign]
        body = {"game": "autumn", "players": 2, "seats": [{"kind": "human"}] * 2}
        made = httpx.post(one.base + "/api/tables", json={**body, "sit": 0, "name": "Ana"})
        table, tokens = made.json()["table"], {0: made.json()["token"]}
        joined = httpx.post(f"{one.base}/api/tables/{table}/seats", json={"name": "Bo"})
        tokens[1] = joined.json()["token"]
        snap = httpx.get(f"{one.base}/api/tables/{table}").json()
        seat = snap["to_move"]
        auth = {"authorization": f"Bearer {tokens[seat]}"}
        mine = httpx.get(f"{one.base}/api/tables/{table}", headers=auth).json()
        loaded = two.manager._admit_later

        async def meanwhile(raw: Any) -> Any:  # one moves while two builds its copy
            move = {"table": table, "version": mine["version"], "action": mine["legal"][0]}
            r = await asyncio.to_thread(
                httpx.post, f"{one.base}/api/tables/{table}/actions", json=move, headers=auth
            )
            assert r.status_code == 200, r.text
            deadline = time.monotonic() + HANG  # its announcement reaches two, with no copy yet
            while not any(c.table_id == table and c.kind == "action" for c in heard):
                assert time.monotonic() < deadline, "the move was never announced to two"
                await asyncio.sleep(0.01)
            return await loaded(raw)

        two.manager._admit_later = meanwhile  # type: ignore[method-assign]
        seen = httpx.get(f"{two.base}/api/tables/{table}", timeout=READ).json()
        assert seen["version"] == mine["version"] + 1
    finally:
        one.stop()
        two.stop()
