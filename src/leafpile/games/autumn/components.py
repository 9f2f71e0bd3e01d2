"""Autumn's 18 cards, loaded from data/cards.json (placeholder layouts, see that file).

The table is a bitboard: cell (x, y) is bit (y + OFFSET) * STRIDE + (x + OFFSET) of a Python
int. A round adds 17 cards to a 2x2 start card and each card lies within one cell of the
layout, so every cell stays within 18 of the origin and a 40x40 board never wraps.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

RED, YELLOW = 0, 1
COLOUR_NAMES = ("red", "yellow")

STRIDE = 40
OFFSET = 20
CELLS = 1 | 2 | (1 << STRIDE) | (1 << (STRIDE + 1))  # a card's four cells at anchor bit 0
CELL_OFFSETS = (0, 1, STRIDE, STRIDE + 1)  # TL, TR, BL, BR
REACH = 18  # anchors lie within [-REACH, REACH] of the origin


@dataclass(frozen=True)
class Card:
    id: int
    pattern: str
    faces: tuple[int, int, int, int]  # TL, TR, BL, BR colours at 0 degrees

    def faces_at(self, rot: int) -> tuple[int, int, int, int]:
        """Colours of TL, TR, BL, BR after rotating by `rot` (0 or 1 = 180 degrees)."""
        tl, tr, bl, br = self.faces
        return (br, bl, tr, tl) if rot else self.faces

    @property
    def symmetric(self) -> bool:
        """Unchanged by a 180-degree turn, so only one rotation is a distinct move."""
        return self.faces_at(1) == self.faces

    def red_bits(self, rot: int) -> int:
        """Bit mask of the card's red cells, relative to its anchor bit."""
        out = 0
        for offset, colour in zip(CELL_OFFSETS, self.faces_at(rot), strict=True):
            if colour == RED:
                out |= 1 << offset
        return out

    def layout(self, rot: int = 0) -> str:
        f = ["RY"[c] for c in self.faces_at(rot)]
        return f"{f[0]}{f[1]}/{f[2]}{f[3]}"


def _load() -> tuple[Card, ...]:
    raw = json.loads(resources.files(__package__).joinpath("data/cards.json").read_text())
    cards = []
    for i, entry in enumerate(raw["cards"]):
        if entry["id"] != i or len(entry["faces"]) != 4 or set(entry["faces"]) - {"R", "Y"}:
            raise ValueError(f"autumn data/cards.json: bad card entry {entry!r}")
        faces = tuple(RED if c == "R" else YELLOW for c in entry["faces"])
        cards.append(Card(i, entry["pattern"], faces))  # type: ignore[arg-type]
    return tuple(cards)


CARDS: tuple[Card, ...] = _load()
DECK_SIZE = len(CARDS)
#: RED_BITS[card][rot]: red cells relative to the anchor bit.
RED_BITS: tuple[tuple[int, int], ...] = tuple((c.red_bits(0), c.red_bits(1)) for c in CARDS)
SYMMETRIC: tuple[bool, ...] = tuple(c.symmetric for c in CARDS)
#: Upper bound of a solo score per challenge, used to scale solo returns into [0, 1].
SOLO_SCALE = {"garden": 18, "balance": 18, "two": 1}


def bit(x: int, y: int) -> int:
    """Bit index of cell (x, y)."""
    return (y + OFFSET) * STRIDE + (x + OFFSET)
