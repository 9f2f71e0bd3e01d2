"""Autumn's observation tensor (`leafpile.engine.tensor`), written from a seat's view.

Seats are relative: index 0 is the observing seat, 1 the other. Layout, in order:

- `red`, `yellow` (40 x 40): 1 where the table shows that colour (bit (y+20)*40 + (x+20) of cell
  (x, y))
- `anchors` (40 x 40): the number of cards whose top-left cell is there, / 4
- `area` (40 x 40): on each visible cell, the size of the area (of its colour) it belongs to,
  / 76: where the large areas lie, which a reader of the planes alone would have to flood-fill
- `card` (18): one-hot: the revealed card to place
- `deck` (18): 1 for each card still face down (the view knows which, not their order)
- `round`, `phase` (3, 3): one-hot: the round (0-2); place / colour / over
- `to_move`, `first` (2, 2): one-hot relative seat: who places now; who placed first this round
- `red_player` (3): one-hot: nobody yet, me, the other owns red this round
- `round_scores` (3 x 2): each finished round's score per relative seat, / 76
- `round_red` (3 x 2): 1 for the relative seat that owned red in each finished round
- `scores` (2): each relative seat's score as the table stands (all rounds so far), / 228
- `areas` (2 x 3): the three largest areas of red, then of yellow, on the table now, / 76 (the
  live sizes the table page shows)
- `live` (2): each relative seat's score of the round being played if it ended now (the
  largest area of its colour), / 76; 0 before the colours are chosen
"""

from __future__ import annotations

from collections.abc import Mapping

from leafpile.engine import OptionValue
from leafpile.engine.tensor import Layout, Tensor
from leafpile.games.autumn.components import DECK_SIZE, OFFSET, STRIDE, bit
from leafpile.games.autumn.rules import colour_masks
from leafpile.games.autumn.state import AutumnState, Phase

_PHASES = tuple(Phase)
_ROUNDS = 3
#: A round's largest score (4 + 17 x 4 cells of one colour).
_MOST = 76
#: Live areas given per colour.
_AREAS = 3
LAYOUT = Layout(
    [
        ("red", (STRIDE, STRIDE)),
        ("yellow", (STRIDE, STRIDE)),
        ("anchors", (STRIDE, STRIDE)),
        ("area", (STRIDE, STRIDE)),
        ("card", (DECK_SIZE,)),
        ("deck", (DECK_SIZE,)),
        ("round", (_ROUNDS,)),
        ("phase", (len(_PHASES),)),
        ("to_move", (2,)),
        ("first", (2,)),
        ("red_player", (3,)),
        ("round_scores", (_ROUNDS, 2)),
        ("round_red", (_ROUNDS, 2)),
        ("scores", (2,)),
        ("areas", (2, _AREAS)),
        ("live", (2,)),
    ]
)
assert OFFSET * 2 == STRIDE


def layout(players: int, options: Mapping[str, OptionValue]) -> Layout:
    """The layout (the same for one and two players: a solo seat's other seat stays 0)."""
    return LAYOUT


def encode(view: AutumnState, player: int) -> Tensor:
    """The tensor of what `player` sees in `view` (their own view)."""
    n = view.num_players
    out = LAYOUT.new()
    out.bits("red", view.red)
    out.bits("yellow", view.occupied & ~view.red)
    anchors = LAYOUT.where("anchors")[0]
    for _card, x, y, _rot in view.placed:
        out.values[anchors + bit(x, y)] += 0.25
    out.one_hot("card", view.card)
    for card in view.deck:
        out.put("deck", card)
    out.one_hot("round", min(view.round, _ROUNDS - 1))
    out.one_hot("phase", _PHASES.index(view.phase))
    if view.phase != Phase.OVER:
        out.one_hot("to_move", (view.to_move - player) % n)
    out.one_hot("first", (view.first - player) % n)
    red = view.red_player
    out.one_hot("red_player", 0 if red is None else 1 + (red - player) % n)
    for r, scores in enumerate(view.round_scores[:_ROUNDS]):
        for p, score in enumerate(scores):
            out.scaled("round_scores", (r, (p - player) % n), score, _MOST)
    for r, owner in enumerate(view.round_red[:_ROUNDS]):
        out.one_hot("round_red", (r, (owner - player) % n))
    for p, total in enumerate(view.scores()):
        out.scaled("scores", (p - player) % n, total, _ROUNDS * _MOST)
    largest = []
    for c, mask in enumerate(colour_masks(view)):
        sizes = sorted(_regions(out, mask), reverse=True)
        largest.append(sizes[0] if sizes else 0)
        for k, size in enumerate(sizes[:_AREAS]):
            out.scaled("areas", (c, k), size, _MOST)
    if view.phase != Phase.OVER and red is not None and n == 2:
        for p in range(n):
            out.scaled("live", (p - player) % n, largest[0 if p == red else 1], _MOST)
    return out


def _regions(out: Tensor, mask: int) -> list[int]:
    """Write each area of `mask` into the `area` plane (its size on each of its cells) and
    return the sizes: the flood fill of `rules.area_sizes`, keeping the cells."""
    plane = LAYOUT.where("area")[0]
    sizes = []
    while mask:
        region = mask & -mask
        while True:
            grown = region | (region << 1) | (region >> 1) | (region << STRIDE) | (region >> STRIDE)
            grown &= mask
            if grown == region:
                break
            region = grown
        size = region.bit_count()
        sizes.append(size)
        mask ^= region
        while region:
            low = region & -region
            out.values[plane + low.bit_length() - 1] = size / _MOST
            region ^= low
    return sizes
