"""Moving leaf cards between the deck, the display, the hands and the discard pile.

The display and the hands are kept in ascending card-id order (so cards of one type sit
together and a view or a save reads the same whatever the order they came in); the deck is in
draw order and the discard pile in discard order.
"""

from __future__ import annotations

from bisect import insort

from leafpile.games.momiji.components import CARD_KIND, CARD_TYPE, DISPLAY_SIZE
from leafpile.games.momiji.state import MomijiState


def reveal(s: MomijiState, count: int) -> None:
    """Turn up to `count` deck cards into the display (fewer if the deck runs out, §4.1)."""
    drawn = s.deck[:count]
    if drawn:
        del s.deck[:count]
        s.display.extend(drawn)
        s.display.sort()


def refill(s: MomijiState) -> None:
    """§4.1 [D] Q8: an empty display is refilled with 4 cards at once."""
    if not s.display:
        reveal(s, DISPLAY_SIZE)


def display_types(s: MomijiState) -> list[int]:
    """The types in the display, ascending (what a Collect may take)."""
    types: list[int] = []
    for c in s.display:  # ascending ids: types come grouped and in order
        t = CARD_TYPE[c]
        if not types or types[-1] != t:
            types.append(t)
    return types


def kinds(cards: list[int]) -> list[int]:
    """The distinct kinds among `cards` (ascending): what a choice of one card offers, since
    two cards of one kind are the same choice."""
    return sorted({CARD_KIND[c] for c in cards})


def take_card(hand: list[int], kind: int) -> int:
    """Remove the first card of `kind` from a sorted list; return its id."""
    for i, c in enumerate(hand):
        if CARD_KIND[c] == kind:
            del hand[i]
            return c
    raise ValueError("no card of that kind")  # pragma: no cover - legality guarantees one


def move_kind(source: list[int], target: list[int], kind: int) -> int:
    """Move the first card of `kind` from a sorted list into another; return its id."""
    c = take_card(source, kind)
    insort(target, c)
    return c
