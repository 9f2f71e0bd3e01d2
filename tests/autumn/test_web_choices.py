"""The page's choices (extras.choices) name exactly the legal actions of every view, with the
parts the renderer draws them by, so the JavaScript never parses Autumn's notation."""

from __future__ import annotations

import random

import pytest

from leafpile.games import get_game
from leafpile.games.autumn.actions import ChooseColour, Place

GAME = get_game("autumn")


@pytest.mark.parametrize(("players", "options"), [(2, {"rounds": 1}), (1, {})])
def test_choices_are_the_legal_actions_with_their_parts(players, options):
    rng = random.Random(players)
    seen_kinds = set()
    for seed in range(3):
        state = GAME.new_state(players, seed=seed, options=options)
        while True:
            for viewer in (None, *range(players)):
                view = GAME.player_view(state, viewer)
                choices = GAME.choices(view)
                if state.is_terminal():
                    assert choices == {}
                    continue
                legal = [str(a) for a in state.legal_actions()]
                assert sorted(choices) == sorted(legal)
                for notation, parts in choices.items():
                    action = state.parse_action(notation)
                    seen_kinds.add(parts["kind"])
                    if parts["kind"] == "place":
                        assert isinstance(action, Place)
                        assert (parts["x"], parts["y"], parts["rot"]) == (
                            action.x,
                            action.y,
                            action.rot,
                        )
                    else:
                        assert isinstance(action, ChooseColour)
                        assert parts == {"kind": "colour", "colour": notation}
            if state.is_terminal():
                break
            state.play(rng.choice(state.legal_actions()))
    assert seen_kinds == ({"place", "colour"} if players == 2 else {"place"})
