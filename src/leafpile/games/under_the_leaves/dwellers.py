"""The dweller cards (§7) and Burly (§9): who moves into a garden after a placement.

One function per card, grouped by family: leaf (§7.1), mushroom (§7.2), puddle (§7.3). Each
looks only at what the new tile can have changed and remembers the spaces it has used in the
state's `used` masks (§12 U1-U6), which only grow. The Collector and Friendly cards leave a
decision per pair (pairs.py) instead of placing their figures.
"""

from __future__ import annotations

from collections.abc import Callable

from leafpile.games.under_the_leaves.components import (
    BURLY_MIN_SECTOR,
    GRID,
    LEAF,
    MUSH,
    MUSHROOMS,
    NMASKS,
    PUDDLE,
    START_SPACE_BIT,
    TILE_SPACES,
    WATER,
    S,
    bits,
)
from leafpile.games.under_the_leaves.garden import (
    SQUARE,
    WINDOWS_AROUND,
    Sector,
    diagonal_pairs,
    flood,
    lowest,
)
from leafpile.games.under_the_leaves.pairs import Pair
from leafpile.games.under_the_leaves.state import UnderTheLeavesState

Spots = list[tuple[int, int]]  # (family, space bit) of the figures that arrive
Pending = list[Pair]


def dwellers_arrive(
    s: UnderTheLeavesState, p: int, t: int, changed: list[Sector], puddle: int, mushroom: int
) -> None:
    """The three cards in the rulebook's order leaf, puddle, mushroom, for player p's new tile
    (top-left space bit t) with its changed sectors and its puddle and mushroom spaces. The
    puddle cards other than Shy only look when a puddle arrives."""
    leaf, mush, water = s.cards
    new = TILE_SPACES << t
    spots: Spots = []
    LEAF_CARDS[leaf](s, p, t, new, changed, spots)
    pending: Pending = []
    if puddle:
        WATER_CARDS[water](s, p, t, new, puddle, spots, pending)
    elif water == "shy":
        _shy(s, p, t, new, 0, spots, pending)
    MUSH_CARDS[mush](s, p, t, new, changed, mushroom, spots, pending)
    if spots:
        s.spots[p] += tuple(spots)
    s.pending = pending


def figure_chosen(s: UnderTheLeavesState, pair: Pair, b: int) -> None:
    """The player to move puts the figure of `pair` on space bit b."""
    p = s.to_move
    family = pair.family
    s.used[3 * p + family] |= 1 << b
    s.dwellers[3 * p + family] += 1
    s.spots[p] += ((family, b),)


def _figure(s: UnderTheLeavesState, p: int, family: int, b: int, spots: Spots) -> None:
    s.dwellers[3 * p + family] += 1
    spots.append((family, b))


# -- leaf dwellers (§7.1) ------------------------------------------------------------------------
def _thoughtful(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: list[Sector], spots: Spots
) -> None:
    """2x2 squares of one colour, greedy (row, column) scan, disjoint from every earlier
    square (§12 U1). Only squares in the changed sectors can be new."""
    squares = 0
    for _, comp, size in comps:
        if size >= 4:
            squares |= comp & (comp >> 1) & (comp >> S) & (comp >> (S + 1))
    if not squares:
        return
    used = s.used[3 * p + LEAF]
    for b in bits(squares):
        block = SQUARE << b
        if block & used == 0:
            used |= block
            _figure(s, p, LEAF, b, spots)  # the figure sits on the square's centre
    s.used[3 * p + LEAF] = used


def _flirty(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: list[Sector], spots: Spots
) -> None:
    """2x2 windows of four different types (puddle included) that touch the new tile, greedy
    (row, column) scan; the starting tile's own window never counts (§12 U2)."""
    used = s.used[3 * p + LEAF]
    grid = s.grid
    g = p * GRID + t - S - 1
    # the 4x4 spaces the nine windows cover, each read once as a bit of its type (0: empty)
    k = [1 << (grid[g + r + c] & 7) for r in _ROWS4 for c in (0, 1, 2, 3)]
    for d, i in zip(WINDOWS_AROUND, _WINDOW_CORNERS, strict=True):
        kinds = k[i] | k[i + 1] | k[i + 4] | k[i + 5]
        b = t + d
        if kinds & 1 or kinds.bit_count() != 4 or b == START_SPACE_BIT or used >> b & SQUARE:
            continue
        used |= SQUARE << b
        _figure(s, p, LEAF, b, spots)
    s.used[3 * p + LEAF] = used


