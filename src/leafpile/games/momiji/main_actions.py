"""The turn's main actions (§4: exactly one per turn): Collect (§4.1), Play with its acorn
harvest (§3, §4.2, §4.4), and activating an objective (§4.3).

A Collect after a paid refresh continues in the COLLECT phase (and with the L2 power in
COLLECT2); a Play continues card by card in the PLAY phase until `stop`.
"""

from __future__ import annotations

from leafpile.engine import Action, opt_str
from leafpile.games.momiji import memory
from leafpile.games.momiji.actions import (
    NEW_LEFT,
    NEW_RIGHT,
    ON_PILE,
    PLACES,
    STOP,
    TAKES,
    Activate,
    Place,
    Refresh,
    Stop,
    Take,
)
from leafpile.games.momiji.cards import display_types, refill, reveal, take_card
from leafpile.games.momiji.components import (
    CARD_KIND,
    CARD_LEFT,
    CARD_RIGHT,
    CARD_TYPE,
    CARD_VALUE,
    DISPLAY_SIZE,
    HARVEST_ACORNS,
    KIND_TYPE,
    KIND_VALUE,
    MAX_VALUE,
    NUM_TYPES,
    OBJECTIVE_COST,
    REFRESH_COST,
)
from leafpile.games.momiji.state import (
    COLLECT,
    COLLECT2,
    MAIN_COLLECT,
    MAIN_OBJECTIVE,
    MAIN_PLAY,
    MOD_CHEAP_OBJECTIVE,
    MOD_COLLECT_TWO,
    MOD_HARVEST_SAME,
    MOD_SKIP,
    MOD_START_ONE,
    MOD_THREE,
    PLAY,
    TURN,
    MomijiState,
)
from leafpile.games.momiji.turn import start_main

CHEAP_OBJECTIVE_COST = 1  # R1


# -- Collect (§4.1) -----------------------------------------------------------------------------
def refresh(s: MomijiState, action: Refresh) -> None:
    """Pay, reveal 4 cards; the Collect's `take` follows."""
    s.acorns[s.to_move] -= REFRESH_COST
    start_main(s, MAIN_COLLECT)
    reveal(s, DISPLAY_SIZE)
    s.phase = COLLECT


def collect_choices(s: MomijiState) -> list[Action]:
    """After a refresh: any type of the display."""
    return [TAKES[t] for t in display_types(s)]


def start_collect(s: MomijiState, action: Take) -> None:
    """A Collect as the turn's main action (no refresh before it)."""
    start_main(s, MAIN_COLLECT)
    collect(s, action)


def collect(s: MomijiState, action: Take) -> None:
    """Take every card of the type; with the L2 power a second type may follow."""
    _take_type(s, action.type)
    if s.mods & MOD_COLLECT_TWO:
        s.mods &= ~MOD_COLLECT_TWO
        s.played = [action.type]
        s.phase = COLLECT2
    else:
        s.played = []
        s.phase = TURN


def second_collect_choices(s: MomijiState) -> list[Action]:
    """L2: another type than the first (the display may have been refilled), or stop."""
    out: list[Action] = [TAKES[t] for t in display_types(s) if t != s.played[0]]
    out.append(STOP)
    return out


def second_collect(s: MomijiState, action: Take) -> None:
    """L2: take the second type; the Collect is over."""
    _take_type(s, action.type)
    s.played = []
    s.phase = TURN


def skip_second_collect(s: MomijiState, action: Stop) -> None:
    s.played = []
    s.phase = TURN


def _take_type(s: MomijiState, t: int) -> None:
    p = s.to_move
    hand = s.hands[p]
    keep = []
    taken = []
    for c in s.display:
        if CARD_TYPE[c] == t:
            taken.append(c)
        else:
            keep.append(c)
    hand.extend(taken)
    hand.sort()
    memory.took(s, p, taken)  # the display is face up: everyone saw them go
    s.display = keep
    refill(s)


