"""A turn's frame (§4): how it starts, how main actions are counted, the compost free action
(§4.5), how it ends (hand limit §4.6, §4.7) and when the game ends (§5)."""

from __future__ import annotations

from leafpile.engine import Action, opt_str
from leafpile.games.momiji import memory
from leafpile.games.momiji.actions import DISCARDS, Compost, Discard, End
from leafpile.games.momiji.cards import take_card
from leafpile.games.momiji.components import (
    BY_PLAYERS,
    CARD_KIND,
    CARD_VALUE,
    COMPOST_CARDS,
    HAND_LIMIT,
    MAX_VALUE,
)
from leafpile.games.momiji.state import COMPOST, DISCARD, MOD_NO_LIMIT, OVER, TURN, MomijiState


def start_turn(s: MomijiState, player: int) -> None:
    """§4: a new turn allows one main action and each free action once."""
    s.to_move = player
    s.phase = TURN
    s.turn += 1
    s.mains_left = 1
    s.main_used = 0
    s.composted = False
    s.land_used = False
    s.mods = 0
    s.played = []
    s.step_cards = 0


def start_main(s: MomijiState, main: int) -> None:
    """Count a main action of kind `main` (a MAIN_* bit) as begun."""
    s.main_used |= main
    s.mains_left -= 1


# -- compost (§4.5): 2 cards of any kinds, chosen one at a time, for 1 acorn --------------------
def start_compost(s: MomijiState, action: Compost) -> None:
    s.composted = True
    s.step_cards = 0
    s.phase = COMPOST


def compost_choices(s: MomijiState) -> list[Action]:
    """One card of each kind of the hand (`kinds`, written out: asked at every compost)."""
    return [DISCARDS[k] for k in sorted({CARD_KIND[c] for c in s.hands[s.to_move]})]


def compost(s: MomijiState, action: Discard) -> None:
    p = s.to_move
    hand = s.hands[p]
    c = take_card(hand, action.kind)
    s.discard.append(c)
    memory.discarded_face_down(s, p, c, len(hand) + 1)
    s.step_cards += 1
    if s.step_cards == COMPOST_CARDS:
        s.acorns[p] += 1
        s.phase = TURN


# -- end of turn (§4.6, §4.7) -------------------------------------------------------------------
def end(s: MomijiState, action: End) -> None:
    """The `end` action: over the hand limit, the player first chooses the discards, one card
    at a time (§4.6; not with the R4 power)."""
    if len(s.hands[s.to_move]) > HAND_LIMIT and not s.mods & MOD_NO_LIMIT:
        s.phase = DISCARD
        return
    end_turn(s)


def discard_choices(s: MomijiState) -> list[Action]:
    return [DISCARDS[k] for k in sorted({CARD_KIND[c] for c in s.hands[s.to_move]})]


def discard(s: MomijiState, action: Discard) -> None:
    """§4.6: one discard towards the hand limit; the turn ends when it is reached."""
    p = s.to_move
    hand = s.hands[p]
    c = take_card(hand, action.kind)
    s.discard.append(c)
    memory.discarded_face_down(s, p, c, len(hand) + 1)
    if len(hand) <= HAND_LIMIT:
        end_turn(s)


def closed_piles(s: MomijiState) -> int:
    closed = 0
    for row in s.rows:
        for pile in row:
            if CARD_VALUE[pile[-1]] == MAX_VALUE:
                closed += 1
    return closed


def end_turn(s: MomijiState) -> None:
    """§5: after the trigger (deck empty, or players + 2 piles closed), finish the round
    (option 'final_round' = 'finish') or play one more full round ('extra')."""
    n = s.num_players
    if s.turns_left < 0:
        if not s.deck or closed_piles(s) >= BY_PLAYERS[n][2]:  # setup_row(n)
            if opt_str(s.options, "final_round", "finish") == "finish":
                s.turns_left = (s.first - s.to_move - 1) % n
            else:
                s.turns_left = n
    else:
        s.turns_left -= 1
    if s.turns_left == 0:
        s.phase = OVER
        s.played = []
        return
    start_turn(s, (s.to_move + 1) % n)
