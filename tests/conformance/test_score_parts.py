"""Every game's score by category (`Game.score_parts`, in games/<g>/statistics.py), which the
balance report breaks scores down with: at the end of games played by random seats the parts
add up to `scores()` for every seat, one number per seat, the categories the same from game to
game at one player count and options, and every name a translated `Msg`."""

from __future__ import annotations

import random

import pytest

from leafpile.engine import State
from leafpile.games import GAMES, get_game
from leafpile.i18n import Msg

CASES = [("autumn", 1, {}), ("autumn", 2, {}), ("autumn", 2, {"rounds": 1})]
CASES += [("momiji", 2, {}), ("momiji", 4, {}), ("under-the-leaves", 2, {})]
CASES += [("under-the-leaves", 4, {}), ("undergrove", 2, {}), ("undergrove", 3, {})]


def _end(name: str, players: int, options: dict[str, object], seed: int) -> State:
    game = get_game(name)
    state = game.new_state(players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_every_game_is_checked() -> None:
    assert {name for name, _, _ in CASES} == set(GAMES)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_parts_add_up_to_the_scores(name: str, players: int, options: dict[str, object]) -> None:
    game = get_game(name)
    seen = []
    for seed in (3, 17, 2026):
        end = _end(name, players, options, seed)
        parts = game.score_parts(end)
        assert parts, "a game with no scoring category"
        assert all(len(part.points) == players for part in parts)
        totals = [sum(part.points[p] for part in parts) for p in range(players)]
        assert totals == list(end.scores())
        seen.append([str(part.label) for part in parts])
        for part in parts:
            assert isinstance(part.label, Msg)
            # a name the catalogs have (French may spell it the same: "Piles", "Score")
            assert part.label.localize("ru") != str(part.label), part.label
    assert seen[0] == seen[1] == seen[2]


def test_autumn_parts_are_its_rounds() -> None:
    end = _end("autumn", 2, {}, 5)
    parts = get_game("autumn").score_parts(end)
    assert [str(p.label) for p in parts] == ["Round 1", "Round 2", "Round 3"]
    assert [list(p.points) for p in parts] == [[float(v) for v in r] for r in end.round_scores]
