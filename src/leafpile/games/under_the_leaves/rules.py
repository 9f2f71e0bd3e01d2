"""Under the Leaves rules: set-up, turns, the arrivals of beings, end of game and scoring.

Rule references are to shared/rules/under-the-leaves.md. Arrivals are incremental: gardens only
grow (§4), so after a placement only the sectors that contain a space of the new tile can have
changed, and only patterns touching the new tile can be new. Everything else was settled on an
earlier turn, and the cards' memories (`used` masks) only grow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from leafpile.engine import Action, opt_ints, opt_str
from leafpile.games.under_the_leaves.actions import CHOOSE, PLACES, TAKE, Choose, Place, Take
from leafpile.games.under_the_leaves.components import (
    BURLY_MIN_SECTOR,
    BURLY_POINTS,
    COLOURS,
    FAMILY_CARDS,
    FIRST_GAME_CARDS,
    GARDEN_TILES,
    LEAF,
    MAJORITY_BONUS,
    MARKET_SIZE,
    MUSH,
    MUSHROOM,
    OFF,
    ORIENTED,
    PUDDLE,
    SPACE_OFFSETS,
    START_SPACE_BIT,
    START_TILE_BIT,
    START_TILES,
    TILE_SPACES,
    TILE_TO_SPACE,
    TILES_PER_PLAYER,
    TOFF,
    TYPE_MASK,
    WATER,
    S,
    T,
    bits,
    tile_xy,
)

if TYPE_CHECKING:
    from leafpile.games.under_the_leaves.state import UnderTheLeavesState

GRID = S * S
SQUARE = TILE_SPACES  # a 2x2 block of spaces at its top-left bit
#: Top-left bits of the 2x2 windows that touch a tile, relative to the tile's top-left space, in
#: (row, column) order: only these can become new Thoughtful squares or Flirty blocks (§12 U1-U2).
WINDOWS_AROUND = tuple(dy * S + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1))
DIAGONALS = (S - 1, S + 1)  # from a space to its lower-left and lower-right neighbours


def _groups(codes: tuple[int, int, int, int]) -> tuple[tuple[tuple[int, int], ...], int, int]:
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


# -- set-up (§2) ----------------------------------------------------------------------------------
def cards_for(options: dict[str, object], rng_pick: list[int]) -> tuple[str, str, str]:
    """The three dweller cards: one option per family ('random' or a card name); the
    first-game option fills the families left random with the leaf-marked trio (§2.2)."""
    first_game = bool(options.get("first_game", False))
    chosen = []
    for f, family in enumerate(("leaf", "mushroom", "puddle")):
        name = str(options.get(family, "random"))
        if name == "random":
            name = FIRST_GAME_CARDS[f] if first_game else FAMILY_CARDS[f][rng_pick[f]]
        chosen.append(name)
    return chosen[0], chosen[1], chosen[2]


def setup(s: UnderTheLeavesState) -> None:
    """Starting tiles, dweller cards, the bag by player count, the market, the first player.

    The bag is kept as a sorted list of the unseen tiles plus the number of refills still to
    come (`draws_left`); each refill draws uniformly from it with the state's RNG. That is the
    same as removing unseen tiles at set-up and drawing later (§2.3), and it keeps the hidden
    information down to the RNG. A scripted bag (option `bag`) is drawn in its given order.
    """
    n = s.num_players
    rng = s.rng
    scripted_starts = opt_ints(s.options, "start_tiles")
    if scripted_starts:
        starts = [START_TILES[i - 1] for i in scripted_starts]  # 1-4 name S1-S4
    else:
        starts = list(START_TILES)
        rng.shuffle(starts)
    picks = [rng.randrange(len(FAMILY_CARDS[f])) for f in range(3)]
    s.cards = cards_for(dict(s.options), picks)
    scripted_bag = opt_ints(s.options, "bag")
    if scripted_bag:
        s.market = list(scripted_bag[:MARKET_SIZE])
        s.bag = list(scripted_bag[MARKET_SIZE:])
        s.draws_left = len(s.bag)
    else:
        s.bag = list(GARDEN_TILES)
        s.market = [s.bag.pop(rng.randrange(len(s.bag))) for _ in range(MARKET_SIZE)]
        # every player gets 12 turns; the last 2 market tiles are never taken (§2.3)
        s.draws_left = TILES_PER_PLAYER * n + 2 - MARKET_SIZE
    for p in range(n):
        put_tile(s, p, starts[p], START_TILE_BIT, 0)  # §12 U9: no arrivals for it
    first = opt_str(s.options, "first_player", "random")
    s.to_move = rng.randrange(n) if first == "random" else int(first)


def draw(s: UnderTheLeavesState) -> int:
    s.draws_left -= 1
    if opt_ints(s.options, "bag"):
        return s.bag.pop(0)
    return s.bag.pop(s.rng.randrange(len(s.bag)))


# -- legal actions --------------------------------------------------------------------------------
def legal_actions(s: UnderTheLeavesState) -> list[Action]:
    phase = s.phase
    if phase == "take":
        return [TAKE[t] for t in s.market]
    if phase == "place":
        occ = s.tiles[s.to_move]
        free = ((occ << 1) | (occ >> 1) | (occ << T) | (occ >> T)) & ~occ  # §3 phase 1
        out: list[Action] = []
        while free:
            low = free & -free
            out.extend(PLACES[low.bit_length() - 1])
            free ^= low
        return out
    if phase == "choose":
        return [CHOOSE[b] for b in choice_spaces(s)]
    return []


def choice_spaces(s: UnderTheLeavesState) -> list[int]:
    """Where the figure of the first pending pair may go (§12 U5): a space of the pair that
    holds no figure of that card; either space when both already hold one."""
    family, a, b = s.pending[0]
    used = s.used[3 * s.to_move + family]
    free = [x for x in (a, b) if not used >> x & 1]
    return free or [a, b]


# -- applying -------------------------------------------------------------------------------------
def apply(s: UnderTheLeavesState, action: Action) -> None:
    kind = type(action)
    if kind is Take:
        assert isinstance(action, Take)
        s.market.remove(action.tile)
        s.taken = action.tile
        s.phase = "place"
    elif kind is Place:
        assert isinstance(action, Place)
        p = s.to_move
        tile, s.taken = s.taken, 0
        tb = (action.y + TOFF) * T + (action.x + TOFF)
        put_tile(s, p, tile, tb, action.o)
        arrivals(s, p, TILE_TO_SPACE[tb], GROUPS[tile][action.o])
        if s.pending:
            s.phase = "choose"
        else:
            end_turn(s)
    elif kind is Choose:
        assert isinstance(action, Choose)
        p = s.to_move
        family = s.pending.pop(0)[0]
        b = (action.y + OFF) * S + (action.x + OFF)
        s.used[3 * p + family] |= 1 << b
        s.dwellers[3 * p + family] += 1
        s.spots[p] += ((family, b),)
        if not s.pending:
            end_turn(s)
    else:  # pragma: no cover - play() only passes legal actions
        raise TypeError(f"not an Under the Leaves action: {action!r}")


def end_turn(s: UnderTheLeavesState) -> None:
    """Refill the market; the game ends when it cannot be refilled (§3 end of turn)."""
    if s.draws_left <= 0:
        s.phase = "over"
        return
    s.market.append(draw(s))
    s.to_move = (s.to_move + 1) % s.num_players
    s.phase = "take"


def put_tile(s: UnderTheLeavesState, p: int, tile: int, tb: int, o: int) -> None:
    """Lay a tile in player p's garden (grid, bitboards, tile list); no arrivals."""
    t = TILE_TO_SPACE[tb]
    masks = s.masks
    base = 8 * p
    grid = s.grid
    g0 = p * GRID + t
    for off, code in zip(SPACE_OFFSETS, ORIENTED[tile][o], strict=True):
        grid[g0 + off] = code
        bit = 1 << (t + off)
        masks[base + (code & TYPE_MASK)] |= bit
        if code & MUSHROOM:
            masks[base + 7] |= bit
    masks[base] |= TILE_SPACES << t
    s.tiles[p] |= 1 << tb
    x, y = tile_xy(tb)
    s.placed[p] += ((tile, x, y, o),)


