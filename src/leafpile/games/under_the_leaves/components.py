"""Under the Leaves components, loaded from data/*.json, and the geometry of a garden.

Gardens are bitboards, like Autumn's table. A garden has two grids:

* the **space grid**: space (x, y) is bit (y + OFF) * S + (x + OFF); tile (tx, ty) owns the
  spaces (2tx..2tx+1, 2ty..2ty+1). y grows downward, so increasing bit order is the rules'
  (row, column) scan order (§12 U1, U2, U5).
* the **tile grid**: tile (tx, ty) is bit (ty + TOFF) * T + (tx + TOFF).

A player places at most 12 tiles next to a starting tile at (0, 0), so tile coordinates stay in
[-12, 12] and space coordinates in [-24, 25]; both grids keep an empty margin of at least two
cells on every side, so a shift by one or two never wraps a bit onto another row.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

# -- terrain types (§1.1) -------------------------------------------------------------------------
EMPTY = 0
PINK, YELLOW, ORANGE, PURPLE, GREEN, PUDDLE = 1, 2, 3, 4, 5, 6
COLOURS = (PINK, YELLOW, ORANGE, PURPLE, GREEN)
TYPE_NAMES = ("empty", "pink", "yellow", "orange", "purple", "green", "puddle")
MUSHROOM = 8  # flag or-ed onto a space's type code in the grid
TYPE_MASK = 7

# -- dweller families (§7) ------------------------------------------------------------------------
LEAF, MUSH, WATER = 0, 1, 2  # index of the family in per-player lists
FAMILIES = ("leaf", "mushroom", "puddle")
MAJORITY_BONUS = 2  # §8.1: figures of the family for every tied leader
TILES_PER_PLAYER = 12  # §2.3: everyone plays 12 turns
MARKET_SIZE = 3

# -- geometry -------------------------------------------------------------------------------------
MAX_TILES = 12  # tiles a player adds to the starting tile
SPACE_REACH = 2 * MAX_TILES + 1  # the largest |x| or |y| of a space in any garden
S = 56  # space-grid stride
OFF = 28
T = 28  # tile-grid stride
TOFF = 14
SPACE_OFFSETS = (0, 1, S, S + 1)  # TL, TR, BL, BR of a tile, from its top-left space bit
TILE_SPACES = 1 | 2 | (1 << S) | (1 << (S + 1))  # a tile's 4 spaces at top-left bit 0
assert SPACE_REACH < OFF

# -- a player's garden in the state -----------------------------------------------------------
GRID = S * S  # bytes of one player's space grid (state.grid)
#: Bitboards per player (state.masks): occupied spaces (0), one per colour (index = the colour's
#: type code 1-5), puddles (index PUDDLE = 6) and mushrooms (MUSHROOMS = 7).
NMASKS = 8
MUSHROOMS = 7


def space_bit(x: int, y: int) -> int:
    return (y + OFF) * S + (x + OFF)


def space_xy(b: int) -> tuple[int, int]:
    y, x = divmod(b, S)
    return x - OFF, y - OFF


def tile_bit(tx: int, ty: int) -> int:
    return (ty + TOFF) * T + (tx + TOFF)


def tile_xy(b: int) -> tuple[int, int]:
    y, x = divmod(b, T)
    return x - TOFF, y - TOFF


def bits(mask: int) -> list[int]:
    """Indices of the set bits of `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: For each tile-grid bit: the space bit of that tile's top-left space.
TILE_TO_SPACE: dict[int, int] = {
    tile_bit(tx, ty): space_bit(2 * tx, 2 * ty)
    for tx in range(-MAX_TILES, MAX_TILES + 1)
    for ty in range(-MAX_TILES, MAX_TILES + 1)
}
START_TILE_BIT = tile_bit(0, 0)
START_SPACE_BIT = space_bit(0, 0)


# -- orientations (§1.2) --------------------------------------------------------------------------
#: Orientation o in 0..7: turned (o % 4) quarter turns clockwise, then mirrored if o >= 4.
ORIENTATIONS = range(8)


def orient(spaces: tuple[int, int, int, int], o: int) -> tuple[int, int, int, int]:
    """The [TL, TR, BL, BR] contents after orientation o ([BGA]: a quarter turn maps
    [TL, TR, BL, BR] to [BL, TL, BR, TR]; the mirror swaps TL/TR and BL/BR after it)."""
    tl, tr, bl, br = spaces
    for _ in range(o % 4):
        tl, tr, bl, br = bl, tl, br, tr
    if o >= 4:
        tl, tr, bl, br = tr, tl, br, bl
    return tl, tr, bl, br


def orientation_name(o: int) -> str:
    return f"r{90 * (o % 4)}{'m' if o >= 4 else ''}"


# -- tiles ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tile:
    id: int
    name: str
    spaces: tuple[int, int, int, int]  # type codes (| MUSHROOM) of TL, TR, BL, BR as printed
    start: bool

    @property
    def has_puddle(self) -> bool:
        return any(c & TYPE_MASK == PUDDLE for c in self.spaces)

    @property
    def has_mushroom(self) -> bool:
        return any(c & MUSHROOM for c in self.spaces)

    def layout(self, o: int = 0) -> str:
        return "/".join(
            " ".join(space_label(c) for c in pair)
            for pair in (orient(self.spaces, o)[:2], orient(self.spaces, o)[2:])
        )


def space_label(code: int) -> str:
    name = TYPE_NAMES[code & TYPE_MASK]
    return name + ("*" if code & MUSHROOM else "")


def _space_code(text: str) -> int:
    mushroom = text.endswith("*")
    name = text.rstrip("*")
    if name not in TYPE_NAMES[1:]:
        raise ValueError(f"under_the_leaves data/tiles.json: unknown space {text!r}")
    return TYPE_NAMES.index(name) | (MUSHROOM if mushroom else 0)


def _load_tiles() -> dict[int, Tile]:
    raw = json.loads(resources.files(__package__).joinpath("data/tiles.json").read_text())
    out: dict[int, Tile] = {}
    for key, start in (("garden_tiles", False), ("starting_tiles", True)):
        for entry in raw[key]:
            codes = tuple(_space_code(s) for s in entry["spaces"])
            if len(codes) != 4 or entry["id"] in out:
                raise ValueError(f"under_the_leaves data/tiles.json: bad tile {entry!r}")
            name = entry.get("name", str(entry["id"]))
            out[entry["id"]] = Tile(
                entry["id"], name, (codes[0], codes[1], codes[2], codes[3]), start
            )
    return out


TILES: dict[int, Tile] = _load_tiles()
GARDEN_TILES: tuple[int, ...] = tuple(sorted(t.id for t in TILES.values() if not t.start))
START_TILES: tuple[int, ...] = tuple(sorted(t.id for t in TILES.values() if t.start))
#: ORIENTED[tile id][o]: the tile's four space codes [TL, TR, BL, BR] in orientation o.
ORIENTED: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    t.id: tuple(orient(t.spaces, o) for o in ORIENTATIONS) for t in TILES.values()
}


# -- dweller cards (§7, §9) -----------------------------------------------------------------------
@dataclass(frozen=True)
class Dweller:
    name: str
    title: str
    family: int  # LEAF, MUSH or WATER
    first_game: bool
    text: str


def _load_dwellers() -> tuple[tuple[Dweller, ...], dict[str, object]]:
    raw = json.loads(resources.files(__package__).joinpath("data/dwellers.json").read_text())
    cards = tuple(
        Dweller(c["name"], c["title"], FAMILIES.index(c["family"]), c["first_game"], c["text"])
        for c in raw["cards"]
    )
    return cards, dict(raw["burly"])


DWELLERS, BURLY = _load_dwellers()
DWELLER_BY_NAME: dict[str, Dweller] = {d.name: d for d in DWELLERS}
#: Card names of each family, in data order.
FAMILY_CARDS: tuple[tuple[str, ...], ...] = tuple(
    tuple(d.name for d in DWELLERS if d.family == f) for f in range(3)
)
FIRST_GAME_CARDS: tuple[str, ...] = tuple(
    next(d.name for d in DWELLERS if d.family == f and d.first_game) for f in range(3)
)
BURLY_POINTS = int(BURLY["points"])  # type: ignore[call-overload]
BURLY_MIN_SECTOR = int(BURLY["min_sector"])  # type: ignore[call-overload]
