"""What Under the Leaves' page is given before a placement (`extras.preview`) is what playing
it brings. No browser needed."""

from __future__ import annotations

import random

from leafpile.games import get_game

GAME = "under-the-leaves"


def test_the_previews_are_what_the_placements_bring():
    """What the page shows before a placement (extras.preview, computed on the player's view
    with the arrivals only) is what playing it gives: the same figures, in every family."""
    from leafpile.games.under_the_leaves.scoring import figures

    game = get_game(GAME)
    rng = random.Random(5)
    for seed in range(2):
        state = game.new_state(3, seed=seed, options={"mushroom": "collector", "burly": True})
        while not state.is_terminal():
            p = state.current_player
            view = game.player_view(state, p)
            before = game.extras(view)
            if state.phase == "take":
                take = rng.choice(state.legal_actions())
                state.play(take)
                after_take = game.extras(game.player_view(state, p))["preview"]
                tile = str(take)[1:]
                assert after_take[tile] == before["preview"][tile]  # the same before taking
                continue
            if state.phase != "place":
                state.play(rng.choice(state.legal_actions()))
                continue
            assert game.extras(game.player_view(state, (p + 1) % 3))["preview"] is None
            previews = before["preview"][str(state.taken)]
            assert sorted(previews) == sorted(str(a) for a in state.legal_actions())
            action = rng.choice(state.legal_actions())
            gain = previews[str(action)]
            score = figures(state, p)
            state.play(action)
            while state.phase == "choose":  # each pending pair brings its figure
                state.play(rng.choice(state.legal_actions()))
            assert figures(state, p) - score == gain["total"]
            assert (state.burly_holder == p) >= gain["burly"]
