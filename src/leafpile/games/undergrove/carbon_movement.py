"""Carbon movement: how far carbon travels to a seedling, what the steps cost and which
carbon a player can reach (§2, §4.2, the absorb mushrooms of §6.1).

Every rule about absorbing lives here: the Absorb action and the absorb mushrooms (33-40, 49)
both push the `carbon` decision below, and `can_absorb` / `absorb_tile_can_start` say when they
are possible. Each movement step costs a ready token or a nutrient.

Two readings (option `carbon_moves`, §4.2, Q6, Q7):

- `rules` (the default, the published rules, seed 004): a seedling absorbs directly from a
  tile it roots into that holds carbon. Carbon from elsewhere may only be moved onto a tile it
  roots into that holds **no** carbon, and is then absorbed; the price is the shortest path
  over placed tiles from the source to such a tile (`paths`).
- `bga` (BGA's code): carbon from any tile, priced by the Manhattan distance from the source to
  the nearest tile the seedling roots into, with or without carbon.

Either way a `carbon SOURCE>SEEDLING` answer is enough: which rooted tile the carbon passes
through changes nothing but the price, and the cheapest one is always taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action
from leafpile.games.undergrove.actions import STOP, Carbon, carbon
from leafpile.games.undergrove.components import NEIGHBOURS, NUM_TILES, TOKEN_OF, Tile, W
from leafpile.games.undergrove.decision import Decision, push
from leafpile.games.undergrove.forest import (
    placed_tiles,
    put_piece,
    rooted_tiles,
    seedling_corners,
)
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.payments import FLIP, PAY_ONE, PaySteps, nutrients, token_count
from leafpile.games.undergrove.state import UndergroveState

#: A `carbon` decision's `must`: may it be declined, and does it carry the Absorb action's
#: base cost (§4.2: a token and a nutrient) or is it an absorb tile's own first carbon (§6.1)?
OPTIONAL, ABSORB_ACTION, MANDATORY = 0, 1, 2
#: The Absorb action's base cost, paid besides the steps: one token and one nutrient.
BASE_COST = 2
#: [BGA] A seedling holds at most this much carbon.
SEEDLING_MAX = 4
#: The distance when carbon cannot get there at all (more than any budget).
NO_WAY = 1 << 30


def paths(s: UndergroveState, source: int) -> list[int]:
    """§2 [RULE]: the orthogonal steps from tile `source` to every placed tile (indexed by tile
    id) along the shortest path that passes only over placed tiles: carbon travels from tile
    to tile and cannot jump over an empty cell, so two tiles side by side across a gap may be
    far apart (around a U-shaped forest, 6 steps where |dx|+|dy| is 2). NO_WAY for tiles
    not placed (the forest is connected: every tile is placed next to another one).

    A breadth-first search over at most 53 tiles, cached per source in `s.paths` until the
    next tile is placed (forest.put_tile)."""
    row = s.paths.get(source)
    if row is not None:
        return row
    row = [NO_WAY] * (NUM_TILES + 1)
    row[source] = 0
    tile_at = s.tile_at
    frontier = [s.pos[source]]
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for c in frontier:
            for d in NEIGHBOURS:
                t = tile_at.get(c + d)
                if t is not None and row[t] == NO_WAY:
                    row[t] = steps
                    nxt.append(c + d)
        frontier = nxt
    s.paths[source] = row
    return row


def distance(s: UndergroveState, corner: int, source: int) -> int:
    """Carbon-movement steps to bring carbon from tile `source` to the seedling on `corner`
    (0 when it roots into `source`; NO_WAY when the carbon cannot come at all).

    Rules (§2, §4.2): onto the nearest tile it roots into that holds no carbon, along the
    shortest path over placed tiles. `carbon_moves=bga`: to the nearest tile it roots into, by
    Manhattan distance across empty cells too (Q6)."""
    rooted = rooted_tiles(s, corner)
    if s.bga_moves:
        sy, sx = divmod(s.pos[source], W)
        best = NO_WAY
        for t in rooted:
            y, x = divmod(s.pos[t], W)
            d = abs(x - sx) + abs(y - sy)
            if d < best:
                best = d
        return best
    if source in rooted:
        return 0
    carbon_on = s.carbon
    # the ways from the targets (the same both ways), whose searches the listings keep
    return min((paths(s, t)[source] for t in rooted if not carbon_on[t]), default=NO_WAY)


def step_budget(ready: int, nutrients_: int, free: int, cost: int) -> int:
    """Steps a player can pay for: ready tokens plus nutrients plus free steps, less `cost`
    (what must be paid from the same tokens and nutrients before the steps)."""
    return token_count(ready) + nutrients_ + free - cost


def reachable(
    s: UndergroveState, p: int, budget: int, here: int, first_only: bool = False
) -> list[Action]:
    """`carbon` answers: (source, seedling) pairs whose movement costs at most `budget`
    steps (the same price as `distance`). `here`: only that tile's carbon (0: any tile's);
    `first_only`: stop at the first, for a yes/no question (`can_reach` answers that faster)."""
    if budget < 0:
        return []
    carbon_on = s.carbon
    if here:
        sources = [here] if carbon_on[here] > 0 else []
    else:
        sources = [t for t in placed_tiles(s) if carbon_on[t] > 0]
    if not sources:
        return []
    if s.bga_moves:
        return _reachable_bga(s, p, budget, sources, first_only)
    pcarbon = s.pcarbon
    pos = s.pos
    where = [(t, *divmod(pos[t], W)) for t in sources]
    out: list[Action] = []
    for corner in seedling_corners(s, p):
        if pcarbon[corner] >= SEEDLING_MAX:
            continue
        tiles = rooted_tiles(s, corner)
        # §4.2: carbon from elsewhere comes only onto a rooted tile without carbon, along the
        # shortest way over the forest (the same both ways: `paths` of the target). The
        # Manhattan distance is a lower bound of that way, and equal to it next door (1
        # step): the search runs only when that does not decide.
        targets = [(r, *divmod(pos[r], W)) for r in tiles if not carbon_on[r]] if budget else []
        for t, sy, sx in where:
            if t not in tiles:
                for r, y, x in targets:
                    near = abs(x - sx) + abs(y - sy)
                    if near <= budget and (near <= 1 or paths(s, r)[t] <= budget):
                        break
                else:
                    continue
            out.append(carbon(t, corner))
            if first_only:
                return out
    return out


def _reachable_bga(
    s: UndergroveState, p: int, budget: int, sources: list[int], first_only: bool
) -> list[Action]:
    """`reachable` under `carbon_moves=bga`: the Manhattan distance to the nearest tile the
    seedling roots into (§2, Q6)."""
    pos = s.pos
    where = [(t, *divmod(pos[t], W)) for t in sources]
    out: list[Action] = []
    for corner in seedling_corners(s, p):
        if s.pcarbon[corner] >= SEEDLING_MAX:
            continue
        rooted = [divmod(pos[t], W) for t in rooted_tiles(s, corner)]
        for t, sy, sx in where:
            if any(abs(x - sx) + abs(y - sy) <= budget for y, x in rooted):
                out.append(carbon(t, corner))
                if first_only:
                    return out
    return out


def can_reach(s: UndergroveState, p: int, budget: int, here: int) -> bool:
    """Whether `reachable(s, p, budget, here)` lists anything, asked without listing: first
    carbon already on a tile a seedling roots into (no steps), then the ways from the tiles
    without carbon it roots into (`paths` is the same both ways)."""
    if budget < 0:
        return False
    if s.bga_moves:
        return bool(reachable(s, p, budget, here, first_only=True))
    carbon_on = s.carbon
    if here and carbon_on[here] <= 0:
        return False
    pcarbon = s.pcarbon
    corners = [c for c in seedling_corners(s, p) if pcarbon[c] < SEEDLING_MAX]
    for corner in corners:
        tiles = rooted_tiles(s, corner)
        if here:
            if here in tiles:
                return True
        else:
            for t in tiles:
                if carbon_on[t] > 0:
                    return True
    if not budget or not corners:
        return False
    sources = [here] if here else [t for t in placed_tiles(s) if carbon_on[t] > 0]
    pos = s.pos
    where = [(t, *divmod(pos[t], W)) for t in sources]
    for corner in corners:
        for target in rooted_tiles(s, corner):
            if carbon_on[target]:
                continue
            y, x = divmod(pos[target], W)
            for t, sy, sx in where:
                # as in `reachable`: the search only when the Manhattan distance does not decide
                near = abs(x - sx) + abs(y - sy)
                if near <= budget and (near <= 1 or paths(s, target)[t] <= budget):
                    return True
    return False


def can_absorb(s: UndergroveState, p: int) -> bool:
    """§4.2 [BGA]: a ready token, a nutrient, and some carbon the budget can reach."""
    if not s.ready[p] or not nutrients(s, p):
        return False
    budget = step_budget(s.ready[p], nutrients(s, p), 0, BASE_COST)
    return can_reach(s, p, budget, 0)


def absorb_tile_can_start(s: UndergroveState, p: int, spec: Tile, host: int) -> bool:
    """An absorb mushroom (activated on `host`, itself or a copycat) can start: once its costs
    are paid, some carbon is within reach, since BGA offers no way past its first carbon
    (§6.1)."""
    eff = spec.effect
    token = TOKEN_OF[host]
    ready = s.ready[p] & ~(1 << token) if token >= 0 else s.ready[p]
    budget = step_budget(ready, nutrients(s, p), eff["free_steps"], spec.any)
    s.carbon[host] += spec.carbon  # the carbon paid lands on the host first
    try:
        here = host if eff["from_here"] else 0
        return can_reach(s, p, budget, here)
    finally:
        s.carbon[host] -= spec.carbon


def move_carbon(s: UndergroveState, p: int, t: int, corner: int) -> None:
    """One carbon from tile t onto the seedling; a third carbon grows a tree (§4.2): the
    carbon on the seedling is discarded and a tree takes its place (`carbon_moves=bga`: the
    tree keeps the 3 carbon). Absorbing is the only way a seedling grows (the Absorb action
    and the absorb mushrooms both end here), so the discard applies to every tree."""
    s.carbon[t] -= 1
    held = s.pcarbon[corner] + 1
    s.absorbed = True
    if held == 3 and s.trees[p] > 0:
        put_piece(s, corner, 4 + p)
        s.trees[p] -= 1  # [BGA] the seedling does not go back to the supply
        if not s.bga_moves:
            held = 0  # "défaussez tout le Carbone présent sur lui et placez un Arbre"
    s.pcarbon[corner] = held


@dataclass(frozen=True, slots=True)
class AbsorbCarbon(Decision):
    """Absorb one carbon: `carbon TILE>X,Y`, then pay for the distance. `left` carbon may
    still come this way, `free` steps cost nothing each, `here` is the only source tile
    (0: any), `must` says whether `stop` is allowed and whether the base cost is due."""

    kind = Kind.CARBON
    prompt = "choose the carbon to absorb: carbon TILE>X,Y"
    droppable = True

    left: int
    free: int
    here: int
    must: int

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        cost = BASE_COST if self.must == ABSORB_ACTION else 0
        budget = step_budget(s.ready[p], nutrients(s, p), self.free, cost)
        out = reachable(s, p, budget, self.here)
        if self.must == OPTIONAL:
            out.append(STOP)
        return out

    def has_choice(self, s: UndergroveState, p: int) -> bool:
        cost = BASE_COST if self.must == ABSORB_ACTION else 0
        budget = step_budget(s.ready[p], nutrients(s, p), self.free, cost)
        return can_reach(s, p, budget, self.here)

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        s.pending.pop()
        if action is STOP:
            return
        assert type(action) is Carbon
        d = distance(s, action.corner, action.tile)
        move_carbon(s, p, action.tile, action.corner)
        entries: list[Decision] = []
        if self.must == ABSORB_ACTION:  # §4.2: flip a token and pay a nutrient, then the steps
            entries += [FLIP, PAY_ONE]
        if d - self.free > 0:
            entries.append(PaySteps(d - self.free))
        if self.left > 1:
            entries.append(AbsorbCarbon(self.left - 1, self.free, self.here, OPTIONAL))
        push(s.pending, *entries)

    def problem(self, s: UndergroveState) -> str | None:
        here = self.here
        ok = 1 <= self.left <= 2 and 0 <= self.free <= 2
        ok = ok and (here == 0 or (1 <= here <= NUM_TILES and s.pos[here] >= 0))
        ok = ok and self.must in (OPTIONAL, ABSORB_ACTION, MANDATORY)
        return None if ok else "arguments out of range"


#: The Absorb action (§4.2): choose the carbon first (its distance fixes the price), then pay.
ABSORB_ACTION_START = AbsorbCarbon(1, 0, 0, ABSORB_ACTION)
