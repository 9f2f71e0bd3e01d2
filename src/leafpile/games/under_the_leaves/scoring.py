"""Scoring (§8): figures in each garden, the majority bonuses, Burly, and the tie-breaks.

Scores are running figure counts during the game (BGA's visible score); the majority bonus
and Burly's points are only added once the game is over.
"""

from __future__ import annotations

from leafpile.games.under_the_leaves.components import BURLY_POINTS, MAJORITY_BONUS
from leafpile.games.under_the_leaves.state import OVER, UnderTheLeavesState


def hummingbirds(s: UnderTheLeavesState, p: int) -> int:
    return s.humm_base[p].bit_count() + s.humm_row[p].bit_count() + s.humm_col[p].bit_count()


def majority_bonus(s: UnderTheLeavesState) -> list[list[int]]:
    """bonus[p][family]: +2 for every tied leader of a family, nobody when the most is 0."""
    n = s.num_players
    out = [[0, 0, 0] for _ in range(n)]
    for f in range(3):
        best = max(s.dwellers[3 * p + f] for p in range(n))
        if best > 0:
            for p in range(n):
                if s.dwellers[3 * p + f] == best:
                    out[p][f] = MAJORITY_BONUS
    return out


def figures(s: UnderTheLeavesState, p: int) -> int:
    """Figures in p's garden now (no majority bonus)."""
    return s.bees[p] + hummingbirds(s, p) + sum(s.dwellers[3 * p : 3 * p + 3])


def scores(s: UnderTheLeavesState) -> list[float]:
    """Running figure counts; at the end with the majority bonus and Burly's 3 points."""
    n = s.num_players
    out = [float(figures(s, p)) for p in range(n)]
    if s.phase == OVER:
        for p, bonus in enumerate(majority_bonus(s)):
            out[p] += sum(bonus)
        if s.burly_holder >= 0:
            out[s.burly_holder] += BURLY_POINTS
    return out


def tie_break_key(s: UnderTheLeavesState, p: int, totals: list[float]) -> tuple[float, int, int]:
    """§8.3: total, then hummingbirds, then bees."""
    return totals[p], hummingbirds(s, p), s.bees[p]


def winners(s: UnderTheLeavesState) -> list[int]:
    if s.phase != OVER:
        return []
    totals = scores(s)
    keys = [tie_break_key(s, p, totals) for p in range(s.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]
