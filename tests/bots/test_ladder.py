"""The rating ladder (benchmarks/ladder.py): the fit recovers known strengths, deals are
mirrored, and a rerun plays only what is missing."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def fitting():
    return load("ladder_fit")


@pytest.fixture(scope="module")
def ladder():
    return load("ladder")


def synthetic(fitting, strengths: dict[str, float], deals: int, seed: int = 1):
    """Games between every pair, each decided by the Bradley-Terry model of `strengths`."""
    rng = random.Random(seed)
    names = list(strengths)
    games = []
    for a_i, a in enumerate(names):
        for b in names[a_i + 1 :]:
            for d in range(deals):
                for seats in ((a, b), (b, a)):
                    p = fitting.expected_share(strengths[seats[0]], strengths[seats[1]])
                    won = rng.random() < p
                    games.append(
                        fitting.Game(f"{a}/{b}#{d}", seats, (1.0, -1.0) if won else (-1.0, 1.0))
                    )
    return games


def test_the_fit_recovers_known_strengths_and_their_order(fitting):
    truth = {"random": 0.0, "easy": 200.0, "medium": 400.0, "hard": 600.0}
    games = synthetic(fitting, truth, deals=150)
    ratings = fitting.fit(games, list(truth), "random")
    assert ratings["random"] == 0.0
    assert sorted(truth, key=ratings.__getitem__) == list(truth)
    for name, value in truth.items():
        assert abs(ratings[name] - value) < 60, (name, ratings)
    intervals = fitting.bootstrap(games, list(truth), "random", rounds=60)
    for name, value in truth.items():
        lo, hi = intervals[name]
        assert lo <= ratings[name] <= hi
        assert lo - 30 <= value <= hi + 30  # the truth is inside (a little slack for 60 rounds)
    assert intervals["random"] == (0.0, 0.0)


def test_a_level_that_always_wins_gets_a_finite_rating(fitting):
    games = [
        fitting.Game(f"d{d}", seats, (1.0, -1.0) if seats[0] == "hard" else (-1.0, 1.0))
        for d in range(10)
        for seats in (("hard", "random"), ("random", "hard"))
    ]
    ratings = fitting.fit(games, ["random", "hard"], "random")
    assert 300 < ratings["hard"] < 2000


def test_multi_player_games_count_as_pairs_of_seats(fitting):
    game = fitting.Game("d", ("a", "b", "c"), (1.0, -0.5, -0.5))
    assert sorted(fitting.pair_results([game])) == [
        ("a", "b", 1.0),
        ("a", "c", 1.0),
        ("b", "c", 0.5),
    ]


def test_deals_are_mirrored(ladder):
    jobs = ladder.schedule("autumn", ["random", "easy", "hard"], 2, deals=3, budget="time=0.1")
    by_deal: dict[tuple, set] = {}
    for job in jobs:
        by_deal.setdefault((tuple(sorted(job.seats)), job.seed), set()).add(job.seats)
    assert len(by_deal) == 3 * 3  # three pairs, three deals
    for (table, _seed), seatings in by_deal.items():
        a, b = table
        assert seatings == {(a, b), (b, a)}
    four = ladder.schedule("momiji", ["random", "easy", "medium", "hard"], 4, 1, "time=0.1")
    assert len(four) == 24 and len({j.seats for j in four}) == 24
    assert {j.seed for j in four} == {0}
    near = {frozenset(("random", "easy")), frozenset(("easy", "hard"))}
    some = ladder.schedule("autumn", ["random", "easy", "hard"], 2, 2, "time=0.1", pairs=near)
    assert {frozenset(j.seats) for j in some} == near and len(some) == 2 * 2 * 2


def test_a_mirrored_deal_is_the_same_deal_with_the_seats_exchanged(ladder):
    """Both games of a deal start from the same position; only who sits where differs."""
    from leafpile.engine.match import Match
    from leafpile.games import get_game

    game = get_game("momiji")
    first, second = ladder.schedule("momiji", ["random", "easy"], 2, 1, "time=0.1")
    assert first.seats == tuple(reversed(second.seats)) and first.seed == second.seed
    a = Match.start(game, 2, seed=first.seed).state.to_dict()
    b = Match.start(game, 2, seed=second.seed).state.to_dict()
    assert a == b


def test_only_whole_deals_are_fitted(ladder):
    rows = [
        {"seats": ["random", "easy"], "seed": 0, "returns": [-1.0, 1.0]},
        {"seats": ["easy", "random"], "seed": 0, "returns": [1.0, -1.0]},
        {"seats": ["random", "easy"], "seed": 1, "returns": [1.0, -1.0]},  # its mirror is missing
    ]
    games = ladder.complete_deals(rows)
    assert len(games) == 2 and {g.deal for g in games} == {"easy/random#0"}


def test_a_rerun_does_not_replay_finished_games(ladder, tmp_path):
    path = tmp_path / "results.jsonl"
    jobs = ladder.schedule("autumn", ["random", "easy"], 2, deals=3, budget="time=0.1")
    calls: list[str] = []

    def player(job):
        calls.append(job.key)
        return {"key": job.key, "seats": list(job.seats), "seed": job.seed, "returns": [0, 0]}

    assert ladder.run(jobs[:4], path, workers=1, player=player) == 4
    with path.open("a") as f:
        f.write('{"key": "torn')  # a run stopped while writing its last line
    assert ladder.run(jobs, path, workers=1, player=player) == 2
    assert calls == [j.key for j in jobs[:4]] + [j.key for j in jobs[4:]]
    assert ladder.run(jobs, path, workers=1, player=player) == 0
    keys = [json.loads(line)["key"] for line in path.read_text().splitlines() if "seed" in line]
    assert sorted(keys) == sorted(j.key for j in jobs)


def test_one_real_ladder_game(ladder):
    job = ladder.Job("autumn", ("random", "easy"), 3, "iterations=4")
    row = ladder.play(job)
    assert row["key"] == job.key and len(row["returns"]) == 2
    assert sum(row["returns"]) == pytest.approx(0.0)


def test_the_ladders_ratings_reach_the_levels_a_person_chooses_from(ladder, tmp_path, monkeypatch):
    from leafpile.bots import levels
    from leafpile.cli.play import level_line

    path = tmp_path / "ratings.json"
    monkeypatch.setattr(ladder, "RATINGS", path)
    monkeypatch.setattr(levels, "RATINGS_FILE", path)
    levels.ladder_ratings.cache_clear()
    try:
        assert levels.ladder_ratings() == {} and "Ladder rating" not in level_line("autumn", "hard")
        table = {"random": (0.0, 0.0, 0.0), "hard": (512.4, 400.0, 600.0), "cheat": (700, 1, 2)}
        ladder.write_ratings({"autumn": table}, "iterations=40")
        levels.ladder_ratings.cache_clear()
        assert levels.ladder_ratings() == {"autumn": {"random": 0, "hard": 512}}  # no cheat
        assert level_line("autumn", "hard").endswith("Ladder rating: 512.")
        assert "Ladder rating" not in level_line("momiji", "hard")
        assert level_line("autumn", "me") == ""
    finally:
        levels.ladder_ratings.cache_clear()
