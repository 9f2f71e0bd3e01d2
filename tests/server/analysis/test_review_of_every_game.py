"""The review asked for in the browser, for every game, on a whole game between bots.

It runs the server's own path: `POST /api/tables/<id>/review` polled until done, with the
decisions found and judged in worker *processes* (as `leafpile serve` runs them), so what
crosses a process boundary (the views and the played actions, pickled) is judged as the
command line judges it in one process.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from leafpile.engine import GameRecord
from leafpile.games import GAMES
from leafpile.server.analysis import reviews
from tests.server.helpers import HTTP, SEED
from tests.server.live import ThreadServer

BUDGET = "iterations=8"  # a bounded search that does not depend on the machine's speed
HANG = 300.0  # seconds: only a guard against a test that never ends


@pytest.fixture(scope="module")
def processes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """A server whose bots and reviews think in worker processes, as in production."""
    db = f"sqlite:///{tmp_path_factory.mktemp('review') / 'review.db'}"
    server = ThreadServer(db, bot_workers="process").start()
    try:
        yield server
    finally:
        server.stop()


def finished_between_bots(server: ThreadServer, name: str) -> str:
    """A whole game of `name` (its default options: no round limit) between two `easy` bots."""
    body = {
        "game": name,
        "players": 2,
        "seats": [{"kind": "bot", "bot": "easy"}] * 2,
        "sit": None,
        "seed": SEED,
    }
    made = HTTP.post(f"{server.base}/api/tables", json=body)
    assert made.status_code == 201, made.text
    table = str(made.json()["table"])
    deadline = time.monotonic() + HANG
    while HTTP.get(f"{server.base}/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the game between bots did not end"
        time.sleep(0.05)
    return table


def reviewed(server: ThreadServer, table: str, seats: list[int]) -> dict[str, Any]:
    """Ask for the review as the page does, then poll it until it is no longer running."""
    url = f"{server.base}/api/tables/{table}/review"
    answer = HTTP.post(url, json={"seats": seats, "time": reviews.TIME_MIN}).json()
    deadline = time.monotonic() + HANG
    params = {"seats": ",".join(map(str, seats)), "time": reviews.TIME_MIN}
    while answer["status"] == "running":
        assert time.monotonic() < deadline, "the review did not end"
        time.sleep(0.05)
        answer = HTTP.get(url, params=params).json()
    return dict(answer)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_is_reviewed_on_the_server_after_a_whole_game(processes, name, monkeypatch):
    monkeypatch.setattr(reviews, "budget_of", lambda time: BUDGET)
    table = finished_between_bots(processes, name)
    record = GameRecord.from_dict(HTTP.get(f"{processes.base}/api/tables/{table}/record").json())
    game = GAMES[name]
    expected = []  # every decision with a real choice, in the order of the game
    final = record.replay(game, lambda s, a: expected.append(len(s.legal_actions()) > 1))
    if "round_limit" in record.options:  # a real end, not the safety net of a round limit
        assert final.round < record.options["round_limit"]
    review = reviewed(processes, table, [0, 1])
    assert review["status"] == "done", review
    assert review["budget"] == BUDGET
    decisions = review["decisions"]
    assert [d["number"] for d in decisions] == [i for i, real in enumerate(expected) if real]
    assert [d["played"] for d in decisions] == [record.actions[d["number"]] for d in decisions]
    for d in decisions:
        assert d["choices"] > 1 and d["mark"] in ("", *review["marks"])
        assert -1.0 <= d["played_value"] <= 1.0 and -1.0 <= d["best_value"] <= 1.0
        assert d["loss"] == 0.0 if d["played"] == d["best"] else d["loss"] >= 0.0
        assert d["played_words"]["text"] and d["best_words"]["text"]
    assert sum(s["decisions"] for s in review["summary"]) == len(decisions) > 0
