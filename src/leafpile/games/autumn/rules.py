"""Autumn's rules: legal placements, turn order, colour choice, rounds and scoring.

Rule references are to docs/rules/autumn.md.
"""

from __future__ import annotations

import functools

from leafpile.engine import Action, Rng, opt_str
from leafpile.engine.bits import nth_bit
from leafpile.engine.takeback import TakeBackRule
from leafpile.games.autumn.actions import CHOOSE, PLACE, ChooseColour, Place
from leafpile.games.autumn.components import (
    CELLS,
    RED,
    RED_BITS,
    STRIDE,
    SYMMETRIC,
)
from leafpile.games.autumn.set_up import start as start  # the set-up the engine calls
from leafpile.games.autumn.set_up import start_round
from leafpile.games.autumn.state import AutumnState, Phase

# Enum member lookups are slow in Python 3.11: the hot paths compare with these.
PLACING, CHOOSING, OVER = Phase.PLACE, Phase.COLOUR, Phase.OVER

_PLACE0, _PLACE1 = PLACE
_S = STRIDE
#: The lowest anchor lies one row and one column before the lowest occupied cell (bit index
#: plus one, as `bit_length` counts it).
_BELOW = STRIDE + 2


# -- legal actions ------------------------------------------------------------------------------
def legal_anchor_mask(occupied: int) -> int:
    """Anchors whose card would cover exactly 1 or 2 occupied cells (§4.2 rule 3).

    For every anchor at once: its top pair of cells has one or two covered (`pair_any`,
    `pair_both`), its bottom pair is the top pair of the row below; the card covers some cell
    when either pair does, and three or four when one pair is full and the other is not empty.
    """
    right = occupied >> 1
    pair_any = occupied | right
    pair_both = occupied & right
    below_any = pair_any >> _S
    some = pair_any | below_any
    three_or_four = (pair_both & below_any) | ((pair_both >> _S) & pair_any)
    return some & ~three_or_four


def legal_actions(s: AutumnState) -> list[Action]:
    if s.phase == PLACING:
        assert s.card is not None
        mask = legal_anchor_mask(s.occupied)
        out: list[Action] = []
        append = out.append
        if SYMMETRIC[s.card]:  # decision A1: one action for the two identical rotations
            while mask:
                low = mask & -mask
                append(_PLACE0[low.bit_length() - 1])
                mask ^= low
        else:
            while mask:
                low = mask & -mask
                b = low.bit_length() - 1
                append(_PLACE0[b])
                append(_PLACE1[b])
                mask ^= low
        return out
    if s.phase == CHOOSING:
        return list(CHOOSE)
    return []


def random_action(s: AutumnState, rng: Rng) -> Action:
    """`legal_actions(s)[rng.randrange(len(...))]` without the list (`Game.random_action`):
    the placements are listed by anchor bit, each anchor's 0° before its 180° placement.

    It runs once per placement of every playout, so the last loop of `nth_bit` is written out
    here (tests/conformance/test_random_action.py pins the same draws)."""
    if s.phase is PLACING:
        assert s.card is not None
        occupied = s.occupied
        # Counted on the table shifted down to just below its lowest anchor: smaller integers.
        base = (occupied & -occupied).bit_length() - _BELOW
        mask = legal_anchor_mask(occupied >> base)
        if SYMMETRIC[s.card]:
            place = _PLACE0
            n = rng.randrange(mask.bit_count())
        else:
            k = rng.randrange(mask.bit_count() << 1)
            place = PLACE[k & 1]
            n = k >> 1
        if n > 8:
            return place[base + nth_bit(mask, n)]
        while n:
            mask &= mask - 1
            n -= 1
        return place[base + (mask & -mask).bit_length() - 1]
    actions = legal_actions(s)
    return actions[rng.randrange(len(actions))]


# -- applying -----------------------------------------------------------------------------------
def laid(s: AutumnState, action: Place) -> tuple[int, int]:
    """The table's (occupied, red) bitboards once the revealed card lies where `action` says:
    it covers whatever was under its four cells (§4.2)."""
    assert s.card is not None
    b = action.at
    mask = CELLS << b
    return s.occupied | mask, (s.red & ~mask) | (RED_BITS[s.card][action.rot] << b)


def apply(s: AutumnState, action: Action) -> None:
    if type(action) is Place:
        card = s.card
        assert card is not None
        b = action.at  # laid(), written out: this runs on every placement
        mask = CELLS << b
        rot = action.rot
        s.occupied |= mask
        s.red = (s.red & ~mask) | (RED_BITS[card][rot] << b)
        s.placed.append((card, action.x, action.y, rot))
        s.card = None
        if not s.deck:
            end_round(s)
        elif s.red_player is None and s.num_players == 2:
            # §3.1 step 2: the second player chooses colours before revealing their card.
            s.phase = CHOOSING
            s.to_move = 1 - s.first
        else:
            s.to_move = (s.to_move + 1) % s.num_players
            s.card = s.deck.pop(0)
    elif type(action) is ChooseColour:
        chooser = s.to_move
        s.red_player = chooser if action.colour == RED else 1 - chooser
        s.phase = PLACING
        s.card = s.deck.pop(0)
    else:  # pragma: no cover - play() only passes legal actions
        raise TypeError(f"not an Autumn action: {action!r}")


