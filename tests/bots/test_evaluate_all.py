"""One evaluation for every player, and `hard`'s decisions unchanged by the faster search.

`Game.evaluate_all` must give each player exactly what `Game.evaluate` gives them (the search
scores a rollout's end for every player with it). The decisions below were made by `hard` with
a budget of 150 iterations (no clock, so a seeded search is deterministic) on positions of a
seeded random game, by the code of commit 8cf993a, before the speed work of issue 34: the
random-action hook, the faster RNG, the caches and the one evaluation must not change them.
"""

from __future__ import annotations

from typing import Any

import pytest

from leafpile.bots import make_bot
from leafpile.engine import Rng, State
from leafpile.games import GAMES
from tests.benchmark_modules import load_benchmark

PINNED = {
    "autumn": ["1,0", "0,-1r", "1,2"],
    "momiji": ["take Y", "take B", "compost"],
    "under-the-leaves": ["t49", "t14", "t35"],
    "undergrove": ["seedling 1,1", "flip p", "skip"],
}


#: The benchmark's positions, so the decisions pinned here are the ones it measures.
positions = load_benchmark("bot_speed").positions


@pytest.mark.parametrize("name", sorted(PINNED))
def test_hard_decides_as_before(name: str) -> None:
    bot: Any = make_bot("hard:iterations=150", GAMES[name])
    views = positions(name, 7, 3, 4)
    decisions = [str(bot.act(view, Rng(7 * 1000 + i))) for i, view in enumerate(views)]
    assert decisions == PINNED[name]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_evaluate_all_is_every_players_evaluate(name: str) -> None:
    game = GAMES[name]
    for players in range(game.info.min_players, game.info.max_players + 1):
        state = game.new_state(players, seed=players)
        rng = Rng(players)
        while True:
            every = game.evaluate_all(state)
            assert every == [game.evaluate(state, p) for p in range(players)]
            if state.is_terminal():
                break
            state.apply(state.random_action(rng))


def test_a_heuristic_without_evaluate_all_is_asked_player_by_player() -> None:
    game = GAMES["autumn"]
    state = game.new_state(2, seed=1)

    class Plain:
        @staticmethod
        def evaluate(s: State, p: int) -> float:
            return 10.0 * p + len(s.legal_actions())

    class PlainGame(type(game)):  # type: ignore[misc]
        heuristic = Plain()

    n = len(state.legal_actions())
    assert PlainGame().evaluate_all(state) == [float(n), 10.0 + n]
