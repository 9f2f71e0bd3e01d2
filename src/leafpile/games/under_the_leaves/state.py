"""Under the Leaves state: plain data, a cheap hand-written clone and a canonical JSON form.

Per player the garden is kept twice: `grid` (one bytearray for all players, a space's type code
at `player * GRID + space bit`) for looking up single spaces, and bitboards in `masks` (eight
ints per player: occupied, the five colours, puddles, mushrooms) for sectors and patterns. The
bitboards, the grid and the tile occupancy are rebuilt from the list of placed tiles when a
save is loaded; everything the arrivals remember (bee sectors, hummingbirds, the spaces each
dweller card has used) is saved explicitly.

Per-player records that change rarely are tuples, so `clone()` copies only flat lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leafpile.engine import (
    TERMINAL,
    Action,
    InvalidStateError,
    OptionValue,
    State,
    int_list,
    require,
)
from leafpile.games.under_the_leaves import rules
from leafpile.games.under_the_leaves.components import (
    BURLY_MIN_SECTOR,
    COLOURS,
    DWELLER_BY_NAME,
    FAMILIES,
    FAMILY_CARDS,
    FIRST_GAME_CARDS,
    GARDEN_TILES,
    MARKET_SIZE,
    MAX_TILES,
    MUSH,
    PUDDLE,
    START_TILES,
    TILE_SPACES,
    TILE_TO_SPACE,
    TILES,
    S,
    T,
    bits,
    space_bit,
    space_xy,
    tile_bit,
    tile_xy,
)

TAKE, PLACE, CHOOSE, OVER = "take", "place", "choose", "over"
PHASES = (TAKE, PLACE, CHOOSE, OVER)
GRID = S * S  # bytes of one player's space grid
NMASKS = 8  # occupied, 5 colours (index = colour code), puddle (6), mushroom (7)
MUSHROOM_MASK = 7


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
        self.phase = TAKE
        self.to_move = 0
        self.taken = 0  # the tile being placed (phase PLACE)
        #: Collector/Friendly pairs still to resolve this turn: (family, space bit, space bit).
        self.pending: list[tuple[int, int, int]] = []
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

    # -- the protocol ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def apply(self, action: Action) -> None:
        rules.apply(self, action)

    def scores(self) -> list[float]:
        return rules.scores(self)

    def winners(self) -> list[int]:
        return rules.winners(self)

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
        n = self.num_players
        out.update(
            cards=list(self.cards),
            bag=list(self.bag),
            draws_left=self.draws_left,
            market=list(self.market),
            phase=self.phase,
            to_move=self.to_move,
            taken=self.taken,
            pending=[[f, *space_xy(a), *space_xy(b)] for f, a, b in self.pending],
            burly_holder=self.burly_holder,
            burly_bar=self.burly_bar,
            gardens=[
                {
                    "tiles": [list(t) for t in self.placed[p]],
                    "sectors": [
                        [colour, bees, spaces_list(mask)] for colour, mask, bees in self.sectors[p]
                    ],
                    "bees": self.bees[p],
                    "largest": self.largest[p],
                    "hummingbirds": [
                        tiles_list(m)
                        for m in (self.humm_base[p], self.humm_row[p], self.humm_col[p])
                    ],
                    "used": [spaces_list(self.used[3 * p + f]) for f in range(3)],
                    "dwellers": self.dwellers[3 * p : 3 * p + 3],
                    "spots": [[f, *space_xy(b)] for f, b in self.spots[p]],
                }
                for p in range(n)
            ],
        )
        return out

    @classmethod
    def from_dict(
        cls, players: int, seed: int, options: dict[str, OptionValue], data: Mapping[str, Any]
    ) -> UnderTheLeavesState:
        s = cls(players, seed, options)
        try:
            _load(s, data)
        except (TypeError, ValueError, KeyError, IndexError) as e:
            if isinstance(e, InvalidStateError):
                raise
            raise InvalidStateError(f"saved Under the Leaves state is malformed: {e}") from None
        return s


# -- JSON helpers ---------------------------------------------------------------------------------
def spaces_list(mask: int) -> list[list[int]]:
    return [list(space_xy(b)) for b in bits(mask)]


def tiles_list(mask: int) -> list[list[int]]:
    return [list(tile_xy(b)) for b in bits(mask)]


def _xy(item: Any, reach: int) -> tuple[int, int]:
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
        mask |= 1 << space_bit(*_xy(item, 2 * MAX_TILES + 1))
    return mask


def tiles_mask(items: Any) -> int:
    if not isinstance(items, list):
        raise InvalidStateError("saved state has a bad list of tiles")
    mask = 0
    for item in items:
        mask |= 1 << tile_bit(*_xy(item, MAX_TILES))
    return mask


def _ints(value: Any, length: int, what: str) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise InvalidStateError(f"saved state field {what!r} is malformed")
    return list(value)


def _load(s: UnderTheLeavesState, data: Mapping[str, Any]) -> None:
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
    assert all(c in DWELLER_BY_NAME for c in s.cards)
    s.bag = int_list(data, "bag")
    s.draws_left = require(data, "draws_left", int)
    s.market = int_list(data, "market")
    s.phase = require(data, "phase", str)
    if s.phase not in PHASES:
        raise InvalidStateError(f"saved state has an unknown phase {s.phase!r}")
    s.to_move = require(data, "to_move", int)
    if not 0 <= s.to_move < n:
        raise InvalidStateError("saved state field 'to_move' is not a player")
    s.taken = require(data, "taken", int)
    pending = require(data, "pending", list)
    s.pending = []
    for item in pending:
        f, x1, y1, x2, y2 = _ints(item, 5, "pending")
        if f not in (1, 2):
            raise InvalidStateError("saved state has a pending choice for a bad family")
        s.pending.append((f, space_bit(*_xy([x1, y1], 25)), space_bit(*_xy([x2, y2], 25))))
    s.burly_holder = require(data, "burly_holder", int)
    s.burly_bar = require(data, "burly_bar", int)
    if not -1 <= s.burly_holder < n:
        raise InvalidStateError("saved state field 'burly_holder' is not a player")
    gardens = require(data, "gardens", list)
    if len(gardens) != n or not all(isinstance(g, dict) for g in gardens):
        raise InvalidStateError("saved state needs one garden per player")
    seen: set[int] = set()
    for p, g in enumerate(gardens):
        tiles = require(g, "tiles", list)
        if not tiles or len(tiles) > MAX_TILES + 1:
            raise InvalidStateError(f"garden {p} has a bad number of tiles")
        for i, item in enumerate(tiles):
            tile, x, y, o = _ints(item, 4, "tiles")
            start = i == 0
            if (tile in START_TILES) != start or tile not in TILES or tile in seen:
                raise InvalidStateError(f"garden {p} has a bad tile {tile}")
            if not 0 <= o < 8 or (start and (x, y, o) != (0, 0, 0)):
                raise InvalidStateError(f"garden {p} has a bad placement {item!r}")
            _xy([x, y], MAX_TILES)
            b = tile_bit(x, y)
            near = s.tiles[p] & ((1 << (b - 1)) | (1 << (b + 1)) | (1 << (b - T)) | (1 << (b + T)))
            if s.tiles[p] >> b & 1 or (not start and not near):
                raise InvalidStateError(f"garden {p}: tile {tile} is not placed next to the garden")
            seen.add(tile)
            rules.put_tile(s, p, tile, b, o)
        sectors = require(g, "sectors", list)
        rebuilt = []
        for item in sectors:
            if not isinstance(item, list) or len(item) != 3:
                raise InvalidStateError("saved state has a malformed bee sector")
            colour, bees, spaces = item
            if colour not in COLOURS or not isinstance(bees, int):
                raise InvalidStateError("saved state has a malformed bee sector")
            mask = spaces_mask(spaces)
            if mask & ~s.masks[8 * p + colour]:
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
        s.dwellers[3 * p : 3 * p + 3] = _ints(require(g, "dwellers", list), 3, "dwellers")
        spots = []
        for item in require(g, "spots", list):
            f, x, y = _ints(item, 3, "spots")
            if f not in (0, 1, 2):
                raise InvalidStateError("saved state has a figure of a bad family")
            spots.append((f, space_bit(*_xy([x, y], 25))))
        s.spots[p] = tuple(spots)
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
    _check_consistent(s)


def _check_consistent(s: UnderTheLeavesState) -> None:
    """Refuse saves that no game could reach: the arrivals are incremental (rules.py), so a
    memory that contradicts its garden would silently give wrong figures later."""
    n = s.num_players
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
    for p in range(n):
        _check_garden(s, p)
    _check_burly(s)
    _check_pending(s)


def _check_garden(s: UnderTheLeavesState, p: int) -> None:
    masks = s.masks[NMASKS * p : NMASKS * (p + 1)]
    occupied = masks[0]
    sectors = set()
    largest = 0
    for colour in COLOURS:
        left = masks[colour]
        while left:
            sector = rules.flood(left & -left, masks[colour])
            left &= ~sector
            largest = max(largest, sector.bit_count())
            if sector.bit_count() >= 3:
                sectors.add((colour, sector))
    if {(c, m) for c, m, _ in s.sectors[p]} != sectors or len(s.sectors[p]) != len(sectors):
        raise InvalidStateError(f"garden {p}: the saved bee sectors are not its pollinated sectors")
    if any(b < 1 for _, _, b in s.sectors[p]) or s.bees[p] != sum(b for _, _, b in s.sectors[p]):
        raise InvalidStateError(f"garden {p}: the saved bees do not add up")
    if s.largest[p] != (largest if len(s.placed[p]) > 1 else 0):
        raise InvalidStateError(f"garden {p}: the saved largest sector is wrong")
    # §6: the base bird is on exactly the tiles whose terrain is all pollinated
    terrain = occupied & ~masks[PUDDLE]
    base = 0
    for b in bits(s.tiles[p]):
        if (TILE_SPACES << TILE_TO_SPACE[b]) & terrain & ~s.pollinated[p] == 0:
            base |= 1 << b
    if (s.humm_base[p], s.humm_row[p], s.humm_col[p]) != (
        base,
        base & (base << 1) & (base >> 1),
        base & (base << T) & (base >> T),
    ):
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


def _check_pending(s: UnderTheLeavesState) -> None:
    """§12 U5: each pending choice is a diagonal pair of the card's own kind of space."""
    p = s.to_move
    for family, a, b in s.pending:
        card, kind = ("collector", MUSHROOM_MASK) if family == MUSH else ("friendly", PUDDLE)
        spaces = s.masks[NMASKS * p + kind]
        if (
            s.cards[family] != card
            or b - a not in (S - 1, S + 1)
            or not (spaces >> a & 1 and spaces >> b & 1)
        ):
            raise InvalidStateError("saved state has an impossible pending choice")