# -- Play (§3, §4.2) ----------------------------------------------------------------------------
def placements(s: MomijiState, out: list[Action]) -> None:
    """Append every legal card placement of the current Play (§3, §4.2).

    A pile starts with a 0; each card equals the top or is one higher; a 3 closes the pile.
    Same-type mode: up to 2 cards of one type (3 with C2). Mixed mode: one card per type.
    """
    p = s.to_move
    row = s.rows[p]
    tops = [-1] * NUM_TYPES
    for pile in row:
        c = pile[-1]
        tops[CARD_TYPE[c]] = CARD_VALUE[c]
    played = s.played
    only_type = -1  # same-type mode continues with this type only
    excluded = 0  # mixed mode: types already played
    if played:
        first = played[0]
        if len(played) == 1:
            pass  # either mode is still open
        elif all(t == first for t in played):
            limit = 3 if s.mods & MOD_THREE else 2
            if len(played) >= limit:
                return
            only_type = first
        else:
            for t in played:
                excluded |= 1 << t
    skip = s.mods & MOD_SKIP
    start_one = s.mods & MOD_START_ONE
    seen = 0
    for c in s.hands[p]:
        k = CARD_KIND[c]
        if seen >> k & 1:
            continue
        seen |= 1 << k
        t = KIND_TYPE[k]
        if only_type >= 0 and t != only_type:
            continue
        if excluded >> t & 1:
            continue
        v = KIND_VALUE[k]
        top = tops[t]
        if top >= 0:
            if top < MAX_VALUE and (v == top or v == top + 1 or (skip and v == top + 2)):
                out.append(PLACES[k][ON_PILE])
        elif v == 0 or (start_one and v == 1):
            if row:
                place = PLACES[k]
                out.append(place[NEW_LEFT])
                out.append(place[NEW_RIGHT])
            else:
                out.append(PLACES[k][ON_PILE])


def play_choices(s: MomijiState) -> list[Action]:
    out: list[Action] = []
    placements(s, out)
    out.append(STOP)
    return out


def start_play(s: MomijiState, action: Place) -> None:
    """The first card of a Play (the turn's main action)."""
    start_main(s, MAIN_PLAY)
    s.phase = PLAY
    s.played = []
    place(s, action)


def place(s: MomijiState, action: Place) -> None:
    """Put the card on its type's pile, or start a pile at the chosen end of the row (§3); a
    card that needed the C1 or C3 effect uses it up."""
    p = s.to_move
    c = take_card(s.hands[p], action.kind)
    t = CARD_TYPE[c]
    v = CARD_VALUE[c]
    memory.played(s, p, c)
    row = s.rows[p]
    for pile in row:
        if CARD_TYPE[pile[-1]] == t:
            if v == CARD_VALUE[pile[-1]] + 2:
                s.mods &= ~MOD_SKIP  # C1 used up
            pile.append(c)
            break
    else:
        if v != 0:
            s.mods &= ~MOD_START_ONE  # C3 used up
        if action.side == NEW_LEFT:
            row.insert(0, [c])
        else:
            row.append([c])
    s.played.append(t)


def end_play(s: MomijiState, action: Stop) -> None:
    """`stop`: the Play is over; it harvests when mixed (or with the C4 power)."""
    played = s.played
    mixed = any(t != played[0] for t in played)
    if mixed:  # §4.4: a mixed-type Play harvests
        harvest(s, played)
    elif s.mods & MOD_HARVEST_SAME:  # C4
        s.mods &= ~MOD_HARVEST_SAME
        harvest(s, played)
    s.played = []
    s.phase = TURN


def harvest(s: MomijiState, played: list[int]) -> None:
    """§4.4: 2 acorns for each pair of adjacent open piles whose touching corners both show
    an acorn. Option 'harvest' (Q10): every pair, or only pairs with a pile played this turn."""
    p = s.to_move
    row = s.rows[p]
    only_new = opt_str(s.options, "harvest", "all-pairs") == "new-pairs"
    gained = 0
    for i in range(len(row) - 1):
        a = row[i][-1]
        b = row[i + 1][-1]
        if not (CARD_RIGHT[a] and CARD_LEFT[b]):
            continue
        if CARD_VALUE[a] == MAX_VALUE or CARD_VALUE[b] == MAX_VALUE:
            continue  # Q11: a torii hides a closed pile's top card
        if only_new and CARD_TYPE[a] not in played and CARD_TYPE[b] not in played:
            continue
        gained += HARVEST_ACORNS
    s.acorns[p] += gained


# -- activate an objective (§4.3) ---------------------------------------------------------------
def objective_cost(s: MomijiState) -> int:
    return CHEAP_OBJECTIVE_COST if s.mods & MOD_CHEAP_OBJECTIVE else OBJECTIVE_COST


def activate(s: MomijiState, action: Activate) -> None:
    p = s.to_move
    s.acorns[p] -= objective_cost(s)
    s.mods &= ~MOD_CHEAP_OBJECTIVE
    start_main(s, MAIN_OBJECTIVE)
    s.owners[s.objectives.index(action.objective)] = p
