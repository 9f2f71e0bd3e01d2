"""The shapes the rules look for in a garden, on its bitboards: sectors, squares and windows,
diagonal pairs, full surroundings, and the tiles a hummingbird can sit on.

Everything here is a pure function of masks (no state), so the arrivals (bees_and_hummingbirds.py,
dwellers.py) and the save checks (state.py) share one definition of each shape. The saved form
of masks (lists of [x, y]) is here too.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import InvalidStateError
from leafpile.games.under_the_leaves.components import (
    MAX_TILES,
    MUSHROOM,
    ORIENTED,
    PUDDLE,
    SPACE_OFFSETS,
    SPACE_REACH,
    TILE_SPACES,
    TILE_TO_SPACE,
    TYPE_MASK,
    S,
    T,
    bits,
    space_bit,
    space_xy,
    tile_bit,
    tile_xy,
)

#: A sector that contains a space of the new tile: (colour, mask of its spaces, its size).
Sector = tuple[int, int, int]

SQUARE = TILE_SPACES  # a 2x2 block of spaces at its top-left bit
#: Top-left bits of the 2x2 windows that touch a tile, relative to the tile's top-left space, in
#: (row, column) order: only these can become new Thoughtful squares or Flirty blocks (§12 U1-U2).
WINDOWS_AROUND = tuple(dy * S + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1))
DIAGONALS = (S - 1, S + 1)  # from a space to its lower-left and lower-right neighbours
#: A tile's colour groups, puddle mask and mushroom mask, relative to its top-left space.
TileGroups = tuple[tuple[tuple[int, int], ...], int, int]


def _groups(codes: tuple[int, int, int, int]) -> TileGroups:
    """A placed tile's (colour, local mask) groups, local puddle mask, local mushroom mask."""
    by_colour: dict[int, int] = {}
    puddle = mushroom = 0
    for off, code in zip(SPACE_OFFSETS, codes, strict=True):
        kind = code & TYPE_MASK
        if kind == PUDDLE:
            puddle |= 1 << off
        else:
            by_colour[kind] = by_colour.get(kind, 0) | 1 << off
        if code & MUSHROOM:
            mushroom |= 1 << off
    return tuple(sorted(by_colour.items())), puddle, mushroom


#: GROUPS[tile][o]: the tile's colour groups, puddle and mushroom masks in orientation o.
GROUPS = {t: tuple(_groups(codes) for codes in orients) for t, orients in ORIENTED.items()}


def flood(seed: int, mask: int) -> int:
    """The orthogonally connected part of `mask` that contains `seed` (bit dilation).

    Grown on both shifted down to the mask's lowest space: neighbours are the same bits
    apart whatever the shift, and the integers are much smaller than the whole grid's."""
    if not mask:
        return 0
    k = (mask & -mask).bit_length() - 1
    mask >>= k
    region = (seed >> k) & mask
    while True:
        grown = (region | (region << 1) | (region >> 1) | (region << S) | (region >> S)) & mask
        if grown == region:
            return region << k
        region = grown


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def all_sectors(colour_masks: dict[int, int]) -> tuple[set[tuple[int, int]], int]:
    """Every (colour, mask) sector of 3+ spaces, and the largest sector's size, by rescanning
    the whole garden: the save checks' slow twin of the incremental bookkeeping."""
    sectors = set()
    largest = 0
    for colour, spaces in colour_masks.items():
        left = spaces
        while left:
            sector = flood(left & -left, spaces)
            left &= ~sector
            largest = max(largest, sector.bit_count())
            if sector.bit_count() >= 3:
                sectors.add((colour, sector))
    return sectors, largest


def surrounded(occupied: int) -> int:
    """Spaces whose 8 surrounding spaces all exist."""
    o = occupied
    return (
        (o >> 1) & (o << 1) & (o >> S) & (o << S)
        & (o >> (S - 1)) & (o >> (S + 1)) & (o << (S - 1)) & (o << (S + 1))
    )  # fmt: skip


def near8(mask: int) -> int:
    """Spaces with a space of `mask` among their 8 surrounding spaces."""
    m = mask
    return (
        (m >> 1) | (m << 1) | (m >> S) | (m << S)
        | (m >> (S - 1)) | (m >> (S + 1)) | (m << (S - 1)) | (m << (S + 1))
    )  # fmt: skip


def diagonal_pairs(free: int) -> list[tuple[int, int]]:
    """Diagonally adjacent pairs of `free` spaces, by (row, column) of the first space, then of
    the second (§12 U5)."""
    pairs = []
    for d in DIAGONALS:
        for a in bits(free & (free >> d)):
            pairs.append((a, a + d))
    pairs.sort()
    return pairs


def bird_tiles(tiles: int, bare: int) -> int:
    """The tiles of `tiles` (a tile-grid mask) none of whose spaces is `bare` (unpollinated
    terrain): the tiles the base hummingbird sits on (§6)."""
    out = 0
    while tiles:
        low = tiles & -tiles
        tiles ^= low
        if bare >> TILE_TO_SPACE[low.bit_length() - 1] & TILE_SPACES == 0:
            out |= low
    return out


def bird_lines(base: int) -> tuple[int, int]:
    """The tiles of the row and the column hummingbirds: the middle of three base-bird tiles in
    a row, in a column (§6)."""
    return base & (base << 1) & (base >> 1), base & (base << T) & (base >> T)


# -- the saved form of masks and spaces -------------------------------------------------------
def spaces_list(mask: int) -> list[list[int]]:
    return [list(space_xy(b)) for b in bits(mask)]


def tiles_list(mask: int) -> list[list[int]]:
    return [list(tile_xy(b)) for b in bits(mask)]


def read_xy(item: Any, reach: int) -> tuple[int, int]:
    """A saved [x, y] of a space (reach SPACE_REACH) or a tile (reach MAX_TILES)."""
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= reach for v in item)
    ):
        raise InvalidStateError(f"saved state has a bad coordinate {item!r}")
    return item[0], item[1]


def spaces_mask(items: Any) -> int:
    if not isinstance(items, list):
        raise InvalidStateError("saved state has a bad list of spaces")
    mask = 0
    for item in items:
        mask |= 1 << space_bit(*read_xy(item, SPACE_REACH))
    return mask


def tiles_mask(items: Any) -> int:
    if not isinstance(items, list):
        raise InvalidStateError("saved state has a bad list of tiles")
    mask = 0
    for item in items:
        mask |= 1 << tile_bit(*read_xy(item, MAX_TILES))
    return mask
