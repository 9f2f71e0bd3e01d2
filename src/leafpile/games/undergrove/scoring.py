"""Pine cones, goals and final scoring (§6.2, §7, §9); also the running score shown in play.

A seedling scores the pine cones of its c best root tiles (c = its carbon), a tree all of its
root tiles; then bonus tiles, end spaces, goals, and half a point per leftover resource.
"""

from __future__ import annotations

from leafpile.games.undergrove.components import (
    BONUS_TILES,
    CELLS_OF_CORNER,
    END_SPACES,
    GOALS,
    NEIGHBOURS,
    NUM_TILES,
    RANKING_POINTS,
    STORED_VP,
    SUPPLY,
    TILES,
    TOKEN_OF,
    W,
)
from leafpile.games.undergrove.forest import piece_corners, rooted_tiles
from leafpile.games.undergrove.kinds import Measure
from leafpile.games.undergrove.state import UndergroveState

# VP kinds per tile (§6.2): >= 0 printed, -1 stored x2 (41), -2 stored table (42-44), -3 adjacent.
_VP_KIND: tuple[int, ...] = tuple(
    0
    if t is None
    else t.vp
    if isinstance(t.vp, int)
    else {"stored_x2": -1, "stored": -2, "adjacent": -3}[t.vp]
    for t in TILES
)
_DYNAMIC = frozenset(t for t in range(1, NUM_TILES + 1) if _VP_KIND[t] in (-1, -2))
_COLOUR = tuple(False if t is None else t.colour_name for t in TILES)
_ANIMAL = tuple(False if t is None else t.animal_name for t in TILES)
# Bound once (the evaluation of every bot asks each goal's measure; enum lookups are slow).
_CARBON_TURNS, _CONVERSIONS, _SYMBOL_TURNS, _ROOTS = (
    Measure.CARBON_TURNS,
    Measure.CONVERSIONS,
    Measure.SYMBOL_TURNS,
    Measure.ROOTS,
)
_COLUMNS, _TOUCHED_TILES, _TREES, _WELL_ROOTED = (
    Measure.COLUMNS,
    Measure.TOUCHED_TILES,
    Measure.TREES,
    Measure.WELL_ROOTED,
)
_COLOUR_ROOTS, _ANIMAL_ROOTS, _EVEN_ROOTS = (
    Measure.COLOUR_ROOTS,
    Measure.ANIMAL_ROOTS,
    Measure.EVEN_ROOTS,
)


def tile_vp(s: UndergroveState, t: int) -> int:
    """Pine cones of a placed tile now (§6.1, §6.2)."""
    kind = _VP_KIND[t]
    if kind >= 0:
        return kind
    if kind == -1:
        return 2 * s.stored[t]
    if kind == -2:
        return STORED_VP[min(s.stored[t], len(STORED_VP) - 1)]
    token = TOKEN_OF[t]
    c = s.pos[t]
    count = 0
    for d in NEIGHBOURS:
        other = s.tile_at.get(c + d)
        if other is not None and TOKEN_OF[other] == token:
            count += 1
    return 2 + count


# -- goals (§7) ----------------------------------------------------------------------------------
def goal_measure(s: UndergroveState, p: int, measure: Measure | str) -> int:
    """A player's progress on one goal (§7); `measure` may be the data file's string."""
    if measure == _CARBON_TURNS:
        return s.big_turns[p]
    if measure == _CONVERSIONS:
        return s.conversions[p]
    if measure == _SYMBOL_TURNS:
        return s.symbol_turns[p]
    if measure == _ROOTS:
        return SUPPLY["roots"] - s.roots_left[p]
    corners = piece_corners(s, p)
    if measure == _COLUMNS:
        return len({c % W for c in corners})
    if measure == _TOUCHED_TILES:
        return len(
            {s.tile_at[c + o] for c in corners for o in CELLS_OF_CORNER if c + o in s.tile_at}
        )
    if measure == _TREES:
        return sum(1 for c in corners if s.piece[c] == 4 + p)
    if measure == _WELL_ROOTED:
        return sum(1 for c in corners if len(rooted_tiles(s, c)) >= 2)
    # root-counting goals 9-12
    tiles = [t for c in corners for t in rooted_tiles(s, c)]  # a root belongs to its piece
    if measure == _COLOUR_ROOTS:
        return sum(_COLOUR[t] for t in tiles)
    if measure == _ANIMAL_ROOTS:
        return sum(_ANIMAL[t] for t in tiles)
    odd = 0
    even = 0
    for t in tiles:
        vp = tile_vp(s, t)
        if vp % 2:
            odd += 1
        elif vp > 0 or t in _DYNAMIC:  # a dynamic tile at 0 counts as even (§7)
            even += 1
    return even if measure == _EVEN_ROOTS else odd


def ranking_points(values: list[int]) -> list[int]:
    """§7 [BGA]: 9/5/3/1 by place; tied players share their places' points, rounded down."""
    points = [*RANKING_POINTS, *[0] * len(values)]
    out = []
    for v in values:
        place_ = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        out.append(sum(points[place_ : place_ + tied]) // tied)
    return out


def goal_points(s: UndergroveState) -> list[list[int]]:
    """Points of each goal in play, per player: [goal][player]."""
    out = []
    for g in s.goals:
        goal = GOALS[g]
        values = [goal_measure(s, p, goal.measure) for p in range(s.num_players)]
        if goal.ranking:
            out.append(ranking_points(values))
        else:
            out.append([goal.points(v) for v in values])
    return out


# -- scoring (§9) --------------------------------------------------------------------------------
def piece_points(s: UndergroveState, corner: int) -> int:
    """§9.1: a tree scores all its root tiles; a seedling its c best, c = its carbon."""
    vps = sorted((tile_vp(s, t) for t in rooted_tiles(s, corner)), reverse=True)
    if s.piece[corner] >= 4:
        return sum(vps)
    return sum(vps[: s.pcarbon[corner]])


def score_parts(s: UndergroveState, p: int) -> dict[str, int]:
    """The final-scoring lines of §9 for one player (also the running score)."""
    roots = sum(piece_points(s, c) for c in piece_corners(s, p))
    bonus = sum(BONUS_TILES[b].points for b in s.bonus[p])
    if s.end_space[p] >= 0:
        bonus += int(END_SPACES[s.end_space[p]].get("points", 0))
    leftover = sum(s.res[p]) // 2
    return {"roots": roots, "bonus": bonus, "resources": leftover}


def totals(s: UndergroveState) -> list[int]:
    """Each player's score (running score before the end)."""
    goals = goal_points(s)
    out = []
    for p in range(s.num_players):
        parts = score_parts(s, p)
        out.append(sum(parts.values()) + sum(row[p] for row in goals))
    return out


def scores(s: UndergroveState) -> list[float]:
    return [float(v) for v in totals(s)]


def tie_break(s: UndergroveState, p: int) -> tuple[int, int]:
    """§9 [BGA]: most trees, then most carbon on seedlings."""
    corners = piece_corners(s, p)
    trees = sum(1 for c in corners if s.piece[c] >= 4)
    seedling_carbon = sum(s.pcarbon[c] for c in corners if s.piece[c] < 4)
    return trees, seedling_carbon


def winners(s: UndergroveState) -> list[int]:
    if not s.over:
        return []
    points = totals(s)
    keys = [(points[p], *tie_break(s, p)) for p in range(s.num_players)]
    best = max(keys)
    return [p for p in range(s.num_players) if keys[p] == best]
