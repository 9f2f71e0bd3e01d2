"""Momiji's evaluation for the greedy bot and rollout cut-offs (issue 6).

Worth of a player = running score (piles, acorns, active objectives) plus the promise of the
hand: cards that fit one of the player's open piles now (they will add value soon), and a small
credit for open piles with a high top (a 2 is one card from closing for 3 x size).
The evaluation is that worth minus the best opponent's.
"""

from __future__ import annotations

from leafpile.games.momiji import rules
from leafpile.games.momiji.components import CARD_TYPE, CARD_VALUE, MAX_VALUE, NUM_TYPES
from leafpile.games.momiji.state import MomijiState

PLAYABLE_CARD = 0.6
OPEN_TOP = 0.3  # per point of top value of an open pile


def playable_cards(state: MomijiState, player: int) -> int:
    """Hand cards that could go on the player's piles as they stand (new piles need a 0)."""
    tops = [-1] * NUM_TYPES
    for pile in state.rows[player]:
        tops[CARD_TYPE[pile[-1]]] = CARD_VALUE[pile[-1]]
    count = 0
    for c in state.hands[player]:
        if c < 0:
            continue
        top = tops[CARD_TYPE[c]]
        v = CARD_VALUE[c]
        if (top < 0 and v == 0) or (0 <= top < MAX_VALUE and top <= v <= top + 1):
            count += 1
    return count


def worth(state: MomijiState, player: int, score: float) -> float:
    open_tops = sum(CARD_VALUE[p[-1]] for p in state.rows[player] if CARD_VALUE[p[-1]] < MAX_VALUE)
    return score + PLAYABLE_CARD * playable_cards(state, player) + OPEN_TOP * open_tops


def evaluate(state: MomijiState, player: int) -> float:
    scores = rules.scores(state)
    if state.phase == "over":
        values = [float(s) for s in scores]
    else:
        values = [worth(state, p, scores[p]) for p in range(state.num_players)]
    if len(values) == 1:
        return values[0]
    return values[player] - max(v for p, v in enumerate(values) if p != player)