def flood(seed: int, mask: int) -> int:
    """The orthogonally connected part of `mask` that contains `seed` (bit dilation)."""
    region = seed & mask
    while True:
        grown = (region | (region << 1) | (region >> 1) | (region << S) | (region >> S)) & mask
        if grown == region:
            return region
        region = grown


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


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


def arrivals(
    s: UnderTheLeavesState,
    p: int,
    t: int,
    groups: tuple[tuple[tuple[int, int], ...], int, int],
) -> None:
    """Phase 2 (§3): bees, hummingbirds, then the three dweller cards, for player p's new tile
    whose top-left space is bit t."""
    colour_groups, puddle_local, mushroom_local = groups
    masks = s.masks
    base = 8 * p
    new = TILE_SPACES << t
    # The sectors that contain the new tile: the only ones that changed (§4).
    comps = []
    for colour, local in colour_groups:
        comp = flood(local << t, masks[base + colour])
        comps.append((colour, comp, comp.bit_count()))

    # -- bees (§5, §12 U8) ---------------------------------------------------------------------
    poll_before = s.pollinated[p]
    poll = poll_before
    sectors = s.sectors[p]
    for colour, comp, size in comps:
        if size < 3:
            continue
        poll |= comp
        if comp & poll_before == 0:  # a new pollinated sector: 1 bee, +1 on each other one
            others = [(c, m, b + 1) if c == colour else (c, m, b) for c, m, b in sectors]
            gained = 1 + sum(1 for c, _, _ in sectors if c == colour)
            sectors = (*others, (colour, comp, 1))
            s.bees[p] += gained
        else:  # grown or merged: one record, bees summed, no new bee
            joined = 0
            kept = []
            for c, m, b in sectors:
                if c == colour and m & comp:
                    joined += b
                else:
                    kept.append((c, m, b))
            sectors = (*kept, (colour, comp, joined))
    if poll != poll_before:
        s.sectors[p] = sectors
        s.pollinated[p] = poll
        # -- hummingbirds (§6) -----------------------------------------------------------------
        terrain = masks[base] & ~masks[base + PUDDLE]
        hb = s.humm_base[p]
        waiting = s.tiles[p] & ~hb
        while waiting:
            low = waiting & -waiting
            tb = low.bit_length() - 1
            waiting ^= low
            if (TILE_SPACES << TILE_TO_SPACE[tb]) & terrain & ~poll == 0:
                hb |= low
        if hb != s.humm_base[p]:
            s.humm_base[p] = hb
            s.humm_row[p] = hb & (hb << 1) & (hb >> 1)
            s.humm_col[p] = hb & (hb << T) & (hb >> T)

    # -- the dweller cards (§7; order leaf, puddle, mushroom) ------------------------------------
    leaf, mush, water = s.cards
    gained_spots: list[tuple[int, int]] = []
    _LEAF[leaf](s, p, t, new, comps, gained_spots)
    pending: list[tuple[int, int, int]] = []
    if puddle_local:
        _WATER[water](s, p, t, new, puddle_local << t, gained_spots, pending)
    elif water == "shy":
        _shy(s, p, t, new, 0, gained_spots, pending)
    _MUSH[mush](s, p, t, new, comps, mushroom_local << t, gained_spots, pending)
    if gained_spots:
        s.spots[p] += tuple(gained_spots)
    s.pending = pending

    # -- Burly (§9, §12 U7) --------------------------------------------------------------------
    if comps:
        big = max(size for _, _, size in comps)
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


