"""The forest (§2): where mushroom tiles, pieces and roots are, and the tiles players draw.

Questions about the grid that every action asks: free corners, empty cells next to the
forest, root slots around a corner, the tiles a piece roots into.
"""

from __future__ import annotations

from leafpile.games.undergrove.components import (
    CELLS_OF_CORNER,
    CORNER_OFFSETS,
    EARTHLOVER,
    NEIGHBOURS,
    ONGOING_BONUS,
    TOKEN_OF,
    W,
)
from leafpile.games.undergrove.kinds import Ongoing
from leafpile.games.undergrove.memo import ForestMemo
from leafpile.games.undergrove.state import UndergroveState

assert CELLS_OF_CORNER == (0, -1, -W, -W - 1)  # rooted_tiles relies on this order

#: Where a mushroom from hand may go (a `place` decision's `restrict`): anywhere next to the
#: forest, only where it brings a free corner (§4.3 when no corner is free), or only touching
#: a corner with your piece (§4.4 when you have no free root slot).
ANYWHERE, NEW_CORNER, NEXT_TO_OWN = 0, 1, 2


def forest_changed(s: UndergroveState) -> None:
    """A piece or a root was placed: this state's forest answers (memo.py) start afresh, as
    a new object, since clones may share the old one."""
    s.memo = ForestMemo()


def put_tile(s: UndergroveState, t: int, c: int) -> None:
    """Tile t on cell c. The cached paths (which depend on the tiles alone) start afresh
    too, as a new dict."""
    s.pos[t] = c
    s.tile_at[c] = t
    s.paths = {}
    s.memo = ForestMemo()


def placed_tiles(s: UndergroveState) -> list[int]:
    """The placed tiles, in id order."""
    memo = s.memo
    if memo.placed is None:
        pos = s.pos
        memo.placed = [t for t in range(1, len(pos)) if pos[t] >= 0]
    return memo.placed


def put_piece(s: UndergroveState, corner: int, code: int) -> None:
    """A piece (`code`: a player's seedling p, tree 4 + p, or a place-holder) on `corner`."""
    s.piece[corner] = code
    s.memo = s.memo.pieces_changed()


def draw(s: UndergroveState, p: int) -> None:
    """Draw one tile; the discard pile is reshuffled into an empty deck [BGA] (§3.2)."""
    if not s.deck and s.discard:
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
        last = max(s.reshuffled) + 1  # everyone saw the face-up pile that became the deck
        for t in s.deck:
            s.reshuffled[t] = last
    if s.deck:
        s.hands[p].append(s.deck.pop(0))


def earthlover_corners(s: UndergroveState) -> list[int]:
    c = s.pos[EARTHLOVER]
    return [c + o for o in CORNER_OFFSETS]


def tiles_rooted_by(s: UndergroveState, p: int) -> list[int]:
    """The placed tiles player p has a root on, in id order (the tiles p may activate)."""
    memo = s.memo.mine
    out = memo.get(p)
    if out is None:
        out = memo[p] = [t for t in placed_tiles(s) if has_root(s, p, t)]
    return out


def has_root(s: UndergroveState, p: int, t: int) -> bool:
    roots = s.roots
    b = 4 * t
    return roots[b] == p or roots[b + 1] == p or roots[b + 2] == p or roots[b + 3] == p


def has_ongoing(s: UndergroveState, p: int, bonus: Ongoing) -> bool:
    """Ongoing tiles (28-32) help whoever has a root on them (§6.2)."""
    t = ONGOING_BONUS[bonus]
    return s.pos[t] >= 0 and has_root(s, p, t)


def seedling_corners(s: UndergroveState, p: int) -> list[int]:
    memo = s.memo.seedlings
    out = memo.get(p)
    if out is None:
        out = memo[p] = sorted(c for c, code in s.piece.items() if code == p)
    return out


