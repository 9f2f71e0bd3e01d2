"""Each game's end-of-game statistics (games/<g>/statistics.py) checked against the record they
come from: the chart starts at the set-up's scores and ends at the replayed final scores, each
table has a cell per player, and each game's numbers add up to what its own rules score (and
to what the record's states show), for games played to the end by random seats."""

from __future__ import annotations

import json
import random

import pytest

from leafpile.engine import GameRecord, State
from leafpile.engine.match import Match
from leafpile.engine.statistics import Statistics, as_json, statistics_of
from leafpile.games import GAMES, get_game

CASES = [("autumn", 1), ("autumn", 2), ("momiji", 2), ("momiji", 4)]
CASES += [("under-the-leaves", 2), ("under-the-leaves", 3), ("undergrove", 2), ("undergrove", 3)]


def _played(name: str, players: int, seed: int) -> GameRecord:
    game = get_game(name)
    match = Match.start(game, players, seed, {})
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return GameRecord.from_json(match.record.to_json())  # as stored: through its JSON


def _row(stats: Statistics, label: str) -> list[object]:
    (row,) = [r for t in stats.tables for r in t.rows if str(r.label) == label]
    return list(row.cells)


def _numbers(stats: Statistics, labels: list[str]) -> list[int]:
    """The sum of the rows named, per player."""
    rows = [_row(stats, label) for label in labels]
    return [sum(int(str(r[p])) for r in rows) for p in range(len(rows[0]))]


def test_every_game_has_statistics() -> None:
    assert {name for name, _ in CASES} == set(GAMES)


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("seed", [5, 2026])
def test_statistics_agree_with_the_record(name: str, players: int, seed: int) -> None:
    game = get_game(name)
    record = _played(name, players, seed)
    states: list[State] = record.states(game)
    end = states[-1]
    stats = statistics_of(game, record)
    final = list(end.scores())
    assert stats.curve[-1] == final
    assert len(stats.curve[0]) == players and 2 <= len(stats.curve) <= 300
    assert all(len(r.cells) == players for t in stats.tables for r in t.rows)
    for lang in ("en", "fr", "ru"):  # every word translates and the whole is JSON
        json.dumps(as_json(stats, lang))
    check = CHECKS[name]
    check(stats, states, final)


def _autumn(stats: Statistics, states: list[State], final: list[float]) -> None:
    end = states[-1]
    if end.num_players == 1:
        assert _row(stats, "Score") == [int(final[0])]
        assert _row(stats, "Areas") == [len(end.solo_areas)]  # type: ignore[attr-defined]
        return
    rounds = end.round_scores  # type: ignore[attr-defined]
    for n, scores in enumerate(rounds):
        cells = _row(stats, f"Round {n + 1}")
        assert [int(str(c).split()[0]) for c in cells] == scores
    assert _row(stats, "Total") == [int(v) for v in final]
    # the chart (one point per state here) stands at the rounds' totals as each round ends
    assert len(stats.curve) == len(states)
    for i in range(1, len(states)):
        done = states[i].round_scores  # type: ignore[attr-defined]
        if len(done) > len(states[i - 1].round_scores):  # type: ignore[attr-defined]
            assert stats.curve[i] == [float(sum(r[p] for r in done)) for p in range(2)]


def _momiji(stats: Statistics, states: list[State], final: list[float]) -> None:
    start, end = states[0], states[-1]
    gained, spent = _row(stats, "Gained"), _row(stats, "Spent")
    for p in range(end.num_players):
        change = end.acorns[p] - start.acorns[p]  # type: ignore[attr-defined]
        assert int(str(gained[p])) - int(str(spent[p])) == change
    parts = ["Points from piles", "At the end (points)", "Points from objectives"]
    assert _numbers(stats, parts) == [int(v) for v in final] == _row(stats, "Total")
    assert _row(stats, "Objectives owned") == [
        end.owners.count(p)  # type: ignore[attr-defined]
        for p in range(end.num_players)
    ]


def _under_the_leaves(stats: Statistics, states: list[State], final: list[float]) -> None:
    kinds = ["Bees", "Hummingbirds", "Leaf dwellers", "Mushroom dwellers", "Puddle dwellers"]
    parts = [*kinds, "Majority bonuses", "Burly"]
    assert _numbers(stats, parts) == [int(v) for v in final] == _row(stats, "Total")
    # the figures at the end of "over the game" are the figures by kind at the end
    (over,) = [t for t in stats.tables if str(t.title).startswith("Figures over")]
    last = over.rows[-1].cells
    assert [int(str(c).split(":")[0]) for c in last] == _numbers(stats, kinds)


def _undergrove(stats: Statistics, states: list[State], final: list[float]) -> None:
    end = states[-1]
    (goals,) = [t for t in stats.tables if str(t.title) == "Goals and scoring"]
    per_player = [sum(int(str(r.cells[p])) for r in goals.rows[:-1]) for p in range(len(final))]
    assert per_player == [int(v) for v in final] == _row(stats, "Total")
    assert _row(stats, "Trees") == list(end.trees)  # type: ignore[attr-defined]
    gained, left = _row(stats, "Carbon gained"), _row(stats, "Carbon left over")
    for p in range(len(final)):
        start = states[0].res[p][0]  # type: ignore[attr-defined]
        assert left[p] == end.res[p][0]  # type: ignore[attr-defined]
        assert int(str(gained[p])) >= int(str(left[p])) - start  # what is left was gained


CHECKS = {
    "autumn": _autumn,
    "momiji": _momiji,
    "under-the-leaves": _under_the_leaves,
    "undergrove": _undergrove,
}