Comps = list[tuple[int, int, int]]
Spots = list[tuple[int, int]]
Pending = list[tuple[int, int, int]]


def _figure(s: UnderTheLeavesState, p: int, family: int, b: int, spots: Spots) -> None:
    s.dwellers[3 * p + family] += 1
    spots.append((family, b))


# -- leaf dwellers (§7.1) ------------------------------------------------------------------------
def _thoughtful(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: Comps, spots: Spots
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


def _flirty(s: UnderTheLeavesState, p: int, t: int, new: int, comps: Comps, spots: Spots) -> None:
    """2x2 windows of four different types (puddle included) that touch the new tile, greedy
    (row, column) scan; the starting tile's own window never counts (§12 U2)."""
    used = s.used[3 * p + LEAF]
    grid = s.grid
    g0 = p * GRID
    for d in WINDOWS_AROUND:
        b = t + d
        if b == START_SPACE_BIT or (SQUARE << b) & used:
            continue
        g = g0 + b
        kinds = (
            (1 << (grid[g] & 7)) | (1 << (grid[g + 1] & 7))
            | (1 << (grid[g + S] & 7)) | (1 << (grid[g + S + 1] & 7))
        )  # fmt: skip
        if kinds & 1 == 0 and kinds.bit_count() == 4:
            used |= SQUARE << b
            _figure(s, p, LEAF, b, spots)
    s.used[3 * p + LEAF] = used


def _restless(s: UnderTheLeavesState, p: int, t: int, new: int, comps: Comps, spots: Spots) -> None:
    """A pollinated sector of 5+ spaces overlapping no earlier Restless record (§12 U3)."""
    used = s.used[3 * p + LEAF]
    for _, comp, size in comps:
        if size >= 5 and comp & used == 0:
            used |= comp
            _figure(s, p, LEAF, lowest(comp & new), spots)
    s.used[3 * p + LEAF] = used


def _runner(s: UnderTheLeavesState, p: int, t: int, new: int, comps: Comps, spots: Spots) -> None:
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
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: Comps, mush: int, spots: Spots,
    pending: Pending,
) -> None:  # fmt: skip
    """A sector of any size with 2+ mushrooms none of which an earlier Host record holds
    (§12 U4)."""
    used = s.used[3 * p + MUSH]
    mushrooms = s.masks[8 * p + 7]
    for _, comp, _size in comps:
        found = comp & mushrooms
        if found.bit_count() >= 2 and found & used == 0:
            used |= found
            _figure(s, p, MUSH, lowest(comp & new), spots)
    s.used[3 * p + MUSH] = used