def _restless(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: list[Sector], spots: Spots
) -> None:
    """A pollinated sector of 5+ spaces overlapping no earlier Restless record (§12 U3)."""
    used = s.used[3 * p + LEAF]
    for _, comp, size in comps:
        if size >= 5 and comp & used == 0:
            used |= comp
            _figure(s, p, LEAF, lowest(comp & new), spots)
    s.used[3 * p + LEAF] = used


def _runner(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: list[Sector], spots: Spots
) -> None:
    """A pollinated sector with 4 spaces in a straight line, overlapping no earlier Runner
    record (§12 U3)."""
    used = s.used[3 * p + LEAF]
    for _, comp, size in comps:
        if size < 4 or comp & used:
            continue
        row = comp & (comp >> 1) & (comp >> 2) & (comp >> 3)
        column = comp & (comp >> S) & (comp >> (2 * S)) & (comp >> (3 * S))
        if row or column:
            used |= comp
            _figure(s, p, LEAF, lowest(comp & new), spots)
    s.used[3 * p + LEAF] = used


# -- mushroom dwellers (§7.2) --------------------------------------------------------------------
def _host(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: list[Sector], mush: int,
    spots: Spots, pending: Pending,
) -> None:  # fmt: skip
    """A sector of any size with 2+ mushrooms none of which an earlier Host record holds
    (§12 U4)."""
    used = s.used[3 * p + MUSH]
    mushrooms = s.masks[NMASKS * p + MUSHROOMS]
    for _, comp, _size in comps:
        found = comp & mushrooms
        if found.bit_count() >= 2 and found & used == 0:
            used |= found
            _figure(s, p, MUSH, lowest(comp & new), spots)
    s.used[3 * p + MUSH] = used


def _explorer(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: list[Sector], mush: int,
    spots: Spots, pending: Pending,
) -> None:  # fmt: skip
    """Every Explorer-free mushroom between two other Explorer-free mushrooms of its space-row
    or space-column, all in one pass (§12 U6). Only a new mushroom can make a new line."""
    if not mush:
        return
    used = s.used[3 * p + MUSH]
    free = s.masks[NMASKS * p + MUSHROOMS] & ~used
    got = 0
    # Only the new mushrooms' row and column changed since the last look, which took every
    # mushroom between two others then (and taking one only shortens the others' lines).
    for m in bits(mush):
        y, x = divmod(m, S)
        for line in (free & (_ROW << (y * S)), free & (_COLUMN << x)):
            if line.bit_count() >= 3:  # the ends of a line have a free mushroom on one side
                got |= line ^ (line & -line) ^ (1 << (line.bit_length() - 1))
    for b in bits(got):
        _figure(s, p, MUSH, b, spots)
    s.used[3 * p + MUSH] = used | got


def _collector(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: list[Sector], mush: int,
    spots: Spots, pending: Pending,
) -> None:  # fmt: skip
    """Diagonal pairs of mushrooms, neither holding a Collector: one choice each (§12 U5)."""
    if mush:
        free = s.masks[NMASKS * p + MUSHROOMS] & ~s.used[3 * p + MUSH]
        pending.extend(Pair(MUSH, a, b) for a, b in diagonal_pairs(free))


def _loner(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: list[Sector], mush: int,
    spots: Spots, pending: Pending,
) -> None:  # fmt: skip
    """A mushroom with all 8 surrounding spaces present and no mushroom among them."""
    mushrooms = s.masks[NMASKS * p + MUSHROOMS]
    used = s.used[3 * p + MUSH]
    got = _alone(mushrooms & ~used, mushrooms, s.masks[NMASKS * p], t)
    for b in bits(got):
        _figure(s, p, MUSH, b, spots)
    s.used[3 * p + MUSH] = used | got


# -- puddle dwellers (§7.3) ----------------------------------------------------------------------
def _diver(
    s: UnderTheLeavesState, p: int, t: int, new: int, puddle: int, spots: Spots, pending: Pending
) -> None:
    """A puddle of 2+ spaces overlapping no earlier Diver record (§12 U3)."""
    group = flood(puddle, s.masks[NMASKS * p + PUDDLE])
    used = s.used[3 * p + WATER]
    if group.bit_count() >= 2 and group & used == 0:
        s.used[3 * p + WATER] = used | group
        _figure(s, p, WATER, lowest(puddle), spots)


