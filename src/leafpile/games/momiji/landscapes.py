"""Landscape powers (§1.4 placeholder catalogue, used as a free action §4.5): pay 1 acorn and
flip the tile; at most one landscape per turn, each once per game.

A power is a key in data/landscapes.json. Most act at once or set a MOD_* effect for the rest
of the turn; three ask for a choice in their own phase (PICK, SWAP, SELL).
"""

from __future__ import annotations

from leafpile.engine import Action
from leafpile.games.momiji import memory
from leafpile.games.momiji.actions import (
    DISCARDS,
    PICKS,
    STOP,
    SWAPS,
    Discard,
    Pick,
    Stop,
    Swap,
    UseLandscape,
)
from leafpile.games.momiji.cards import kinds, move_kind, refill, reveal, take_card
from leafpile.games.momiji.components import (
    CARD_VALUE,
    LANDSCAPE_COST,
    LANDSCAPE_POWER,
    MAX_VALUE,
)
from leafpile.games.momiji.state import (
    ALL_MODS,
    MAIN_COLLECT,
    MAIN_OBJECTIVE,
    MAIN_PLAY,
    MOD_CHEAP_OBJECTIVE,
    MOD_COLLECT_TWO,
    MOD_HARVEST_SAME,
    MOD_NO_LIMIT,
    MOD_SKIP,
    MOD_START_ONE,
    MOD_THREE,
    PICK,
    SELL,
    SWAP,
    TURN,
    MomijiState,
)

#: Powers that set an effect for the rest of the turn.
MOD_OF_POWER = {
    "collect_two": MOD_COLLECT_TWO,
    "skip": MOD_SKIP,
    "three_same": MOD_THREE,
    "start_one": MOD_START_ONE,
    "harvest_same": MOD_HARVEST_SAME,
    "cheap_objective": MOD_CHEAP_OBJECTIVE,
    "no_limit": MOD_NO_LIMIT,
}
assert sum(MOD_OF_POWER.values()) == ALL_MODS
REVEAL_POWER_CARDS = 4  # L1
DRAW_POWER_CARDS = 3  # L3
GAIN_POWER_ACORNS = 3  # L5
FROM_DISCARD_CARDS = 2  # R2
SELL_CARDS = 3  # R5


# power_usable's question for each power, as a small code: the turn asks it of every unused
# tile at every decision, and string comparisons are slow there.
_ALWAYS, _DECK, _COLLECT_TWO, _DISPLAY, _PLAY, _CHEAP, _DISCARD, _SWAP, _HAND, _NEVER = range(10)
_CHECK = {
    "reveal4": _DECK,
    "draw3": _DECK,
    "collect_two": _COLLECT_TWO,
    "pick_display": _DISPLAY,
    "skip": _PLAY,
    "three_same": _PLAY,
    "start_one": _PLAY,
    "harvest_same": _PLAY,
    "cheap_objective": _CHEAP,
    "from_discard": _DISCARD,
    "swap_piles": _SWAP,
    "sell_cards": _HAND,
    "gain3": _ALWAYS,
    "extra_main": _ALWAYS,
    "no_limit": _ALWAYS,
}
#: Per landscape tile: its power's code.
TILE_CHECK: tuple[int, ...] = tuple(_CHECK.get(power, _NEVER) for power in LANDSCAPE_POWER)


def power_usable(s: MomijiState, power: str) -> bool:
    """Whether using this landscape power now could do anything (powers that modify the main
    action must come before it, §4.5)."""
    return usable(s, _CHECK.get(power, _NEVER))


def usable(s: MomijiState, code: int) -> bool:
    """power_usable for a power's code (TILE_CHECK)."""
    if code == _ALWAYS:
        return True
    if code == _DECK:
        return bool(s.deck)
    if code == _PLAY:
        return s.mains_left > 0 and not s.main_used & MAIN_PLAY
    if code == _COLLECT_TWO:
        return s.mains_left > 0 and not s.main_used & MAIN_COLLECT and bool(s.display)
    if code == _DISPLAY:
        return bool(s.display)
    if code == _CHEAP:
        return (
            s.mains_left > 0 and not s.main_used & MAIN_OBJECTIVE and min(s.owners, default=0) < 0
        )
    if code == _DISCARD:
        return bool(s.discard)
    if code == _SWAP:
        return bool(swappable(s.rows[s.to_move]))
    if code == _HAND:
        return bool(s.hands[s.to_move])
    return False


