"""Under the Leaves state: plain data, a cheap hand-written clone and a canonical JSON form.

Per player the garden is kept twice: `grid` (one bytearray for all players, a space's type code
at `player * GRID + space bit`) for looking up single spaces, and bitboards in `masks` (NMASKS
ints per player: occupied, the five colours, puddles, mushrooms; components.py) for sectors and
patterns. The bitboards, the grid and the tile occupancy are rebuilt from the list of placed
tiles when a save is loaded; everything the arrivals remember (bee sectors, hummingbirds, the
spaces each dweller card has used) is saved explicitly, and checked against the garden because
the rules only ever look at what a placement changes.

Per-player records that change rarely are tuples, so `clone()` copies only flat lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from leafpile.engine import (
    TERMINAL,
    InvalidStateError,
    OptionValue,
    State,
    int_list,
    int_rows,
    require,
)
from leafpile.games.under_the_leaves.components import (
    BURLY_MIN_SECTOR,
    COLOURS,
    FAMILIES,
    FAMILY_CARDS,
    FIRST_GAME_CARDS,
    GARDEN_TILES,
    GRID,
    MARKET_SIZE,
    MAX_TILES,
    MUSHROOM,
    MUSHROOMS,
    NMASKS,
    ORIENTED,
    PUDDLE,
    SPACE_OFFSETS,
    SPACE_REACH,
    START_TILES,
    TILE_SPACES,
    TILE_TO_SPACE,
    TILES,
    TYPE_MASK,
    S,
    T,
    space_bit,
    space_xy,
    tile_bit,
    tile_xy,
)
from leafpile.games.under_the_leaves.garden import (
    all_sectors,
    bird_lines,
    bird_tiles,
    read_xy,
    spaces_list,
    spaces_mask,
    tiles_list,
    tiles_mask,
)
from leafpile.games.under_the_leaves.pairs import Pair


class Phase(StrEnum):
    """Where a turn stands (§3): take a market tile, place it, then settle the Collector and
    Friendly pairs it made (pairs.py); or the game is over. The values are the saved form."""

    TAKE = "take"
    PLACE = "place"
    CHOOSE = "choose"
    OVER = "over"


# Bound once: looking a member up on the enum class is slow on Python 3.11, and the rules
# compare the phase on every action.
TAKE, PLACE, CHOOSE, OVER = Phase.TAKE, Phase.PLACE, Phase.CHOOSE, Phase.OVER


def _lay(codes: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The bits one oriented tile adds to each bitboard (index into a player's masks), at
    top-left space bit 0: put_tile shifts them, instead of or-ing space by space."""
    adds = {0: TILE_SPACES}
    for off, code in zip(SPACE_OFFSETS, codes, strict=True):
        bit = 1 << off
        adds[code & TYPE_MASK] = adds.get(code & TYPE_MASK, 0) | bit
        if code & MUSHROOM:
            adds[MUSHROOMS] = adds.get(MUSHROOMS, 0) | bit
    return tuple(adds.items())


#: tile -> per orientation: the bits it adds to each bitboard (`_lay`).
LAYS = {tile: tuple(_lay(codes) for codes in oriented) for tile, oriented in ORIENTED.items()}
assert SPACE_OFFSETS == (0, 1, S, S + 1)  # put_tile writes the grid in this order