def piece_corners(s: UndergroveState, p: int) -> list[int]:
    memo = s.memo.pieces
    out = memo.get(p)
    if out is None:
        tree = 4 + p
        out = memo[p] = sorted(c for c, code in s.piece.items() if code in (p, tree))
    return out


def free_corners(s: UndergroveState) -> list[int]:
    memo = s.memo
    if memo.free is None:
        piece = s.piece
        out = {c + o for c in s.tile_at for o in CORNER_OFFSETS}
        memo.free = sorted(c for c in out if c not in piece)
    return memo.free


def empty_cells(s: UndergroveState) -> list[int]:
    """Empty cells orthogonally adjacent to a placed tile (§2)."""
    memo = s.memo
    if memo.empty is None:
        tile_at = s.tile_at
        out = {c + d for c in tile_at for d in NEIGHBOURS}
        memo.empty = sorted(c for c in out if c not in tile_at)
    return memo.empty


def mushroom_slots(s: UndergroveState, p: int, restrict: int) -> list[int]:
    """Cells where player p may put a mushroom from hand (`restrict`: see ANYWHERE)."""
    slots = empty_cells(s)
    if restrict == ANYWHERE:
        return slots
    memo = s.memo.slots
    key = 4 * restrict + p
    out = memo.get(key)
    if out is None:
        if restrict == NEW_CORNER:
            piece = s.piece
            out = [c for c in slots if any(c + o not in piece for o in CORNER_OFFSETS)]
        else:  # NEXT_TO_OWN
            mine = set(piece_corners(s, p))
            out = [c for c in slots if any(c + o in mine for o in CORNER_OFFSETS)]
        memo[key] = out
    return out


def root_slots(s: UndergroveState, corner: int) -> list[tuple[int, int]]:
    """(tile, slot index) of the tiles touching `corner` whose slot toward it is empty."""
    out = []
    for i, off in enumerate(CELLS_OF_CORNER):
        t = s.tile_at.get(corner + off)
        if t is not None and s.roots[4 * t + i] < 0:
            out.append((t, i))
    return out


def has_own_free_slot(s: UndergroveState, p: int) -> bool:
    """A free root slot next to one of p's pieces (kept in the forest memo)."""
    memo = s.memo.own_slot
    out = memo.get(p)
    if out is None:
        out = memo[p] = any(root_slots(s, c) for c in piece_corners(s, p))
    return out


def rooted_tiles(s: UndergroveState, corner: int) -> list[int]:
    """Tiles the piece on `corner` has a root in (in CELLS_OF_CORNER order). Unrolled: the
    legal moves, the scores and the evaluation all ask this often (and it is kept in the
    forest memo)."""
    memo = s.memo.rooted
    out = memo.get(corner)
    if out is None:
        out = memo[corner] = _rooted_tiles(s, corner)
    return out


def _rooted_tiles(s: UndergroveState, corner: int) -> list[int]:
    get = s.tile_at.get
    roots = s.roots
    out = []
    t = get(corner)  # the cell whose top-left corner this is: its slot 0
    if t is not None and roots[4 * t] >= 0:
        out.append(t)
    t = get(corner - 1)  # slot 1 (top-right)
    if t is not None and roots[4 * t + 1] >= 0:
        out.append(t)
    t = get(corner - W)  # slot 2 (bottom-left)
    if t is not None and roots[4 * t + 2] >= 0:
        out.append(t)
    t = get(corner - W - 1)  # slot 3 (bottom-right)
    if t is not None and roots[4 * t + 3] >= 0:
        out.append(t)
    return out


def place_root(s: UndergroveState, p: int, corner: int, t: int) -> None:
    """A root of p from `corner` into tile t, counted for goal 8 by the tile's symbol."""
    slot = CORNER_OFFSETS.index(corner - s.pos[t])
    s.roots[4 * t + slot] = p
    s.memo = s.memo.roots_changed()
    s.roots_left[p] -= 1
    token = TOKEN_OF[t]
    if token >= 0:
        s.root_symbols[token] += 1