def _skipper(
    s: UnderTheLeavesState, p: int, t: int, new: int, puddle: int, spots: Spots, pending: Pending
) -> None:
    """Every non-puddle space with puddles right on both sides, once per middle space."""
    puddles = s.masks[NMASKS * p + PUDDLE]
    used = s.used[3 * p + WATER]
    between = ((puddles << 1) & (puddles >> 1)) | ((puddles << S) & (puddles >> S))
    got = between & s.masks[NMASKS * p] & ~puddles & ~used
    for b in bits(got):
        _figure(s, p, WATER, b, spots)
    s.used[3 * p + WATER] = used | got


def _friendly(
    s: UnderTheLeavesState, p: int, t: int, new: int, puddle: int, spots: Spots, pending: Pending
) -> None:
    """Diagonal pairs of puddles, neither holding a Friendly: one choice each (§12 U5)."""
    free = s.masks[NMASKS * p + PUDDLE] & ~s.used[3 * p + WATER]
    pending.extend(Pair(WATER, a, b) for a, b in diagonal_pairs(free))


def _shy(
    s: UnderTheLeavesState, p: int, t: int, new: int, puddle: int, spots: Spots, pending: Pending
) -> None:
    """A puddle with all 8 surrounding spaces present and no puddle among them. Checked after
    every placement: a tile without a puddle can complete a puddle's surroundings."""
    puddles = s.masks[NMASKS * p + PUDDLE]
    used = s.used[3 * p + WATER]
    got = _alone(puddles & ~used, puddles, s.masks[NMASKS * p], t)
    for b in bits(got):
        _figure(s, p, WATER, b, spots)
    s.used[3 * p + WATER] = used | got


_ROWS4 = (0, S, 2 * S, 3 * S)  # Flirty's 4x4 block: its rows' offsets, and the index
_WINDOW_CORNERS = tuple(4 * dy + dx for dy in (0, 1, 2) for dx in (0, 1, 2))  # of each window
_ROW = (1 << S) - 1  # a space-row, a space-column at bit 0
_COLUMN = sum(1 << (y * S) for y in range(S))
#: The 4x4 spaces whose 8 surroundings a tile at top-left space bit S + 1 can change, and a
#: space's 3x3 block (itself and its 8 surroundings) at its top-left corner.
_NEAR_TILE = sum(1 << (dy * S + dx) for dy in range(4) for dx in range(4))
_BLOCK = sum(1 << (dy * S + dx) for dy in range(3) for dx in range(3))


def _alone(free: int, kind: int, occupied: int, t: int) -> int:
    """The spaces of `free` with all 8 surrounding spaces present and none of them of `kind`
    (Loner, Shy), among those a new tile at top-left space bit t can have made so: the rest
    were looked at after every earlier placement, and gardens only grow."""
    got = 0
    for b in bits(free & (_NEAR_TILE << (t - S - 1))):
        corner = b - S - 1
        if occupied >> corner & _BLOCK == _BLOCK and kind >> corner & _BLOCK == 1 << (S + 1):
            got |= 1 << b
    return got


LeafCard = Callable[[UnderTheLeavesState, int, int, int, list[Sector], Spots], None]
MushroomCard = Callable[
    [UnderTheLeavesState, int, int, int, list[Sector], int, Spots, Pending], None
]
PuddleCard = Callable[[UnderTheLeavesState, int, int, int, int, Spots, Pending], None]
LEAF_CARDS: dict[str, LeafCard] = {
    "thoughtful": _thoughtful, "restless": _restless, "flirty": _flirty, "runner": _runner
}  # fmt: skip
MUSH_CARDS: dict[str, MushroomCard] = {
    "host": _host, "explorer": _explorer, "collector": _collector, "loner": _loner
}  # fmt: skip
WATER_CARDS: dict[str, PuddleCard] = {
    "diver": _diver, "skipper": _skipper, "friendly": _friendly, "shy": _shy
}  # fmt: skip


# -- Burly, the tree dweller (§9, §12 U7) --------------------------------------------------------
def burly(s: UnderTheLeavesState, p: int, changed: list[Sector]) -> None:
    """Keep p's largest sector up to date. With the Burly option, Burly goes to the first
    player with a sector of BURLY_MIN_SECTOR spaces, then to whoever forms one strictly larger
    than the bar; the holder's own growth raises the bar."""
    if changed:
        big = max(size for _, _, size in changed)
        if big > s.largest[p]:
            s.largest[p] = big
    if s.options.get("burly"):
        size = s.largest[p]
        if s.burly_holder == p:
            s.burly_bar = max(s.burly_bar, size)
        elif (s.burly_holder < 0 and size >= BURLY_MIN_SECTOR) or (
            s.burly_holder >= 0 and size > s.burly_bar
        ):
            s.burly_holder = p
            s.burly_bar = size
