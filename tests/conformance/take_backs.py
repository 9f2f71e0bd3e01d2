"""Finding a decision of a given kind in seeded random games, for the per-game take-back tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from leafpile.engine import Action, State
from leafpile.games import GAMES


def find_decision(
    name: str, players: int, want: Callable[[State, Action], bool], seeds: range = range(20)
) -> tuple[State, Action, State]:
    """The first decision `action` (from `before` to `after`) of a random game for which
    `want(before, action)` holds."""
    game = GAMES[name]
    for seed in seeds:
        state = game.new_state(players, seed=seed)
        chooser = random.Random(seed)
        while not state.is_terminal():
            before = state.clone()
            action = chooser.choice(state.legal_actions())
            state.apply(action)
            if want(before, action):
                return before, action, state
    raise AssertionError(f"no such decision in {len(seeds)} random games of {name}")


def chain_of(name: str, before: State, actions: list[Action]) -> list[bool]:
    """Play `actions` from `before`; whether each may be taken back."""
    game = GAMES[name]
    state = before.clone()
    out = []
    for action in actions:
        was = state.clone()
        state.apply(action)
        out.append(game.may_take_back(was, action, state))
    return out