def use_landscape(s: MomijiState, action: UseLandscape) -> None:
    """§4.5: pay, mark the tile used, and apply its power."""
    p = s.to_move
    tile = action.tile
    s.acorns[p] -= LANDSCAPE_COST
    s.land_used = True
    s.tiles_used[p] |= 1 << s.tiles[p].index(tile)
    power = LANDSCAPE_POWER[tile]
    if power in MOD_OF_POWER:
        s.mods |= MOD_OF_POWER[power]
    elif power == "reveal4":
        reveal(s, REVEAL_POWER_CARDS)
    elif power == "draw3":
        hand = s.hands[p]
        hand.extend(s.deck[:DRAW_POWER_CARDS])
        del s.deck[:DRAW_POWER_CARDS]
        hand.sort()
    elif power == "pick_display":
        s.phase = PICK
    elif power == "gain3":
        s.acorns[p] += GAIN_POWER_ACORNS
    elif power == "extra_main":
        s.mains_left += 1
    elif power == "from_discard":  # the discard pile is face down: the cards come at random
        hand = s.hands[p]
        before = len(s.discard)
        drawn = [
            s.discard.pop(s.rng.randrange(len(s.discard)))
            for _ in range(min(FROM_DISCARD_CARDS, before))
        ]
        hand.extend(drawn)
        hand.sort()
        memory.took_from_discard(s, p, drawn, before)
    elif power == "swap_piles":
        s.phase = SWAP
    elif power == "sell_cards":
        s.step_cards = 0
        s.phase = SELL
    else:  # pragma: no cover - data/landscapes.json names an unknown power
        raise ValueError(f"unknown landscape power {power!r}")


# -- the powers that ask for a choice -----------------------------------------------------------
def pick_choices(s: MomijiState) -> list[Action]:
    """pick_display: any card of the display."""
    return [PICKS[k] for k in kinds(s.display)]


def pick(s: MomijiState, action: Pick) -> None:
    c = move_kind(s.display, s.hands[s.to_move], action.kind)
    memory.took(s, s.to_move, [c])
    refill(s)
    s.phase = TURN


def swappable(row: list[list[int]]) -> list[int]:
    """Left indices of adjacent pairs of open piles (R3)."""
    return [
        i
        for i in range(len(row) - 1)
        if CARD_VALUE[row[i][-1]] < MAX_VALUE and CARD_VALUE[row[i + 1][-1]] < MAX_VALUE
    ]


def swap_choices(s: MomijiState) -> list[Action]:
    return [SWAPS[i] for i in swappable(s.rows[s.to_move])]


def swap(s: MomijiState, action: Swap) -> None:
    row = s.rows[s.to_move]
    i = action.position
    row[i], row[i + 1] = row[i + 1], row[i]
    s.phase = TURN


def sell_choices(s: MomijiState) -> list[Action]:
    """R5: discard up to 3 cards, one at a time, or stop."""
    out: list[Action] = (
        [DISCARDS[k] for k in kinds(s.hands[s.to_move])] if s.step_cards < SELL_CARDS else []
    )
    out.append(STOP)
    return out


def sell(s: MomijiState, action: Discard) -> None:
    """R5: 1 acorn per card discarded."""
    p = s.to_move
    hand = s.hands[p]
    c = take_card(hand, action.kind)
    s.discard.append(c)
    memory.discarded_face_down(s, p, c, len(hand) + 1)
    s.acorns[p] += 1
    s.step_cards += 1


def stop_selling(s: MomijiState, action: Stop) -> None:
    s.phase = TURN
