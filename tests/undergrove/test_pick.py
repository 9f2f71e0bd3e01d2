"""Every decision's `pick` lands where a draw from its `options` would, for every draw.

The conformance suite follows one draw per step; here each step of seeded random games (both
carbon-movement readings, 2-4 players) is asked with several RNG states, so that every index
of a decision's answers is reached, and the RNG must end in the same state either way.
"""

from __future__ import annotations

import pytest

from leafpile.engine import Rng
from leafpile.games.undergrove import GAME, UndergroveState

#: RNG seeds tried at each step: enough to reach every answer of the small decisions.
DRAWS = 12


@pytest.mark.parametrize("moves", ["rules", "bga"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_pick_is_the_listed_choice(players: int, moves: str) -> None:
    kinds = set()
    for seed in range(4):
        s = GAME.new_state(players, seed=seed, options={"carbon_moves": moves})
        assert isinstance(s, UndergroveState)
        rng = Rng(seed)
        while not s.is_terminal():
            top, p = s.pending[-1], s.to_move
            options = top.options(s, p)
            kinds.add(type(top).__name__)
            for k in range(DRAWS):
                listed, picked = Rng(1000 * k + 7), Rng(1000 * k + 7)
                want = options[listed.randrange(len(options))]
                assert top.pick(s, p, picked) == want, f"{type(top).__name__}, draw {k}"
                assert picked.state == listed.state
            s.apply(s.random_action(rng))
    assert {"ChooseAction", "PlaceMushroom", "PlaceRoot", "SwapNutrients", "PaySteps"} <= kinds
