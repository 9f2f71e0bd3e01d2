"""Every game's observation tensor (`observation.py`, `Game.observation_tensor`): a fixed
shape, values a Box of [0, inf) accepts, the same tensor for states the seat cannot tell
apart (hidden parts redetermined), and a different one when what the seat sees changes."""

from __future__ import annotations

import random

import pytest

from leafpile.engine import Rng
from leafpile.games import GAMES

CASES = [
    (name, players)
    for name, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
]
IDS = [f"{n}-{p}p" for n, p in CASES]


def seen(game, state, player) -> dict:
    """What `player` sees, as data (the view's saved form, without who is looking)."""
    data = game.player_view(state, player).to_dict()
    data.pop("viewer", None)
    return data


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_tensor_is_what_the_seat_sees(name, players):
    game = GAMES[name]
    size = game.observation_layout(players).size
    rng = random.Random(players)
    compared = changed = 0
    for seed in range(2):
        state = game.new_state(players, seed=seed)
        before: dict[int, tuple[dict, list[float]]] = {}
        while not state.is_terminal():
            for player in range(players):
                tensor = game.observation_tensor(state, player)
                assert len(tensor) == size
                assert min(tensor) >= 0.0
                view = game.player_view(state, player)
                twin = game.determinize(view, player, Rng(rng.getrandbits(62)))
                assert game.observation_tensor(twin, player) == tensor, "hidden parts leak"
                now = seen(game, state, player)
                if player in before and before[player][0] != now:
                    changed += 1
                    assert before[player][1] != tensor, "the seat saw a change the tensor lost"
                before[player] = (now, tensor)
                compared += 1
            state.apply(rng.choice(state.legal_actions()))
    assert changed > 10 and compared > changed


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_layout_is_documented_field_by_field(name):
    """Every field of the layout is named in the module's docstring (its documented layout)."""
    game = GAMES[name]
    layout = game.observation_layout(game.info.max_players)
    doc = game.observation.__doc__ or ""
    missing = [field for field, _ in layout.fields if f"`{field}`" not in doc]
    assert not missing, f"{name}'s observation.py does not document {missing}"
    positions = [first for _, first, _ in layout.describe()]
    assert positions == sorted(positions) and positions[0] == 0
