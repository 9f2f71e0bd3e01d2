"""The replay of a table is built in the worker pool (never on the event loop), once per
version: repeated requests are answered from the cache."""

from __future__ import annotations

import asyncio
from typing import Any

from leafpile.server.analysis import replays
from tests.server.helpers import AUTUMN, HTTP, act, snapshot


def test_a_replay_is_built_off_the_event_loop_once_per_version(running, monkeypatch):
    server, table, _tok_a, tok_b = running
    builds: list[bool] = []
    real = replays.replay_steps

    def counted(*args: Any) -> str:
        try:
            asyncio.get_running_loop()
            builds.append(True)  # on an event loop: wrong
        except RuntimeError:
            builds.append(False)
        return real(*args)

    monkeypatch.setattr(replays, "replay_steps", counted)
    first = HTTP.get(f"{server.base}/api/tables/{table}/replay")
    assert first.status_code == 200
    for _ in range(9):
        assert HTTP.get(f"{server.base}/api/tables/{table}/replay").json() == first.json()
    assert builds == [False]  # built once, in a worker
    assert act(server, table, tok_b, 1, "red").status_code == 200
    again = HTTP.get(f"{server.base}/api/tables/{table}/replay").json()
    assert builds == [False, False] and len(again["steps"]) == 3
    assert again["steps"][:2] == first.json()["steps"]


def test_replay_steps_are_what_the_table_showed_the_public(running):
    server, table, _tok_a, tok_b = running
    assert act(server, table, tok_b, 1, "red").status_code == 200
    replay = HTTP.get(f"{server.base}/api/tables/{table}/replay").json()
    spectator = snapshot(server, table)
    last = replay["steps"][-1]
    assert last["view"] == spectator["view"] and last["scores"] == spectator["scores"]
    # the same extras, and the legal actions' parts, which the review draws its move from
    # (a live spectator gets no legal actions, so no parts either)
    assert {k: v for k, v in last["extras"].items() if k != "choices"} == spectator["extras"]
    assert "choices" not in spectator["extras"] and last["extras"]["choices"]
    assert [s["line"] for s in replay["steps"][1:]] == [e["text"] for e in spectator["log"]]
    assert [s["msg"] for s in replay["steps"][1:]] == [e.get("msg") for e in spectator["log"]]
    assert replay["seats"] == spectator["seats"] and replay["game"] == AUTUMN.info.name