class UnderTheLeavesState(State):
    __slots__ = (
        "bag",
        "bees",
        "burly_bar",
        "burly_holder",
        "cards",
        "draws_left",
        "dwellers",
        "grid",
        "humm_base",
        "humm_col",
        "humm_row",
        "largest",
        "market",
        "masks",
        "num_players",
        "options",
        "pending",
        "phase",
        "placed",
        "pollinated",
        "redacted",
        "rng",
        "sectors",
        "seed",
        "spots",
        "taken",
        "tiles",
        "to_move",
        "used",
        "viewer",
    )

    def __init__(self, num_players: int, seed: int, options: dict[str, OptionValue]) -> None:
        n = num_players
        self.init_base(num_players, seed, options)
        self.cards: tuple[str, str, str] = ("", "", "")  # leaf, mushroom, puddle card in play
        self.bag: list[int] = []  # tiles not seen yet: sorted, or in draw order when scripted
        self.draws_left = 0  # market refills still to come (the public bag count)
        self.market: list[int] = []
        self.phase: Phase = TAKE
        self.to_move = 0
        self.taken = 0  # the tile being placed (phase PLACE)
        self.pending: list[Pair] = []  # Collector/Friendly pairs still to settle this turn
        self.burly_holder = -1
        self.burly_bar = 0
        # -- per player --
        self.placed: list[tuple[tuple[int, int, int, int], ...]] = [()] * n  # (tile, x, y, o)
        self.grid = bytearray(GRID * n)
        self.masks: list[int] = [0] * (NMASKS * n)
        self.tiles: list[int] = [0] * n  # tile-grid occupancy
        self.sectors: list[tuple[tuple[int, int, int], ...]] = [()] * n  # (colour, mask, bees)
        self.pollinated: list[int] = [0] * n  # union of the pollinated sectors
        self.bees: list[int] = [0] * n
        self.largest: list[int] = [0] * n  # largest sector size (Burly, §9)
        self.humm_base: list[int] = [0] * n  # tile-grid masks of the three hummingbirds (§6)
        self.humm_row: list[int] = [0] * n
        self.humm_col: list[int] = [0] * n
        self.used: list[int] = [0] * (3 * n)  # spaces used by each family's card (§7)
        self.dwellers: list[int] = [0] * (3 * n)  # figures of each family
        self.spots: list[tuple[tuple[int, int], ...]] = [()] * n  # (family, space bit)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER  # current_player's answer without the property (playouts ask it)

    def put_tile(self, p: int, tile: int, tb: int, o: int) -> None:
        """Lay a tile in player p's garden (grid, bitboards, tile list) at tile-grid bit `tb`
        in orientation `o`. Nothing arrives: that is the rules' part (rules.arrivals), and the
        set-up and loading a save lay tiles without it."""
        t = TILE_TO_SPACE[tb]
        masks = self.masks
        base = NMASKS * p
        grid = self.grid
        g0 = p * GRID + t
        a, b, c, d = ORIENTED[tile][o]  # at SPACE_OFFSETS (asserted below LAYS)
        grid[g0] = a
        grid[g0 + 1] = b
        grid[g0 + S] = c
        grid[g0 + S + 1] = d
        for index, bits in LAYS[tile][o]:
            masks[base + index] |= bits << t
        self.tiles[p] |= 1 << tb
        x, y = tile_xy(tb)
        self.placed[p] += ((tile, x, y, o),)

    # -- copying and saving -----------------------------------------------------------------
    def clone(self) -> UnderTheLeavesState:
        new = UnderTheLeavesState.__new__(UnderTheLeavesState)
        self.copy_base(new)
        new.cards = self.cards
        new.bag = self.bag[:]
        new.draws_left = self.draws_left
        new.market = self.market[:]
        new.phase = self.phase
        new.to_move = self.to_move
        new.taken = self.taken
        new.pending = self.pending[:]
        new.burly_holder = self.burly_holder
        new.burly_bar = self.burly_bar
        new.placed = self.placed[:]
        new.grid = self.grid[:]
        new.masks = self.masks[:]
        new.tiles = self.tiles[:]
        new.sectors = self.sectors[:]
        new.pollinated = self.pollinated[:]
        new.bees = self.bees[:]
        new.largest = self.largest[:]
        new.humm_base = self.humm_base[:]
        new.humm_row = self.humm_row[:]
        new.humm_col = self.humm_col[:]
        new.used = self.used[:]
        new.dwellers = self.dwellers[:]
        new.spots = self.spots[:]
        return new

    def to_dict(self) -> dict[str, Any]:
        out = self.base_dict()
        out.update(
            cards=list(self.cards),
            bag=list(self.bag),
            draws_left=self.draws_left,
            market=list(self.market),
            phase=self.phase.value,
            to_move=self.to_move,
            taken=self.taken,
            pending=[pair.to_list() for pair in self.pending],
            burly_holder=self.burly_holder,
            burly_bar=self.burly_bar,
            gardens=[self._garden_dict(p) for p in range(self.num_players)],
        )
        return out

    def _garden_dict(self, p: int) -> dict[str, Any]:
        return {
            "tiles": [list(t) for t in self.placed[p]],
            "sectors": [
                [colour, bees, spaces_list(mask)] for colour, mask, bees in self.sectors[p]
            ],
            "bees": self.bees[p],
            "largest": self.largest[p],
            "hummingbirds": [
                tiles_list(m) for m in (self.humm_base[p], self.humm_row[p], self.humm_col[p])
            ],
            "used": [spaces_list(self.used[3 * p + f]) for f in range(3)],
            "dwellers": self.dwellers[3 * p : 3 * p + 3],
            "spots": [[f, *space_xy(b)] for f, b in self.spots[p]],
        }

    @classmethod
    def from_dict(
        cls, players: int, seed: int, options: dict[str, OptionValue], data: Mapping[str, Any]
    ) -> UnderTheLeavesState:
        s = cls(players, seed, options)
        for p, garden in enumerate(_load(s, data)):
            _load_garden(s, p, garden)
        _check_turn(s)
        for p in range(players):
            _check_garden(s, p)
        _check_burly(s)
        return s


