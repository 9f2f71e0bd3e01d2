"""Undergrove's observation tensor (`leafpile.engine.tensor`), written from a seat's view.

The forest is an unbounded grid, so it is drawn per tile, not per cell: each of the 53 tiles
has a row (placed, its cell, its carbon and stores, its four root slots, the pieces on its four
corners). Seats are relative (index 0 is the observing seat, then the next to play; seats a
smaller game lacks stay 0). The view hides the other hands and the deck order: it lists the
unseen tiles, and for each hidden hand tile the reshuffle it was drawn after. Layout, in order:

- `tiles` (53 x 62): per tile: placed, (x + 49) / 98, (y + 49) / 98, carbon / 10, stored / 4,
  its 4 root slots' owners (4 x 4 seats, one-hot), its 4 corners' pieces (4 x 9: seedling or
  tree of each seat, blocker), its 4 corners' carbon / 10
- `hand`, `unseen`, `discard`, `activated` (53 each): the seat's own hand; tiles not seen (deck
  and others' hands); the discard pile; tiles activated this turn
- `hands` (4 x 5): per seat: hand size / 3, hidden tiles drawn after each of 4 reshuffles / 3
- `seat` (4 x 15): per seat: C, N, P, K / 20, ready tokens (4 bits), seedlings / 6, trees / 4,
  roots / 18, track / 9, big turns, conversions, symbol turns / 20
- `bonus` (4 x 16): per seat: the bonus tiles held
- `end_space` (4 x 6): per seat, one-hot: none, end space 1-5
- `goals`, `bonus_sets` (12, 2 x 16): the goals in play; the bonus tiles of each set on the
  track
- `turn` (4 + 4 + 10): one-hot relative seat to move; who began; round / 50, final round + 1 / 50,
  over, initial seedlings left / 8, absorbed, track done, carbon gained / 10, root symbols / 4
  (x 3)
- `pending` (4 x (21 + 3)): the top 4 pending decisions: one-hot kind, then its first 3 numbers
  (+ 1, / 54: a number may be -1)
"""

from __future__ import annotations

from collections.abc import Mapping

from leafpile.engine import OptionValue
from leafpile.engine.tensor import Layout, Tensor
from leafpile.games.undergrove.components import (
    BONUS_SETS_AT,
    BONUS_TILES,
    CORNER_OFFSETS,
    DECK,
    END_SPACES,
    GOALS,
    NUM_TILES,
    SUPPLY,
    TRACK_END,
    coords,
)
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.state import UndergroveState

SEATS = 4
_KINDS = tuple(Kind)
_REACH = 1 + len(DECK)
_CODES = 9  # piece codes: seedling of seat p (p), tree of seat p (4 + p), blocker (8)
_TILE_ROW = 5 + 4 * SEATS + 4 * _CODES + 4
_BONUS = max(BONUS_TILES)
_GOALS = max(GOALS)
_STACK = 4
LAYOUT = Layout(
    [
        ("tiles", (NUM_TILES, _TILE_ROW)),
        ("hand", (NUM_TILES,)),
        ("unseen", (NUM_TILES,)),
        ("discard", (NUM_TILES,)),
        ("activated", (NUM_TILES,)),
        ("hands", (SEATS, 5)),
        ("seat", (SEATS, 15)),
        ("bonus", (SEATS, _BONUS)),
        ("end_space", (SEATS, len(END_SPACES) + 1)),
        ("goals", (_GOALS,)),
        ("bonus_sets", (len(BONUS_SETS_AT), _BONUS)),
        ("turn", (2 * SEATS + 10,)),
        ("pending", (_STACK, len(_KINDS) + 3)),
    ]
)


def layout(players: int, options: Mapping[str, OptionValue]) -> Layout:
    """The layout (the same at every player count and option: missing seats stay 0)."""
    return LAYOUT


def _place(x: int) -> float:
    """A cell coordinate in [-REACH, REACH] as a value in [0, 1]."""
    return (x + _REACH) / (2 * _REACH)


