"""`Game.random_action` draws as a choice from `legal_actions()` does, in every game.

A game may pick its random action without building the list of legal actions (its rules'
`random_action`); it must still make the same draws from the RNG and land on the same action,
so that a seed gives the same random game, the same bot decisions and the same records either
way. Each case plays seeded random games both ways side by side, on the true state and on the
mover's view, and requires identical actions and identical RNG states at every step.
"""

from __future__ import annotations

import pytest

from leafpile.engine import Rng, State
from leafpile.games import GAMES

CASES = [
    (name, players)
    for name, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
]
IDS = [f"{n}-{p}p" for n, p in CASES]
#: Seeds per game and player count; a view is checked every VIEW_EVERY-th step.
GAMES_PER_CASE = 40
VIEW_EVERY = 7


def listed_choice(state: State, rng: Rng) -> object:
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_random_action_plays_the_listed_choice(name: str, players: int) -> None:
    game = GAMES[name]
    for seed in range(GAMES_PER_CASE):
        listed = game.new_state(players, seed=seed)
        hooked = game.new_state(players, seed=seed)
        rng_listed, rng_hooked = Rng(seed * 7919 + 1), Rng(seed * 7919 + 1)
        step = 0
        while not listed.is_terminal():
            assert not hooked.is_terminal()
            want = listed_choice(listed, rng_listed)
            got = game.random_action(hooked, rng_hooked)
            assert got == want, f"seed {seed}, step {step}: {got} instead of {want}"
            assert rng_hooked.state == rng_listed.state, f"seed {seed}, step {step}: RNG drifted"
            if step % VIEW_EVERY == 0:
                mover = listed.current_player
                view = game.player_view(listed, mover)
                if view.legal_actions():
                    a, b = Rng(step), Rng(step)
                    assert game.random_action(view, a) == listed_choice(view, b)
                    assert a.state == b.state
            listed.apply(want)
            hooked.apply(got)
            step += 1
        assert hooked.is_terminal()
        assert listed.to_dict() == hooked.to_dict()


def test_the_default_is_a_choice_from_the_legal_actions() -> None:
    """A game without a hook of its own (the base `State.random_action`) makes one draw."""
    game = GAMES["autumn"]
    state = game.new_state(2, seed=3)
    a, b = Rng(11), Rng(11)
    got = State.random_action(state, a)
    assert got == listed_choice(state, b) and a.state == b.state
    assert type(state).random_action is not State.random_action  # Autumn has its own
