"""Why an Autumn log line says what it does (the log's "why?"): a card that joins areas of a
colour or cuts one, and the round's scoring (each player's largest area of their colour).

The areas before and after the card are compared on the table's bitboards (`rules.laid`); the
card is public once revealed, so every audience reads the same reason. The rules' sentences
are data, below (`RULES`, in the words of docs/rules/autumn.md §4.2 and §5).
"""

from __future__ import annotations

from leafpile.engine import Action
from leafpile.games.autumn import rules
from leafpile.games.autumn.actions import Place
from leafpile.games.autumn.preview import areas
from leafpile.games.autumn.state import AutumnState
from leafpile.i18n import Msg, sentences

#: The rules a line is explained by.
RULES: dict[str, Msg] = {
    "area": Msg(
        "An area is a set of visible spaces of one colour connected through shared edges; "
        "touching only at corners does not connect. A card covers whatever lies under its "
        "four cells."
    ),
    "round": Msg(
        "At the end of a round each player scores the number of spaces in their largest area "
        "of their own colour; only that single largest area counts."
    ),
}


def explain(state: AutumnState, action: Action) -> Msg | None:
    """Why the line of `action` (played in `state`) says what it does; None for a card that
    neither joins nor cuts an area and does not end the round."""
    if not isinstance(action, Place) or state.card is None:
        return None
    occupied, red = rules.laid(state, action)
    before = (state.red, state.occupied & ~state.red)
    after = (red, occupied & ~red)
    parts: list[Msg] = []
    for colour in (0, 1):
        parts += _changes(colour, areas(before[colour]), areas(after[colour]))
    if parts:
        parts.append(RULES["area"])
    if not state.deck:
        parts.append(
            Msg(
                "The deck is empty: the round ends. The largest red area has {red} spaces, the "
                "largest yellow area {yellow}.",
                red=rules.largest_area(after[0]),
                yellow=rules.largest_area(after[1]),
            )
        )
        parts.append(RULES["round"])
    return sentences(parts)


def _changes(colour: int, before: list[int], after: list[int]) -> list[Msg]:
    """The areas of one colour the card joined (an area now holding spaces of several) and
    cut (an area whose uncovered spaces now lie in several)."""
    out: list[Msg] = []
    for area in after:
        n = sum(1 for old in before if old & area)
        if n > 1:
            out.append(_joined(colour, n, area.bit_count()))
    for old in before:
        n = sum(1 for area in after if area & old)
        if n > 1:
            out.append(_cut(colour, n, old.bit_count()))
    return out


def _joined(colour: int, n: int, size: int) -> Msg:
    if colour == 0:
        return Msg.plural(
            "The card joins {n} red area into one of {size} spaces.",
            "The card joins {n} red areas into one of {size} spaces.",
            n,
            size=size,
        )
    return Msg.plural(
        "The card joins {n} yellow area into one of {size} spaces.",
        "The card joins {n} yellow areas into one of {size} spaces.",
        n,
        size=size,
    )


def _cut(colour: int, n: int, size: int) -> Msg:
    if colour == 0:
        return Msg.plural(
            "The card cuts a red area of {size} spaces into {n} area.",
            "The card cuts a red area of {size} spaces into {n} areas.",
            n,
            size=size,
        )
    return Msg.plural(
        "The card cuts a yellow area of {size} spaces into {n} area.",
        "The card cuts a yellow area of {size} spaces into {n} areas.",
        n,
        size=size,
    )
