"""The greedy bots' evaluation of an Under the Leaves position (issue 6).

Score difference (figures, majority bonuses as they stand, Burly) plus small rewards for
what is about to pay: same-colour pairs not yet pollinated (one more space makes a new sector,
which brings bees and often hummingbirds).
"""

from __future__ import annotations

from leafpile.engine.lead import leads
from leafpile.games.under_the_leaves.components import BURLY_POINTS, COLOURS, NMASKS, S
from leafpile.games.under_the_leaves.scoring import figures, majority_bonus, scores
from leafpile.games.under_the_leaves.state import OVER, UnderTheLeavesState

NEAR_POLLINATED = 0.3  # worth of one unpollinated same-colour pair
MAJORITY_WEIGHT = 0.5  # the majority bonus is only certain at the end


def near_pollinated(state: UnderTheLeavesState, p: int) -> int:
    """Unpollinated spaces that touch a same-colour space: a cheap count of growing groups."""
    count = 0
    base = NMASKS * p
    poll = state.pollinated[p]
    for colour in COLOURS:
        m = state.masks[base + colour] & ~poll
        count += (m & ((m << 1) | (m >> 1) | (m << S) | (m >> S))).bit_count()
    return count


def value(state: UnderTheLeavesState, p: int, bonus: list[list[int]]) -> float:
    v = float(figures(state, p))
    v += MAJORITY_WEIGHT * sum(bonus[p])
    if state.burly_holder == p:
        v += BURLY_POINTS
    if state.phase != OVER:
        v += NEAR_POLLINATED * near_pollinated(state, p)
    return v


def evaluate(state: UnderTheLeavesState, player: int) -> float:
    """Own value minus the best opponent's value; the exact score difference at the end."""
    return evaluate_all(state)[player]


def evaluate_all(state: UnderTheLeavesState) -> list[float]:
    """Every player's evaluation at once (`Game.evaluate_all`)."""
    if state.phase == OVER:
        return leads(scores(state))
    bonus = majority_bonus(state)
    return leads([value(state, p, bonus) for p in range(state.num_players)])
