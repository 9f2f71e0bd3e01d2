"""Under the Leaves rules: a turn's decisions (§3), the end of the game; set-up (§2) is in
set_up.py.

Rule references are to docs/rules/under-the-leaves.md. A turn is a chain of decisions: take
a market tile, place it, then one decision per Collector or Friendly pair it made (pairs.py).
After a placement the beings arrive (phase 2 of §3): bees and hummingbirds
(bees_and_hummingbirds.py), then the dweller cards and Burly (dwellers.py); scoring.py counts.
"""

from __future__ import annotations

from leafpile.engine import Action, Rng
from leafpile.engine.bits import nth_bit
from leafpile.engine.takeback import TakeBackRule
from leafpile.games.under_the_leaves.actions import PLACES, TAKES, Choose, Place, Take
from leafpile.games.under_the_leaves.bees_and_hummingbirds import bees_arrive, changed_sectors
from leafpile.games.under_the_leaves.components import (
    GRID,
    NMASKS,
    OFF,
    ORIENTATIONS,
    ORIENTED,
    TILE_TO_SPACE,
    TOFF,
    S,
    T,
)
from leafpile.games.under_the_leaves.dwellers import burly, dwellers_arrive, figure_chosen
from leafpile.games.under_the_leaves.garden import GROUPS, flood
from leafpile.games.under_the_leaves.scoring import scores, winners
from leafpile.games.under_the_leaves.set_up import start
from leafpile.games.under_the_leaves.state import (
    CHOOSE,
    LAYS,
    OVER,
    PLACE,
    TAKE,
    UnderTheLeavesState,
)


def draw(s: UnderTheLeavesState) -> int:
    s.draws_left -= 1
    if s.options.get("bag"):  # a scripted bag (opt_ints), looked up without the call
        return s.bag.pop(0)
    return s.bag.pop(s.rng.randrange(len(s.bag)))


_ORIENTS = len(ORIENTATIONS)  # the placements on one free cell (PLACES)


# -- a turn (§3) ----------------------------------------------------------------------------------
def legal_actions(s: UnderTheLeavesState) -> list[Action]:
    phase = s.phase
    if phase == TAKE:
        return [TAKES[t] for t in s.market]
    if phase == PLACE:
        occ = s.tiles[s.to_move]
        free = ((occ << 1) | (occ >> 1) | (occ << T) | (occ >> T)) & ~occ  # §3 phase 1
        out: list[Action] = []
        while free:
            low = free & -free
            out.extend(PLACES[low.bit_length() - 1])
            free ^= low
        return out
    if phase == CHOOSE:
        pair = s.pending[0]
        return pair.actions(s.used[3 * s.to_move + pair.family])
    return []


def random_action(s: UnderTheLeavesState, rng: Rng) -> Action:
    """`legal_actions(s)[rng.randrange(len(...))]` without the list (`Game.random_action`):
    a placement is the k-th free cell in bit order and, within it, the k-th orientation."""
    phase = s.phase
    if phase == TAKE:
        market = s.market
        return TAKES[market[rng.randrange(len(market))]]
    if phase == PLACE:
        occ = s.tiles[s.to_move]
        free = ((occ << 1) | (occ >> 1) | (occ << T) | (occ >> T)) & ~occ
        k = rng.randrange(free.bit_count() * _ORIENTS)
        n = k // _ORIENTS
        if n > 8:
            return PLACES[nth_bit(free, n)][k % _ORIENTS]
        while n:  # a few cells in: nth_bit's own last loop, without the call
            free &= free - 1
            n -= 1
        return PLACES[(free & -free).bit_length() - 1][k % _ORIENTS]
    actions = legal_actions(s)
    return actions[rng.randrange(len(actions))]


def apply(s: UnderTheLeavesState, action: Action) -> None:
    kind = type(action)
    if kind is Take:
        assert isinstance(action, Take)
        s.market.remove(action.tile)
        s.taken = action.tile
        s.phase = PLACE
    elif kind is Place:
        assert isinstance(action, Place)
        place(s, action)
        if s.pending:
            s.phase = CHOOSE
        else:
            end_turn(s)
    elif kind is Choose:
        assert isinstance(action, Choose)
        figure_chosen(s, s.pending.pop(0), (action.y + OFF) * S + (action.x + OFF))
        if not s.pending:
            end_turn(s)
    else:  # pragma: no cover - play() only passes legal actions
        raise TypeError(f"not an Under the Leaves action: {action!r}")