# -- loading --------------------------------------------------------------------------------------
def _load(s: UnderTheLeavesState, data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The fields outside the gardens, each checked on its own; returns the gardens."""
    n = s.num_players
    s.load_base(data)
    cards = require(data, "cards", list)
    if len(cards) != 3 or any(
        not isinstance(c, str) or c not in FAMILY_CARDS[f] for f, c in enumerate(cards)
    ):
        raise InvalidStateError(
            "saved state field 'cards' must name a leaf, mushroom and puddle card"
        )
    s.cards = (cards[0], cards[1], cards[2])
    s.bag = int_list(data, "bag")
    s.draws_left = require(data, "draws_left", int)
    s.market = int_list(data, "market")
    phase = require(data, "phase", str)
    try:
        s.phase = Phase(phase)
    except ValueError:
        raise InvalidStateError(f"saved state has an unknown phase {phase!r}") from None
    s.to_move = require(data, "to_move", int)
    if not 0 <= s.to_move < n:
        raise InvalidStateError("saved state field 'to_move' is not a player")
    s.taken = require(data, "taken", int)
    s.pending = [Pair.from_list(row) for row in int_rows(data, "pending", width=5)]
    s.burly_holder = require(data, "burly_holder", int)
    s.burly_bar = require(data, "burly_bar", int)
    if not -1 <= s.burly_holder < n:
        raise InvalidStateError("saved state field 'burly_holder' is not a player")
    gardens: list[Mapping[str, Any]] = require(data, "gardens", list)
    if len(gardens) != n or not all(isinstance(g, dict) for g in gardens):
        raise InvalidStateError("saved state needs one garden per player")
    return gardens


def _load_garden(s: UnderTheLeavesState, p: int, g: Mapping[str, Any]) -> None:
    """Lay player p's tiles again (each next to the garden, every tile once), then read what
    the arrivals remember."""
    tiles = int_rows(g, "tiles", width=4)
    if not tiles or len(tiles) > MAX_TILES + 1:
        raise InvalidStateError(f"garden {p} has a bad number of tiles")
    seen = {t[0] for garden in s.placed for t in garden}
    for i, (tile, x, y, o) in enumerate(tiles):
        start = i == 0
        if (tile in START_TILES) != start or tile not in TILES or tile in seen:
            raise InvalidStateError(f"garden {p} has a bad tile {tile}")
        if not 0 <= o < 8 or (start and (x, y, o) != (0, 0, 0)):
            raise InvalidStateError(f"garden {p} has a bad placement {[tile, x, y, o]!r}")
        read_xy([x, y], MAX_TILES)
        b = tile_bit(x, y)
        near = s.tiles[p] & ((1 << (b - 1)) | (1 << (b + 1)) | (1 << (b - T)) | (1 << (b + T)))
        if s.tiles[p] >> b & 1 or (not start and not near):
            raise InvalidStateError(f"garden {p}: tile {tile} is not placed next to the garden")
        seen.add(tile)
        s.put_tile(p, tile, b, o)
    rebuilt = []
    for item in require(g, "sectors", list):
        if not isinstance(item, list) or len(item) != 3:
            raise InvalidStateError("saved state has a malformed bee sector")
        colour, bees, spaces = item
        if type(colour) is not int or colour not in COLOURS or not isinstance(bees, int):
            raise InvalidStateError("saved state has a malformed bee sector")
        mask = spaces_mask(spaces)
        if mask & ~s.masks[NMASKS * p + colour]:
            raise InvalidStateError("a saved bee sector lies outside its colour")
        rebuilt.append((colour, mask, bees))
        s.pollinated[p] |= mask
    s.sectors[p] = tuple(rebuilt)
    s.bees[p] = require(g, "bees", int)
    s.largest[p] = require(g, "largest", int)
    humm = require(g, "hummingbirds", list)
    if len(humm) != 3:
        raise InvalidStateError("saved state field 'hummingbirds' is malformed")
    s.humm_base[p], s.humm_row[p], s.humm_col[p] = (tiles_mask(h) for h in humm)
    used = require(g, "used", list)
    if len(used) != 3:
        raise InvalidStateError("saved state field 'used' is malformed")
    for f in range(3):
        s.used[3 * p + f] = spaces_mask(used[f])
    s.dwellers[3 * p : 3 * p + 3] = int_list(g, "dwellers", length=3)
    spots = []
    for f, x, y in int_rows(g, "spots", width=3):
        if f not in (0, 1, 2):
            raise InvalidStateError("saved state has a figure of a bad family")
        spots.append((f, space_bit(*read_xy([x, y], SPACE_REACH))))
    s.spots[p] = tuple(spots)


# -- could a game have reached it? ---------------------------------------------------------------
def _check_turn(s: UnderTheLeavesState) -> None:
    """The tiles, the market, the phase and the cards agree with each other and the options."""
    seen = {t[0] for garden in s.placed for t in garden}
    for t in [*s.market, *s.bag, *([s.taken] if s.taken else [])]:
        if t not in GARDEN_TILES or t in seen:
            raise InvalidStateError(f"saved state uses garden tile {t} twice or it is unknown")
        seen.add(t)
    if s.phase == PLACE and not s.taken:
        raise InvalidStateError("saved state is placing but has no tile taken")
    if s.phase == PLACE and len(s.placed[s.to_move]) > MAX_TILES:
        raise InvalidStateError("saved state asks a full garden to place another tile")
    if s.phase != PLACE and s.taken:
        raise InvalidStateError("saved state has a taken tile outside the placing phase")
    if (s.phase == CHOOSE) != bool(s.pending):
        raise InvalidStateError("saved state's pending choices do not match its phase")
    if s.draws_left < 0 or s.draws_left > len(s.bag):
        raise InvalidStateError("saved state's bag count is impossible")
    if len(s.market) != (MARKET_SIZE if s.phase == TAKE else MARKET_SIZE - 1):
        raise InvalidStateError(f"saved state has {len(s.market)} market tiles in phase {s.phase}")
    if s.phase == OVER and s.draws_left:
        raise InvalidStateError("saved state is over but the market could still be refilled")
    if s.phase == TAKE and len(s.placed[s.to_move]) > MAX_TILES:
        raise InvalidStateError("saved state asks a full garden to take another tile")
    for f, option in enumerate(FAMILIES):
        chosen = str(s.options.get(option, "random"))
        if chosen == "random" and s.options.get("first_game"):
            chosen = FIRST_GAME_CARDS[f]
        if chosen != "random" and s.cards[f] != chosen:
            raise InvalidStateError(f"saved state's {option} card contradicts its options")
    # §12 U5: each pending pair is a diagonal pair of the card's own kind of space
    masks = s.masks[NMASKS * s.to_move : NMASKS * (s.to_move + 1)]
    if not all(pair.possible(s.cards, masks) for pair in s.pending):
        raise InvalidStateError("saved state has an impossible pending choice")


def _check_garden(s: UnderTheLeavesState, p: int) -> None:
    """What the arrivals remember is what a full rescan of the garden finds: the arrivals are
    incremental (rules.py), so a memory that contradicts its garden would silently give wrong
    figures later."""
    masks = s.masks[NMASKS * p : NMASKS * (p + 1)]
    occupied = masks[0]
    sectors, largest = all_sectors({colour: masks[colour] for colour in COLOURS})
    if {(c, m) for c, m, _ in s.sectors[p]} != sectors or len(s.sectors[p]) != len(sectors):
        raise InvalidStateError(f"garden {p}: the saved bee sectors are not its pollinated sectors")
    if any(b < 1 for _, _, b in s.sectors[p]) or s.bees[p] != sum(b for _, _, b in s.sectors[p]):
        raise InvalidStateError(f"garden {p}: the saved bees do not add up")
    if s.largest[p] != (largest if len(s.placed[p]) > 1 else 0):
        raise InvalidStateError(f"garden {p}: the saved largest sector is wrong")
    # §6: the base bird is on exactly the tiles whose terrain is all pollinated
    base = bird_tiles(s.tiles[p], occupied & ~masks[PUDDLE] & ~s.pollinated[p])
    if (s.humm_base[p], s.humm_row[p], s.humm_col[p]) != (base, *bird_lines(base)):
        raise InvalidStateError(f"garden {p}: the saved hummingbirds do not match the garden")
    counts = [0, 0, 0]
    for f, b in s.spots[p]:
        counts[f] += 1
        if not occupied >> b & 1:
            raise InvalidStateError(f"garden {p} has a figure outside the garden")
    if s.dwellers[3 * p : 3 * p + 3] != counts:
        raise InvalidStateError(f"garden {p}: the saved dweller counts do not match the figures")
    if any(s.used[3 * p + f] & ~occupied for f in range(3)):
        raise InvalidStateError(f"garden {p}: a dweller card remembers a space outside it")


def _check_burly(s: UnderTheLeavesState) -> None:
    """§9, §12 U7: the bar is always the holder's largest sector; nobody else's is larger."""
    holder, bar = s.burly_holder, s.burly_bar
    if not s.options.get("burly"):
        ok = (holder, bar) == (-1, 0)
    elif holder < 0:
        ok = bar == 0 and all(size < BURLY_MIN_SECTOR for size in s.largest)
    else:
        ok = bar == s.largest[holder] >= BURLY_MIN_SECTOR and max(s.largest) <= bar
    if not ok:
        raise InvalidStateError("saved state's Burly holder or bar is impossible")
