"""A server killed mid-game (SIGKILL, like a crash) and started again resumes every table
exactly: the action log committed before anyone was told is the source of truth."""

from __future__ import annotations

import time

import httpx

from tests.patience import HANG, READ
from tests.server.live import ProcessServer

HTTP = httpx.Client(timeout=READ)  # one client for the module: a new one costs ~30 ms


def _snap(base: str, table: str, token: str) -> dict:
    r = HTTP.get(f"{base}/api/tables/{table}", headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _wait_turn(base: str, table: str, token: str, seat: int) -> dict:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        snap = _snap(base, table, token)
        if snap["to_move"] == seat or snap["status"] == "finished":
            return snap
        time.sleep(0.05)
    raise AssertionError("the bot never moved")


def test_a_killed_server_resumes_the_game_from_the_same_state(db_url):
    srv = ProcessServer(db_url).start()
    try:
        made = HTTP.post(
            srv.base + "/api/tables",
            json={
                "game": "autumn",
                "players": 2,
                "options": {"first_player": "0", "rounds": 1},
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "sit": 0,
                "name": "Ana",
            },
        ).json()
        table, token = made["table"], made["token"]
        for _ in range(3):  # a few moves each
            snap = _wait_turn(srv.base, table, token, 0)
            r = HTTP.post(
                f"{srv.base}/api/tables/{table}/actions",
                json={"table": table, "version": snap["version"], "action": snap["legal"][0]},
                headers={"authorization": f"Bearer {token}"},
            )
            assert r.status_code == 200, r.text
        before = _wait_turn(srv.base, table, token, 0)
        assert before["version"] >= 5
        srv.kill()
        srv.start()
        after = _snap(srv.base, table, token)
        before.pop("seats"), after.pop("seats")  # only the "connected" flags may differ
        assert after == before
        # ... and the game goes on to the end, the bot answering after the restart
        while after["status"] != "finished":
            after = _wait_turn(srv.base, table, token, 0)
            if after["status"] == "finished":
                break
            r = HTTP.post(
                f"{srv.base}/api/tables/{table}/actions",
                json={"table": table, "version": after["version"], "action": after["legal"][-1]},
                headers={"authorization": f"Bearer {token}"},
            )
            assert r.status_code == 200, r.text
        assert HTTP.get(f"{srv.base}/api/tables/{table}/record").status_code == 200
        replay = HTTP.get(f"{srv.base}/api/tables/{table}/replay")  # built in a worker process
        assert replay.status_code == 200 and len(replay.json()["steps"]) == after["version"] + 1
    finally:
        srv.kill()
