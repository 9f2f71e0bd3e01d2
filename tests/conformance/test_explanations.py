"""Every game's log reasons (`Game.explain`) through whole random games: asked on every
audience's view before each action, as the server asks, each is None or a `Msg` that reads in
every language (its arguments fill every catalog's sentence)."""

from __future__ import annotations

import random

import pytest

from leafpile.games import GAMES
from leafpile.i18n import LANGUAGES, Msg


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_reason_of_a_random_game_reads_in_every_language(name):
    game = GAMES[name]
    rng = random.Random(7)
    state = game.new_state(2, seed=7)
    given = 0
    for _ in range(4000):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        for audience in (None, 0, 1):
            why = game.explain(game.player_view(state, audience), action)
            if why is None:
                continue
            assert isinstance(why, Msg)
            for lang in LANGUAGES:
                text = why.localize(lang)
                assert text and "{" not in text, (lang, text)
            given += 1
        state.apply(action)
    assert given > 0, f"{name}: a whole game without one reason"
