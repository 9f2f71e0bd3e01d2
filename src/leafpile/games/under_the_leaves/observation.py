"""Under the Leaves' observation tensor (`leafpile.engine.tensor`), written from a seat's view.

Seats are relative (index 0 is the observing seat, then the next to play, and so on; seats a
smaller game lacks stay 0). A garden is at most 13 tiles across, so each garden is drawn in a
26 x 26 box of spaces whose corner is the garden's top-left tile; `origin` says where that
corner lies (one-hot tile column and row in [-12, 12]), which places the box on the absolute
coordinates of the action ids. Layout, in order:

- `garden` (4 x 15 x 26 x 26): per seat, planes: occupied, the 5 colours, puddle, mushroom,
  pollinated, used by each family's card (3), each family's figures (3)
- `hummingbirds` (4 x 3 x 13 x 13): per seat, the tiles of each hummingbird (base, row, column)
- `origin` (4 x 2 x 25): per seat, one-hot: the box's tile column, row
- `counts` (4 x 6): per seat: bees / 100, largest sector / 52, figures of each family / 12,
  tiles placed / 13
- `cards` (3 x 5): one-hot: the dweller card in play of each family
- `market`, `bag`, `taken` (50 each): the market's tiles; tiles still unseen; the tile being
  placed (one-hot)
- `draws_left` (1): market refills to come / 36
- `phase`, `to_move` (4, 4): one-hot: take / place / choose / over; the relative seat to move
- `pending` (26 x 26): the spaces of the pairs still waiting for a figure, in the mover's box
- `burly` (5 + 1): one-hot: nobody / the relative seat holding Burly; its bar / 52
"""

from __future__ import annotations

from collections.abc import Mapping

from leafpile.engine import OptionValue
from leafpile.engine.tensor import Layout, Tensor
from leafpile.games.under_the_leaves.components import (
    COLOURS,
    DWELLERS,
    FAMILIES,
    GARDEN_TILES,
    MAX_TILES,
    MUSHROOMS,
    NMASKS,
    PUDDLE,
    bits,
    space_xy,
    tile_xy,
)
from leafpile.games.under_the_leaves.state import Phase, UnderTheLeavesState

SEATS = 4
BOX = MAX_TILES + 1  # tiles across a garden at most
SIDE = 2 * BOX  # spaces across
REACH = 2 * MAX_TILES + 1  # tile columns (and rows) a garden's corner may have
_PHASES = tuple(Phase)
_TILE_INDEX = {t: i for i, t in enumerate(GARDEN_TILES)}
_CARDS = [[d.name for d in DWELLERS if d.family == f] for f in range(len(FAMILIES))]
_PLANES = 15
#: Plane of each mask of `state.masks` (occupied, colours, puddle, mushrooms).
_MASK_PLANES = (0, *(c for c in COLOURS), PUDDLE, MUSHROOMS)
assert NMASKS == 8 and len(_MASK_PLANES) == 8
LAYOUT = Layout(
    [
        ("garden", (SEATS, _PLANES, SIDE, SIDE)),
        ("hummingbirds", (SEATS, 3, BOX, BOX)),
        ("origin", (SEATS, 2, REACH)),
        ("counts", (SEATS, 6)),
        ("cards", (3, max(len(c) for c in _CARDS))),
        ("market", (len(GARDEN_TILES),)),
        ("bag", (len(GARDEN_TILES),)),
        ("taken", (len(GARDEN_TILES),)),
        ("draws_left", (1,)),
        ("phase", (len(_PHASES),)),
        ("to_move", (SEATS,)),
        ("pending", (SIDE, SIDE)),
        ("burly", (SEATS + 2,)),
    ]
)


def layout(players: int, options: Mapping[str, OptionValue]) -> Layout:
    """The layout (the same at every player count: missing seats stay 0)."""
    return LAYOUT


def _corner(view: UnderTheLeavesState, p: int) -> tuple[int, int]:
    placed = view.placed[p]
    return min(t[1] for t in placed), min(t[2] for t in placed)


def _spaces(
    out: Tensor, name: str, prefix: tuple[int, ...], mask: int, corner: tuple[int, int]
) -> None:
    """Mark the spaces of `mask` in a garden box whose top-left tile is `corner`."""
    ox, oy = 2 * corner[0], 2 * corner[1]
    for b in bits(mask):
        x, y = space_xy(b)
        if 0 <= x - ox < SIDE and 0 <= y - oy < SIDE:
            out.put(name, (*prefix, y - oy, x - ox))


def encode(view: UnderTheLeavesState, player: int) -> Tensor:
    """The tensor of what `player` sees in `view` (their own view)."""
    n = view.num_players
    out = LAYOUT.new()
    corners = [_corner(view, p) for p in range(n)]
    for p in range(n):
        seat = (p - player) % n
        corner = corners[p]
        masks = view.masks[NMASKS * p : NMASKS * (p + 1)]
        for plane, mask in enumerate(masks[i] for i in _MASK_PLANES):
            _spaces(out, "garden", (seat, plane), mask, corner)
        _spaces(out, "garden", (seat, 8), view.pollinated[p], corner)
        for f in range(3):
            _spaces(out, "garden", (seat, 9 + f), view.used[3 * p + f], corner)
        for family, b in view.spots[p]:
            _spaces(out, "garden", (seat, 12 + family), 1 << b, corner)
        for h, mask in enumerate((view.humm_base[p], view.humm_row[p], view.humm_col[p])):
            for tb in bits(mask):
                tx, ty = tile_xy(tb)
                if 0 <= tx - corner[0] < BOX and 0 <= ty - corner[1] < BOX:
                    out.put("hummingbirds", (seat, h, ty - corner[1], tx - corner[0]))
        out.put("origin", (seat, 0, corner[0] + MAX_TILES))
        out.put("origin", (seat, 1, corner[1] + MAX_TILES))
        dwellers = view.dwellers[3 * p : 3 * p + 3]
        counts = [view.bees[p] / 100, view.largest[p] / 52, *(d / 12 for d in dwellers)]
        counts.append(len(view.placed[p]) / BOX)
        out.row("counts", counts, start=seat * 6)
    for f, name in enumerate(view.cards):
        if name in _CARDS[f]:
            out.put("cards", (f, _CARDS[f].index(name)))
    for t in view.market:
        out.put("market", _TILE_INDEX[t])
    for t in view.bag:
        out.put("bag", _TILE_INDEX[t])
    if view.phase in (Phase.PLACE, Phase.CHOOSE) and view.taken in _TILE_INDEX:
        out.put("taken", _TILE_INDEX[view.taken])
    out.scaled("draws_left", 0, view.draws_left, 36)
    out.one_hot("phase", _PHASES.index(view.phase))
    if view.phase != Phase.OVER:
        out.one_hot("to_move", (view.to_move - player) % n)
        for pair in view.pending:
            mask = 1 << pair.first | 1 << pair.second
            _spaces(out, "pending", (), mask, corners[view.to_move])
    holder = view.burly_holder
    out.one_hot("burly", 0 if holder < 0 else 1 + (holder - player) % n)
    out.scaled("burly", SEATS + 1, view.burly_bar, 52)
    return out