def _explorer(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: Comps, mush: int, spots: Spots,
    pending: Pending,
) -> None:  # fmt: skip
    """Every Explorer-free mushroom between two other Explorer-free mushrooms of its space-row
    or space-column, all in one pass (§12 U6). Only a new mushroom can make a new line."""
    if not mush:
        return
    used = s.used[3 * p + MUSH]
    free = [divmod(b, S) for b in bits(s.masks[8 * p + 7] & ~used)]
    got = 0
    for y, x in free:
        left = right = up = down = False
        for y2, x2 in free:
            if y2 == y:
                left |= x2 < x
                right |= x2 > x
            elif x2 == x:
                up |= y2 < y
                down |= y2 > y
        if (left and right) or (up and down):
            got |= 1 << (y * S + x)
    for b in bits(got):
        _figure(s, p, MUSH, b, spots)
    s.used[3 * p + MUSH] = used | got


def _collector(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: Comps, mush: int, spots: Spots,
    pending: Pending,
) -> None:  # fmt: skip
    """Diagonal pairs of mushrooms, neither holding a Collector: one choice each (§12 U5)."""
    if mush:
        free = s.masks[8 * p + 7] & ~s.used[3 * p + MUSH]
        pending.extend((MUSH, a, b) for a, b in diagonal_pairs(free))


def _loner(
    s: UnderTheLeavesState, p: int, t: int, new: int, comps: Comps, mush: int, spots: Spots,
    pending: Pending,
) -> None:  # fmt: skip
    """A mushroom with all 8 surrounding spaces present and no mushroom among them."""
    mushrooms = s.masks[8 * p + 7]
    used = s.used[3 * p + MUSH]
    got = mushrooms & ~used & surrounded(s.masks[8 * p]) & ~near8(mushrooms)
    for b in bits(got):
        _figure(s, p, MUSH, b, spots)
    s.used[3 * p + MUSH] = used | got


# -- puddle dwellers (§7.3) ----------------------------------------------------------------------
def _diver(
    s: UnderTheLeavesState, p: int, t: int, new: int, puddle: int, spots: Spots, pending: Pending
) -> None:
    """A puddle of 2+ spaces overlapping no earlier Diver record (§12 U3)."""
    group = flood(puddle, s.masks[8 * p + PUDDLE])
    used = s.used[3 * p + WATER]
    if group.bit_count() >= 2 and group & used == 0:
        s.used[3 * p + WATER] = used | group
        _figure(s, p, WATER, lowest(puddle), spots)