def _rel(p: int, player: int, n: int) -> int:
    return (p - player) % n


def _piece(code: int, player: int, n: int) -> int:
    """A piece code with the seat made relative."""
    if code >= 8:
        return 8
    return 4 * (code // 4) + _rel(code % 4, player, n)


def _forest(view: UndergroveState, player: int, out: Tensor) -> None:
    base = LAYOUT.where("tiles")[0]
    values = out.values
    n = view.num_players
    for t in range(1, NUM_TILES + 1):
        c = view.pos[t]
        if c < 0:
            continue
        row = base + (t - 1) * _TILE_ROW
        x, y = coords(c)
        values[row : row + 5] = [
            1.0,
            _place(x),
            _place(y),
            view.carbon[t] / 10,
            view.stored[t] / 4,
        ]
        for slot in range(4):
            owner = view.roots[4 * t + slot]
            if owner >= 0:
                values[row + 5 + slot * SEATS + _rel(owner, player, n)] = 1.0
        for k, offset in enumerate(CORNER_OFFSETS):
            corner = c + offset
            code = view.piece.get(corner)
            if code is not None:
                values[row + 5 + 4 * SEATS + k * _CODES + _piece(code, player, n)] = 1.0
                values[row + 5 + 4 * SEATS + 4 * _CODES + k] = view.pcarbon.get(corner, 0) / 10


def encode(view: UndergroveState, player: int) -> Tensor:
    """The tensor of what `player` sees in `view` (their own view)."""
    n = view.num_players
    out = LAYOUT.new()
    _forest(view, player, out)
    for t in view.hands[player]:
        out.put("hand", t - 1)
    for t in view.deck:
        out.put("unseen", t - 1)
    for t in view.discard:
        out.put("discard", t - 1)
    for t in range(1, NUM_TILES + 1):
        if view.activated >> t & 1:
            out.put("activated", t - 1)
    for p in range(n):
        seat = _rel(p, player, n)
        hidden = [0.0] * 4
        for t in view.hands[p]:
            if t < 0:
                hidden[min(-1 - t, 3)] += 1 / 3
        out.row("hands", [len(view.hands[p]) / 3, *hidden], seat * 5)
        row = [r / 20 for r in view.res[p]] + [float(view.ready[p] >> b & 1) for b in range(4)]
        row += [view.seedlings[p] / SUPPLY["seedlings"], view.trees[p] / SUPPLY["trees"]]
        row += [view.roots_left[p] / SUPPLY["roots"], view.track[p] / TRACK_END]
        row += [view.big_turns[p] / 20, view.conversions[p] / 20, view.symbol_turns[p] / 20]
        out.row("seat", row, seat * 15)
        for b in view.bonus[p]:
            out.put("bonus", (seat, b - 1))
        out.put("end_space", (seat, view.end_space[p] + 1))
    for g in view.goals:
        out.put("goals", g - 1)
    for i, tiles in enumerate(view.bonus_sets):
        for b in tiles:
            out.put("bonus_sets", (i, b - 1))
    turn = [0.0] * (2 * SEATS)
    if not view.over:
        turn[_rel(view.to_move, player, n)] = 1.0
    turn[SEATS + _rel(view.first, player, n)] = 1.0
    turn += [view.round / 50, (view.final_round + 1) / 50, float(view.over), view.setup_left / 8]
    turn += [float(view.absorbed), float(view.track_done), view.gained_c / 10]
    turn += [s / 4 for s in view.root_symbols[:3]]
    out.row("turn", turn)
    for depth, decision in enumerate(reversed(view.pending[-_STACK:])):
        saved = decision.to_list()
        width = len(_KINDS) + 3
        out.put("pending", (depth, _KINDS.index(Kind(saved[0]))))
        numbers = [(v + 1) / 54 for v in saved[1:4]]
        out.row("pending", numbers, depth * width + len(_KINDS))
    return out
