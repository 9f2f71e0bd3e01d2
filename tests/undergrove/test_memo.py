"""The forest memo (memo.py) never serves a stale answer.

At every step of seeded random games (both carbon-movement readings), the legal actions, the
scores and the heuristic of the state are compared with those of a copy whose memo and paths
start empty, so that a change of the forest that forgot to renew the memo would show here.
"""

from __future__ import annotations

import pytest

from leafpile.engine import Rng
from leafpile.games.undergrove import GAME, UndergroveState
from leafpile.games.undergrove.memo import ForestMemo


def fresh_copy(s: UndergroveState) -> UndergroveState:
    new = s.clone()
    new.memo = ForestMemo()
    new.paths = {}
    return new


@pytest.mark.parametrize("moves", ["rules", "bga"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_memo_agrees_with_a_fresh_one(players: int, moves: str) -> None:
    for seed in range(6):
        s = GAME.new_state(players, seed=seed, options={"carbon_moves": moves})
        assert isinstance(s, UndergroveState)
        rng = Rng(seed)
        while not s.is_terminal():
            actions = s.legal_actions()
            check = fresh_copy(s)
            assert actions == check.legal_actions()
            assert s.scores() == check.scores()
            for p in range(players):
                assert GAME.evaluate(s, p) == GAME.evaluate(check, p)
            s.apply(actions[rng.randrange(len(actions))])


def test_clones_do_not_share_a_memo_after_either_changes() -> None:
    s = GAME.new_state(2, seed=5)
    rng = Rng(1)
    for _ in range(40):
        s.apply(s.random_action(rng))
    other = s.clone()
    assert other.memo is s.memo
    while other.memo is s.memo and not other.is_terminal():
        other.apply(other.random_action(rng))
    assert fresh_copy(s).legal_actions() == s.legal_actions()
