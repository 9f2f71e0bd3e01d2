"""Scoring (§6): piles, acorns and active objectives; the winners with the tie-break; and the
true upper bounds of a game's length and of a score (GameInfo)."""

from __future__ import annotations

from leafpile.games.momiji.components import (
    CARD_TYPE,
    CARD_VALUE,
    CARDS,
    HARVEST_ACORNS,
    MAX_VALUE,
    NUM_TYPES,
    OBJECTIVES,
    setup_row,
)
from leafpile.games.momiji.landscapes import GAIN_POWER_ACORNS, SELL_CARDS
from leafpile.games.momiji.state import OVER, MomijiState

OWNER_POINTS = 10
OTHER_POINTS = 3


def pile_points(row: list[list[int]]) -> int:
    """Top value x number of cards, for each pile."""
    points = 0
    for pile in row:  # a loop, not a generator: every rollout's evaluation counts it
        points += CARD_VALUE[pile[-1]] * len(pile)
    return points


def metric(s: MomijiState, player: int, index: int) -> int:
    """How well `player` meets objective `index` (cards in piles only, §6 [D])."""
    o = OBJECTIVES[index]
    row = s.rows[player]
    m = o.metric
    # Loops rather than generators: every rollout's evaluation counts the active objectives.
    count = 0
    if m == "value_count":
        for pile in row:
            for c in pile:
                if c >= 0 and CARD_VALUE[c] == o.param:
                    count += 1
        return count
    if m == "type_count":
        for pile in row:
            if CARD_TYPE[pile[-1]] == o.param:
                count += len(pile)
        return count
    if m == "visible_sum":
        for pile in row:
            count += CARD_VALUE[pile[-1]]
        return count
    if m == "closed_piles":
        for pile in row:
            if CARD_VALUE[pile[-1]] == MAX_VALUE:
                count += 1
        return count
    if m == "pile_count":
        return len(row)
    if m == "biggest_pile":
        return max((len(pile) for pile in row), default=0)
    if m == "acorns":
        return s.acorns[player]
    raise ValueError(f"unknown objective metric {m!r}")  # pragma: no cover


def objective_points(s: MomijiState) -> list[int]:
    """§6.3: for each active objective, every best player scores: its owner 10, anyone else 3
    (others score 3 even when the owner is not among the best); ties all score; a best value
    of 0 scores nothing (Q14)."""
    n = s.num_players
    points = [0] * n
    for index, owner in zip(s.objectives, s.owners, strict=True):
        if owner < 0:
            continue
        values = [metric(s, p, index) for p in range(n)]
        best = max(values)
        if best <= 0:
            continue
        for p in range(n):
            if values[p] == best:
                points[p] += OWNER_POINTS if p == owner else OTHER_POINTS
    return points


def totals(s: MomijiState) -> list[int]:
    """Piles + acorns + active objectives (running score before the end; in a view, piles
    count only their visible cards)."""
    objective = objective_points(s)
    return [pile_points(s.rows[p]) + s.acorns[p] + objective[p] for p in range(s.num_players)]


def scores(s: MomijiState) -> list[float]:
    return [float(v) for v in totals(s)]


def tie_break_key(s: MomijiState, player: int, score: int) -> tuple[int, int, int]:
    """§6 [D] Q15: score, then closed piles, then acorns; still tied: shared victory."""
    closed = sum(1 for pile in s.rows[player] if CARD_VALUE[pile[-1]] == MAX_VALUE)
    return score, closed, s.acorns[player]


def winners(s: MomijiState) -> list[int]:
    if s.phase != OVER:
        return []
    points = totals(s)
    keys = [tie_break_key(s, p, points[p]) for p in range(s.num_players)]
    best = max(keys)
    return [p for p in range(s.num_players) if keys[p] == best]


def max_length(players: int) -> int:
    """A true upper bound on the number of actions of a game.

    With C cards in play and n players: each card enters the display at most once and reaches
    a hand at most once from the deck or display (+2 per player from the discard, R2), and
    never goes back. So: takes <= C; refreshes <= C (each is followed by a take); placements +
    discards <= C + 2n (each takes a card out of a hand); Play `stop`s <= placements; composts
    <= (C + 2n) / 2 (each is followed by 2 discards); objectives <= n + 2; turns, hence `end`s,
    <= 2C + 4n + 3 (each turn has a main action, or is a pass, which is possible only from the
    end trigger on: <= n + 1 passes); landscapes <= 3n with <= 4n follow-up `stop`/`pick`/`swap`
    decisions; the draft 3n.
    """
    c = setup_row(players)[0] * len(CARDS) // NUM_TYPES
    n = players
    moves = c + 2 * n
    turns = 2 * c + 4 * n + 3
    return 3 * n + turns + c + c + 2 * moves + moves // 2 + (n + 2) + 3 * n + 4 * n


def max_score(players: int) -> int:
    """A true upper bound of one player's score: piles <= 3 per card; acorns from the start
    (<= 10 by option), harvests (<= 2 x 5 pairs per Play), composts and powers; objectives."""
    c = setup_row(players)[0] * len(CARDS) // NUM_TYPES
    n = players
    plays = c + 2 * n
    harvests = (plays // 2 + 1) * HARVEST_ACORNS * (NUM_TYPES - 1)
    powers = GAIN_POWER_ACORNS + SELL_CARDS
    return 3 * c + 10 + harvests + plays // 2 + powers + OWNER_POINTS * setup_row(players)[1]