def arrivals(s: UnderTheLeavesState, p: int, t: int, tile: int, o: int) -> None:
    """Phase 2 (§3) for player p's new tile in orientation o, top-left space bit t: bees and
    hummingbirds, then the three dweller cards, then Burly."""
    colour_groups, puddle, mushroom = GROUPS[tile][o]
    changed = changed_sectors(s, p, t, colour_groups)
    bees_arrive(s, p, changed)
    dwellers_arrive(s, p, t, changed, puddle << t, mushroom << t)
    burly(s, p, changed)


def _around(local: int) -> int:
    """The spaces next to a colour group `local` of a tile (not in it), in the 4x4 block whose
    top-left space is one up and one left of the tile's (bit S + 1 is the tile's top-left)."""
    m = local << (S + 1)
    return ((m << 1) | (m >> 1) | (m << S) | (m >> S)) & ~m


def _seeds(groups: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int, int], ...]:
    """Per colour group of a tile: the colour, its spaces, the spaces next to them (`_around`)
    and how many it has: a group with no space of its colour next to it is a sector itself."""
    return tuple((c, local, _around(local), local.bit_count()) for c, local in groups)


#: (tile, o) -> what placing it there needs at top-left space bit 0 (`place`): its four space
#: codes, the bits it adds to each bitboard, its colour groups (`_seeds`), puddle and mushroom
#: masks.
_PLACING = {
    (tile, o): (codes, LAYS[tile][o], _seeds(GROUPS[tile][o][0]), *GROUPS[tile][o][1:])
    for tile, oriented in ORIENTED.items()
    for o, codes in enumerate(oriented)
}


def place(s: UnderTheLeavesState, action: Place) -> None:
    """Lay the taken tile (`put_tile`) and let the beings arrive (`arrivals`) in one step, from
    one table row: the placement is most of a playout's time, and the steps' calls and
    lookups were a good part of it. The same changes as put_tile then arrivals."""
    p = s.to_move
    tile, s.taken = s.taken, 0
    x, y, o = action.x, action.y, action.o
    tb = (y + TOFF) * T + (x + TOFF)
    t = TILE_TO_SPACE[tb]
    (a, b, c, d), lays, seeds, puddle, mushroom = _PLACING[tile, o]
    grid = s.grid
    g0 = p * GRID + t
    grid[g0] = a
    grid[g0 + 1] = b
    grid[g0 + S] = c
    grid[g0 + S + 1] = d
    masks = s.masks
    base = NMASKS * p
    for index, laid in lays:
        masks[base + index] |= laid << t
    s.tiles[p] |= 1 << tb
    s.placed[p] += ((tile, x, y, o),)
    # arrivals: the sectors that contain the new tile (changed_sectors), then the beings
    changed = []
    big = 0
    corner = t - S - 1
    for colour, local, around, alone in seeds:
        spaces = masks[base + colour]
        if spaces >> corner & around:
            sector = flood(local << t, spaces)
            size = sector.bit_count()
        else:  # nothing of its colour next to it: what flood would find at once
            sector = local << t
            size = alone
        if size > big:
            big = size
        changed.append((colour, sector, size))
    if big >= 3:  # bees_arrive changes nothing for smaller sectors
        bees_arrive(s, p, changed)
    dwellers_arrive(s, p, t, changed, puddle << t, mushroom << t)
    if big > s.largest[p]:
        s.largest[p] = big
    if s.options.get("burly"):
        burly(s, p, [])  # the largest sector is kept above; Burly moves on it


def end_turn(s: UnderTheLeavesState) -> None:
    """Refill the market; the game ends when it cannot be refilled (§3 end of turn)."""
    if s.draws_left <= 0:
        s.phase = OVER
        return
    s.market.append(draw(s))
    s.to_move = (s.to_move + 1) % s.num_players
    s.phase = TAKE


__all__ = ["TAKE_BACKS", "apply", "legal_actions", "random_action", "scores", "start", "winners"]


#: Take-backs (`leafpile.engine.takeback`): a turn lasts from the take to the refill of the
#: market (§3), numbered by the draws left. Taking a tile, placing it and each dweller's
#: figure but the last may be taken back; the last decision refills the market from the bag
#: (hidden, §11 Q6), so it may not.
TAKE_BACKS = TakeBackRule(
    turn=lambda s: (s.draws_left, s.to_move),
    closed=lambda s, _player: [s.bag],
)