# -- areas and scoring --------------------------------------------------------------------------
def area_sizes(mask: int) -> list[int]:
    """Sizes of the orthogonally connected areas of `mask`, largest first (§5.1)."""
    return list(_areas(mask))


@functools.lru_cache(maxsize=4096)
def _areas(mask: int) -> tuple[int, ...]:
    """Flood fill by bit dilation; corners never connect. The board never reaches its left or
    right column, so a shift by one cannot wrap a region onto the next row (nor, once the
    mask is shifted down to its lowest cell, onto a row below the board). Cached: the same
    table is measured for every audience's view, its log line and the bots' evaluations."""
    if mask:
        mask >>= (mask & -mask).bit_length() - 1  # smaller integers, the same shapes
    sizes = []
    while mask:
        region = mask & -mask
        while True:
            grown = region | (region << 1) | (region >> 1) | (region << _S) | (region >> _S)
            grown &= mask
            if grown == region:
                break
            region = grown
        sizes.append(region.bit_count())
        mask ^= region
    sizes.sort(reverse=True)
    return tuple(sizes)


@functools.lru_cache(maxsize=4096)
def largest_area(mask: int) -> int:
    """The size of the largest area of `mask`: `_areas`' flood fill, stopped as soon as the
    cells left are fewer than the largest area found (rounds are scored by it alone)."""
    if mask:
        mask >>= (mask & -mask).bit_length() - 1
    best = 0
    while mask.bit_count() > best:
        region = mask & -mask
        while True:
            grown = region | (region << 1) | (region >> 1) | (region << _S) | (region >> _S)
            grown &= mask
            if grown == region:
                break
            region = grown
        size = region.bit_count()
        if size > best:
            best = size
        mask ^= region
    return best


def colour_masks(s: AutumnState) -> tuple[int, int]:
    """(red, yellow) visible cells."""
    return s.red, s.occupied & ~s.red


def live_areas(s: AutumnState) -> tuple[int, int]:
    """Largest red and largest yellow area on the table now."""
    red, yellow = colour_masks(s)
    return largest_area(red), largest_area(yellow)


def end_round(s: AutumnState) -> None:
    if s.num_players == 1:
        red, yellow = colour_masks(s)
        s.solo_areas = sorted(area_sizes(red) + area_sizes(yellow), reverse=True)
        s.phase = OVER
        return
    assert s.red_player is not None
    red_area, yellow_area = live_areas(s)
    row = [0, 0]
    row[s.red_player] = red_area
    row[1 - s.red_player] = yellow_area
    s.round_scores.append(row)
    s.round_red.append(s.red_player)
    s.last_round = s.placed[:]
    if s.round + 1 < s.rounds:
        s.round += 1
        s.first = 1 - s.first  # §5.3 [D] Q6: the start player alternates
        start_round(s)
    else:
        s.phase = OVER


def solo_score(challenge: str, areas: list[int], balance_rule: str = "any-three") -> int:
    """Score of a solo challenge from the sizes of all areas, largest first (§6)."""
    if challenge == "garden":  # A4: the 3rd-largest area, 0 with fewer than 3
        return areas[2] if len(areas) >= 3 else 0
    if challenge == "balance":
        if balance_rule == "three-largest":  # the stricter [D] reading of §6
            return areas[0] if len(areas) >= 3 and areas[0] == areas[2] else 0
        # A3: the largest N such that at least three areas have exactly N spaces
        for n in sorted(set(areas), reverse=True):
            if areas.count(n) >= 3:
                return n
        return 0
    if challenge == "two":  # A5: success iff exactly two areas
        return 1 if len(areas) == 2 else 0
    raise ValueError(f"unknown solo challenge {challenge!r}")


def scores(s: AutumnState) -> list[float]:
    """Match totals of finished rounds (2 players); the challenge score (solo, at the end)."""
    if s.num_players == 1:
        if s.phase != OVER:
            return [0.0]
        return [float(solo_score(_challenge(s), s.solo_areas, _balance_rule(s)))]
    return [float(sum(r[p] for r in s.round_scores)) for p in range(2)]


def tie_break_key(s: AutumnState, player: int) -> tuple[int, int, int]:
    """§5.4: total, then rounds won (draws count for nobody), then best single round."""
    total = sum(r[player] for r in s.round_scores)
    won = sum(1 for r in s.round_scores if r[player] > r[1 - player])
    best = max((r[player] for r in s.round_scores), default=0)
    return total, won, best


def winners(s: AutumnState) -> list[int]:
    if s.phase != OVER:
        return []
    if s.num_players == 1:
        return [0] if scores(s)[0] > 0 else []
    keys = [tie_break_key(s, p) for p in range(2)]
    best = max(keys)
    return [p for p in range(2) if keys[p] == best]


def _challenge(s: AutumnState) -> str:
    return opt_str(s.options, "challenge", "garden")


def _balance_rule(s: AutumnState) -> str:
    return opt_str(s.options, "balance_rule", "any-three")


#: Take-backs (`leafpile.engine.takeback`): none in practice. An Autumn turn is one decision,
#: and each decision either passes the turn or reveals the next card of the deck (§3.1), so
#: the rule refuses every one; it is stated so the conformance suite checks that too.
TAKE_BACKS = TakeBackRule(
    turn=lambda s: (s.round, len(s.placed)),
    closed=lambda s, _player: [s.deck],
)
