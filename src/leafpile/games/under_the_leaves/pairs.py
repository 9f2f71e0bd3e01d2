"""The Collector and Friendly pairs (§7.4, §12 U5): the decisions a placement can leave.

A new mushroom (Collector) or a new puddle (Friendly) can complete diagonal pairs whose spaces
hold no figure of that card yet. Each pair brings one figure and the player who placed the tile
decides which of its two spaces gets it, one `@x,y` decision per pair, first to last. The pairs
wait in the state's `pending` list; this is everything the rest of the game needs to know about
one of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action, InvalidStateError
from leafpile.games.under_the_leaves.actions import CHOICES
from leafpile.games.under_the_leaves.components import (
    DWELLER_BY_NAME,
    MUSH,
    MUSHROOMS,
    PUDDLE,
    SPACE_REACH,
    WATER,
    Dweller,
    space_bit,
    space_xy,
)
from leafpile.games.under_the_leaves.garden import DIAGONALS, read_xy

#: The card each family's pairs belong to, and the mask (state.py) its pairs are made of.
PAIR_CARDS = {MUSH: ("collector", MUSHROOMS), WATER: ("friendly", PUDDLE)}


@dataclass(frozen=True, slots=True)
class Pair:
    """One pair waiting for its figure; the player to move decides where it goes."""

    family: int  # MUSH (Collector) or WATER (Friendly)
    first: int  # space bits of the two diagonal neighbours, first < second
    second: int

    def spaces(self, used: int) -> tuple[int, ...]:
        """Where the figure may go, given the spaces the card has used: a space of the pair
        that holds no figure of that card; either space when both already hold one (§12 U5)."""
        a, b = self.first, self.second
        free = tuple(x for x in (a, b) if not used >> x & 1)
        return free or (a, b)

    def actions(self, used: int) -> list[Action]:
        return [CHOICES[b] for b in self.spaces(used)]

    def card(self, cards: tuple[str, str, str]) -> Dweller:
        return DWELLER_BY_NAME[cards[self.family]]

    # -- saves ----------------------------------------------------------------------------------
    def to_list(self) -> list[int]:
        return [self.family, *space_xy(self.first), *space_xy(self.second)]

    @classmethod
    def from_list(cls, row: list[int]) -> Pair:
        """Read `to_list()` output (five integers, as `int_rows` reads them); InvalidStateError
        unless it is a family with pairs and two spaces."""
        family, x1, y1, x2, y2 = row
        if family not in PAIR_CARDS:
            raise InvalidStateError("saved state has a pending choice for a bad family")
        first = space_bit(*read_xy([x1, y1], SPACE_REACH))
        return cls(family, first, space_bit(*read_xy([x2, y2], SPACE_REACH)))

    def possible(self, cards: tuple[str, str, str], masks: list[int]) -> bool:
        """Whether a game could have left this pair to the player whose eight masks (state.py)
        are `masks`: a diagonal pair of the card's own kind of space, the card in play."""
        card, kind = PAIR_CARDS[self.family]
        spaces = masks[kind]
        return (
            cards[self.family] == card
            and self.second - self.first in DIAGONALS
            and bool(spaces >> self.first & 1 and spaces >> self.second & 1)
        )
