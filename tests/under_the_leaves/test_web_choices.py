"""The page's choices (extras.choices, and extras.places before a tile is taken) name exactly
the legal actions with the parts the renderer draws them by, so the JavaScript never parses
Under the Leaves' notation."""

from __future__ import annotations

import random

from leafpile.games import get_game
from leafpile.games.under_the_leaves.actions import Choose, Place, Take

GAME = get_game("under-the-leaves")


def check_parts(notation: str, parts: dict[str, object], action: object) -> None:
    assert str(action) == notation
    if isinstance(action, Take):
        assert parts == {"kind": "take", "tile": str(action.tile)}
    elif isinstance(action, Place):
        assert parts == {"kind": "place", "x": action.x, "y": action.y, "o": action.o}
    else:
        assert isinstance(action, Choose)
        assert parts == {"kind": "choose", "x": action.x, "y": action.y}


def test_choices_are_the_legal_actions_with_their_parts():
    rng = random.Random(3)
    kinds = set()
    for seed in range(2):
        state = GAME.new_state(3, seed=seed, options={"mushroom": "collector", "burly": True})
        while not state.is_terminal():
            p = state.current_player
            for viewer in (None, p, (p + 1) % 3):
                choices = GAME.choices(GAME.player_view(state, viewer))
                assert sorted(choices) == sorted(str(a) for a in state.legal_actions())
                for notation, parts in choices.items():
                    check_parts(notation, parts, state.parse_action(notation))
                    kinds.add(parts["kind"])
            state.play(rng.choice(state.legal_actions()))
        assert GAME.choices(GAME.player_view(state, 0)) == {}
    assert kinds == {"take", "place", "choose"}


def test_places_are_each_market_tiles_legal_placements():
    """Before taking, `places` holds for each market tile the placements legal once it is
    taken, only for the player to move; once taken, the placements of the tile taken."""
    rng = random.Random(4)
    state = GAME.new_state(2, seed=1, options={})
    for _ in range(12):
        p = state.current_player
        out = GAME.extras(GAME.player_view(state, p))
        assert GAME.extras(GAME.player_view(state, 1 - p))["places"] is None
        if state.phase == "take":
            assert sorted(out["places"]) == sorted(str(a)[1:] for a in state.legal_actions())
            for take in state.legal_actions():
                taken = state.clone()
                taken.apply(take)
                listed = out["places"][str(take)[1:]]
                assert sorted(x["action"] for x in listed) == sorted(
                    str(a) for a in taken.legal_actions()
                )
                for x in listed:
                    check_parts(
                        x["action"],
                        {k: v for k, v in x.items() if k != "action"},
                        taken.parse_action(x["action"]),
                    )
        elif state.phase == "place":
            assert list(out["places"]) == [str(state.taken)]
        state.play(rng.choice(state.legal_actions()))
