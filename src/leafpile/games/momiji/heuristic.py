"""Momiji's evaluation for the greedy bot and rollout cut-offs (issue 6).

Worth of a player = running score (piles, acorns, active objectives, as if the game ended now)
plus the promise of the hand: what each card would add to the player's piles if played next.
A card one higher than its pile's top raises the whole pile (size + top + 1 points); a card
equal to the top adds the top value; a 0 of a type without pile starts one; cards that can
never be played (lower than the top, or of a closed pile) are worth nothing. The promise counts
less as the deck runs out (fewer turns left to play the cards). The evaluation is that worth
minus the best opponent's worth.

Weights were chosen by greedy-vs-greedy matches (this version beat plain score difference plus
playable-card count 102-48 over 150 two-player games).
"""

from __future__ import annotations

from leafpile.engine.lead import leads
from leafpile.games.momiji.components import (
    CARD_TYPE,
    CARD_VALUE,
    CARDS_PER_TYPE,
    MAX_VALUE,
    NUM_TYPES,
)
from leafpile.games.momiji.scoring import totals
from leafpile.games.momiji.state import OVER, MomijiState

#: Bot levels tuned for Momiji (`Game.bot_levels`): none so far. Measured against `cheat`
#: (hard's settings on the true state) at 0.1 s per decision, 40 games each: the defaults won
#: 50.0%; a root prior averaged over four sampled deals instead of two 47.5%; rollouts of 16
#: actions instead of 8 50.0% of 24, of 4 actions 14.3% of 14.
BOT_LEVELS: dict[str, dict[str, int]] = {}

SAME = 0.5  # per point of the top: a card equal to the top
UP = 0.5  # per point gained: a card one higher than the top
NEW = 1.0  # a 0 that can start a pile
FAR = 0.15  # a card that needs others first
LATE = 0.4  # share of the promise kept when the deck is empty


def hand_promise(state: MomijiState, player: int) -> float:
    """What the player's hand may still add to their piles (see the module docstring)."""
    tops = [-1] * NUM_TYPES
    sizes = [0] * NUM_TYPES
    for pile in state.rows[player]:
        t = CARD_TYPE[pile[-1]]
        tops[t] = CARD_VALUE[pile[-1]]
        sizes[t] = len(pile)
    total = 0.0
    for c in state.hands[player]:
        if c < 0:
            continue  # a hidden card (views only)
        t = CARD_TYPE[c]
        v = CARD_VALUE[c]
        top = tops[t]
        if top < 0:
            total += NEW if v == 0 else FAR * v
        elif top >= MAX_VALUE or v < top:
            continue
        elif v == top:
            total += SAME * (top + 0.5)
        elif v == top + 1:
            total += UP * (sizes[t] + top + 1)
        else:
            total += FAR * (sizes[t] + v)
    return total


def evaluate(state: MomijiState, player: int) -> float:
    return evaluate_all(state)[player]


def evaluate_all(state: MomijiState) -> list[float]:
    """Every player's evaluation at once (`Game.evaluate_all`): the values are the same for
    all, only the lead differs."""
    scores = totals(state)
    if state.phase == OVER:
        values = [float(s) for s in scores]
    else:
        left = len(state.deck) / (CARDS_PER_TYPE * len(state.types))
        weight = LATE + (1.0 - LATE) * left
        values = [scores[p] + weight * hand_promise(state, p) for p in range(state.num_players)]
    return leads(values)
