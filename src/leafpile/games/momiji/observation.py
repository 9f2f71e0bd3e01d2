"""Momiji's observation tensor (`leafpile.engine.tensor`), written from a seat's view.

Seats are relative (index 0 is the observing seat, then the next to play; seats a smaller
game lacks stay 0). Cards are counted by kind (36 kinds: type, value, acorn corners). The view
hides the other hands, the deck order and the face-down discards, and carries what the seat
remembers of them (`memory.py`): the kinds each player took face up with the chance that each
is still held, and the seat's own face-down discards. Layout, in order:

- `hand` (36): the seat's own hand, cards per kind / 3
- `known` (4 x 36): per seat: kinds taken face up, weighted by the chance each is still held
- `discarded` (36): the seat's own face-down discards per kind, weighted likewise
- `piles` (4 x 6 x 36): per seat and pile (left to right): cards per kind / 3
- `tops` (4 x 6 x 36): per seat and pile: one-hot, the kind on top
- `seat` (4 x 4): per seat: hand size / 12, acorns / 12, landscape tiles / 4, tiles used / 4
- `tiles`, `tiles_used` (4 x 16 each): per seat: the landscape tiles held; those already used
- `display` (36): the display's cards per kind / 3
- `types` (6): 1 for each leaf type in play
- `supply` (2): deck size / 96, face-down discard size / 96
- `objectives` (15 x 6): per objective: revealed (column 0), then one-hot its owner (none, seat
  0-3)
- `draft` (16 + 4): the tiles still to draft; one-hot the panorama position drafted
- `phase`, `to_move`, `first` (11, 4, 4): one-hot: the pending decision; relative seat to move;
  who began
- `turn` (9): turn / 100, main actions left / 2, main actions used (3 bits), composted,
  landscape used, cards of this step / 3, the end has begun
- `mods`, `played` (7, 6): landscape effects of this turn (bits); leaf types placed in this Play
  / 3
"""

from __future__ import annotations

from collections.abc import Mapping

from leafpile.engine import OptionValue
from leafpile.engine.tensor import Layout, Tensor
from leafpile.games.momiji.components import (
    CARD_KIND,
    LANDSCAPES,
    NUM_CARDS,
    NUM_KINDS,
    NUM_TYPES,
    OBJECTIVES,
)
from leafpile.games.momiji.state import MomijiState, Phase

SEATS = 4
_PHASES = tuple(Phase)
_TILES = len(LANDSCAPES)
_MODS = 7
LAYOUT = Layout(
    [
        ("hand", (NUM_KINDS,)),
        ("known", (SEATS, NUM_KINDS)),
        ("discarded", (NUM_KINDS,)),
        ("piles", (SEATS, NUM_TYPES, NUM_KINDS)),
        ("tops", (SEATS, NUM_TYPES, NUM_KINDS)),
        ("seat", (SEATS, 4)),
        ("tiles", (SEATS, _TILES)),
        ("tiles_used", (SEATS, _TILES)),
        ("display", (NUM_KINDS,)),
        ("types", (NUM_TYPES,)),
        ("supply", (2,)),
        ("objectives", (len(OBJECTIVES), SEATS + 2)),
        ("draft", (_TILES + SEATS,)),
        ("phase", (len(_PHASES),)),
        ("to_move", (SEATS,)),
        ("first", (SEATS,)),
        ("turn", (9,)),
        ("mods", (_MODS,)),
        ("played", (NUM_TYPES,)),
    ]
)


def layout(players: int, options: Mapping[str, OptionValue]) -> Layout:
    """The layout (the same at every player count and option: missing seats stay 0)."""
    return LAYOUT


def _kinds(out: Tensor, name: str, prefix: tuple[int, ...], cards: list[int]) -> None:
    for card in cards:
        index = (*prefix, CARD_KIND[card])
        out.put(name, index, out.values[out.layout.where(name)[0] + _flat(index)] + 1 / 3)


def _flat(index: tuple[int, ...]) -> int:
    """The flat position of a kind index of `piles` or `hand` shapes (kinds last)."""
    flat = 0
    sizes = {1: (NUM_KINDS,), 2: (SEATS, NUM_KINDS), 3: (SEATS, NUM_TYPES, NUM_KINDS)}[len(index)]
    for i, size in zip(index, sizes, strict=True):
        flat = flat * size + i
    return flat


def encode(view: MomijiState, player: int) -> Tensor:
    """The tensor of what `player` sees in `view` (their own view)."""
    n = view.num_players
    out = LAYOUT.new()
    _kinds(out, "hand", (), view.hands[player])
    _kinds(out, "display", (), view.display)
    known = LAYOUT.where("known")[0]
    for p in range(n):
        seat = (p - player) % n
        for kind, chance in zip(view.known[p], view.known_chance[p], strict=True):
            out.values[known + seat * NUM_KINDS + kind] += chance
        for i, pile in enumerate(view.rows[p][:NUM_TYPES]):
            _kinds(out, "piles", (seat, i), pile)
            if pile:
                out.put("tops", (seat, i, CARD_KIND[pile[-1]]))
        used = sum(view.tiles_used[p] >> i & 1 for i in range(len(view.tiles[p])))
        hand = len(view.hands[p]) / 12
        out.row("seat", [hand, view.acorns[p] / 12, len(view.tiles[p]) / 4, used / 4], seat * 4)
        for i, tile in enumerate(view.tiles[p]):
            out.put("tiles", (seat, tile))
            if view.tiles_used[p] >> i & 1:
                out.put("tiles_used", (seat, tile))
    discarded = LAYOUT.where("discarded")[0]
    for kind, chance in zip(view.discarded[player], view.discarded_chance[player], strict=True):
        out.values[discarded + kind] += chance
    for t in view.types:
        out.put("types", t)
    out.row("supply", [len(view.deck) / NUM_CARDS, len(view.discard) / NUM_CARDS])
    for objective, owner in zip(view.objectives, view.owners, strict=True):
        out.put("objectives", (objective, 0))
        out.put("objectives", (objective, 1 if owner < 0 else 2 + (owner - player) % n))
    for tile in view.draft_pool:
        out.put("draft", tile)
    if view.phase == Phase.DRAFT:
        out.put("draft", _TILES + min(view.draft_position, SEATS - 1))
    out.one_hot("phase", _PHASES.index(view.phase))
    if view.phase != Phase.OVER:
        out.one_hot("to_move", (view.to_move - player) % n)
    out.one_hot("first", (view.first - player) % n)
    main = [view.main_used >> b & 1 for b in range(3)]
    turn = [view.turn / 100, view.mains_left / 2, *main, float(view.composted)]
    turn += [float(view.land_used), view.step_cards / 3, float(view.turns_left >= 0)]
    out.row("turn", turn)
    out.row("mods", [float(view.mods >> b & 1) for b in range(_MODS)])
    for t in view.played:
        out.put("played", t, out.values[LAYOUT.where("played")[0] + t] + 1 / 3)
    return out
