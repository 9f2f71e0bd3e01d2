"""`Game.determinizer`: a view's determinization prepared once, for a search that samples the
same view at every iteration. Each call must make the draws of `Game.determinize` and give its
state, and a bot must not keep one view's determinizer for another view."""

from __future__ import annotations

from typing import Any

import pytest

from leafpile.bots import make_bot
from leafpile.engine import Rng
from leafpile.games import GAMES


def views(name: str, players: int, seed: int) -> list[Any]:
    """Every 5th decision's view of a seeded random game, for its mover and for a spectator."""
    game = GAMES[name]
    state = game.new_state(players, seed=seed)
    rng = Rng(seed)
    out = []
    step = 0
    while not state.is_terminal():
        if step % 5 == 0:
            out.append((game.player_view(state, state.current_player), state.current_player))
            out.append((game.player_view(state, None), None))
        state.apply(state.random_action(rng))
        step += 1
    return out


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_determinizer_draws_as_determinize(name: str, players: int) -> None:
    game = GAMES[name]
    players = min(players, game.info.max_players)
    for seed in range(3):
        for view, who in views(name, players, seed):
            draw = game.determinizer(view, who)
            for k in range(2):
                one, two = Rng(seed * 10 + k), Rng(seed * 10 + k)
                expected = game.determinize(view, who, one)
                assert draw(two).to_dict() == expected.to_dict()
                assert one.state == two.state  # the same draws


def test_a_bot_does_not_reuse_another_views_determinizer() -> None:
    """The same view object, changed between two searches, is sampled as it is now."""
    game = GAMES["momiji"]
    state = game.new_state(2, seed=3)
    rng = Rng(3)
    while "compost" not in [str(a) for a in state.legal_actions()]:
        state.apply(state.random_action(rng))
    view = game.player_view(state, state.current_player)
    reused: Any = make_bot("hard:iterations=60", game)
    reused.act(view, Rng(1))  # the bot saw this view object last
    view.play("compost")  # the same object, now choosing the compost's first card
    assert len(view.legal_actions()) > 1
    fresh: Any = make_bot("hard:iterations=60", game)
    assert str(reused.act(view, Rng(2))) == str(fresh.act(view, Rng(2)))
