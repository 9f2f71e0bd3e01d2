"""The replay of a table is built in the worker pool (never on the event loop), once per
version and seat for every language: repeated requests, in any language, are answered from
the cache, compressed."""

from __future__ import annotations

import asyncio
from typing import Any

from leafpile.server.analysis import replays
from tests.server.helpers import AUTUMN, HTTP, act, snapshot


def test_a_replay_is_built_off_the_event_loop_once_per_version(running, monkeypatch):
    server, table, _tok_a, tok_b = running
    builds: list[bool] = []
    real = replays.replay_bodies

    def counted(*args: Any) -> dict[str, bytes]:
        try:
            asyncio.get_running_loop()
            builds.append(True)  # on an event loop: wrong
        except RuntimeError:
            builds.append(False)
        return real(*args)

    monkeypatch.setattr(replays, "replay_bodies", counted)
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


def test_a_replay_is_built_once_for_every_language_and_sent_compressed(running, monkeypatch):
    """Cycling languages used to build (and keep) the whole replay once per language, and
    the answer was joined on the event loop: now one build serves each language, kept and
    sent gzip-compressed."""
    server, table, _tok_a, tok_b = running
    assert act(server, table, tok_b, 1, "red").status_code == 200
    builds: list[int] = []
    real = replays.replay_bodies

    def counted(*args: Any) -> dict[str, bytes]:
        builds.append(1)
        return real(*args)

    monkeypatch.setattr(replays, "replay_bodies", counted)
    url = f"{server.base}/api/tables/{table}/replay"
    answers = {}
    for _ in range(2):
        for lang in ("en", "fr", "ru"):
            r = HTTP.get(url, params={"lang": lang}, headers={"accept-encoding": "gzip"})
            assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
            answers[lang] = r.json()
    assert builds == [1]
    assert {a["steps"][-1]["msg"]["id"] for a in answers.values()} == {
        answers["en"]["steps"][-1]["msg"]["id"]
    }
    lines = {lang: a["steps"][-1]["line"] for lang, a in answers.items()}
    assert len(set(lines.values())) == 3  # each in its own language
    plain = HTTP.get(url, params={"lang": "fr"}, headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == answers["fr"]
    cache = server.app.state.ctx.replays
    ((_key, bodies),) = cache.done.items()
    assert cache.size == sum(len(b) for b in bodies.values())
    assert all(len(b) < len(plain.content) / 2 for b in bodies.values())  # compressed