def _skipper(
    s: UnderTheLeavesState, p: int, t: int, new: int, puddle: int, spots: Spots, pending: Pending
) -> None:
    """Every non-puddle space with puddles right on both sides, once per middle space."""
    puddles = s.masks[8 * p + PUDDLE]
    used = s.used[3 * p + WATER]
    between = ((puddles << 1) & (puddles >> 1)) | ((puddles << S) & (puddles >> S))
    got = between & s.masks[8 * p] & ~puddles & ~used
    for b in bits(got):
        _figure(s, p, WATER, b, spots)
    s.used[3 * p + WATER] = used | got


def _friendly(
    s: UnderTheLeavesState, p: int, t: int, new: int, puddle: int, spots: Spots, pending: Pending
) -> None:
    """Diagonal pairs of puddles, neither holding a Friendly: one choice each (§12 U5)."""
    free = s.masks[8 * p + PUDDLE] & ~s.used[3 * p + WATER]
    pending.extend((WATER, a, b) for a, b in diagonal_pairs(free))


def _shy(
    s: UnderTheLeavesState, p: int, t: int, new: int, puddle: int, spots: Spots, pending: Pending
) -> None:
    """A puddle with all 8 surrounding spaces present and no puddle among them. Checked after
    every placement: a tile without a puddle can complete a puddle's surroundings."""
    puddles = s.masks[8 * p + PUDDLE]
    used = s.used[3 * p + WATER]
    got = puddles & ~used & surrounded(s.masks[8 * p]) & ~near8(puddles)
    for b in bits(got):
        _figure(s, p, WATER, b, spots)
    s.used[3 * p + WATER] = used | got


_LEAF = {"thoughtful": _thoughtful, "restless": _restless, "flirty": _flirty, "runner": _runner}
_MUSH = {"host": _host, "explorer": _explorer, "collector": _collector, "loner": _loner}
_WATER = {"diver": _diver, "skipper": _skipper, "friendly": _friendly, "shy": _shy}


# -- end of game and scoring (§8) -----------------------------------------------------------------
def hummingbirds(s: UnderTheLeavesState, p: int) -> int:
    return s.humm_base[p].bit_count() + s.humm_row[p].bit_count() + s.humm_col[p].bit_count()


def majority_bonus(s: UnderTheLeavesState) -> list[list[int]]:
    """bonus[p][family]: +2 for every tied leader of a family, nobody when the most is 0."""
    n = s.num_players
    out = [[0, 0, 0] for _ in range(n)]
    for f in range(3):
        best = max(s.dwellers[3 * p + f] for p in range(n))
        if best > 0:
            for p in range(n):
                if s.dwellers[3 * p + f] == best:
                    out[p][f] = MAJORITY_BONUS
    return out


def figures(s: UnderTheLeavesState, p: int) -> int:
    """Figures in p's garden now (no majority bonus)."""
    return s.bees[p] + hummingbirds(s, p) + sum(s.dwellers[3 * p : 3 * p + 3])


def scores(s: UnderTheLeavesState) -> list[float]:
    """Running figure counts; at the end with the majority bonus and Burly's 3 points."""
    n = s.num_players
    out = [float(figures(s, p)) for p in range(n)]
    if s.phase == "over":
        for p, bonus in enumerate(majority_bonus(s)):
            out[p] += sum(bonus)
        if s.burly_holder >= 0:
            out[s.burly_holder] += BURLY_POINTS
    return out


def tie_break_key(s: UnderTheLeavesState, p: int, totals: list[float]) -> tuple[float, int, int]:
    """§8.3: total, then hummingbirds, then bees."""
    return totals[p], hummingbirds(s, p), s.bees[p]


def winners(s: UnderTheLeavesState) -> list[int]:
    if s.phase != "over":
        return []
    totals = scores(s)
    keys = [tie_break_key(s, p, totals) for p in range(s.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


__all__ = ["COLOURS", "apply", "legal_actions", "scores", "setup", "winners"]
