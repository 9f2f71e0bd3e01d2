"""Undergrove's evaluation for greedy bots and rollout cut-offs (issue 6).

The running score (§9) already counts roots, goals and leftover resources; on top of it we
value what turns into points later: carbon on seedlings (each carbon unlocks a root's pine
cones), progress on the carbon track (rewards and the end trigger), roots still to place, and
ready activation tokens (actions available next turn).
"""

from __future__ import annotations

from leafpile.games.undergrove import rules
from leafpile.games.undergrove.components import SUPPLY
from leafpile.games.undergrove.state import UndergroveState

W_SEEDLING_CARBON = 1.0
W_TRACK = 1.5
W_ROOTS_PLACED = 0.5
W_READY_TOKEN = 0.25


def features(state: UndergroveState, p: int) -> float:
    score = float(rules.scores(state)[p])
    seedling_carbon = sum(state.pcarbon[c] for c, code in state.piece.items() if code == p)
    roots_placed = SUPPLY["roots"] - state.roots_left[p]
    ready = rules.token_count(state.ready[p])
    return (
        score
        + W_SEEDLING_CARBON * seedling_carbon
        + W_TRACK * state.track[p]
        + W_ROOTS_PLACED * roots_placed
        + W_READY_TOKEN * ready
    )


def evaluate(state: UndergroveState, player: int) -> float:
    """Own features minus the best opponent's (higher is better for `player`)."""
    if state.over:
        scores = rules.scores(state)
        return float(scores[player] - max(v for q, v in enumerate(scores) if q != player))
    values = [features(state, q) for q in range(state.num_players)]
    return values[player] - max(v for q, v in enumerate(values) if q != player)
