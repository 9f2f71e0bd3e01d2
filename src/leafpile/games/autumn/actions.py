"""Autumn's two kinds of action and their notation.

`x,y` places the revealed card with its top-left cell on (x, y) (the round's start card has its
top-left cell at 0,0; y grows downward); `x,yr` places it turned by 180 degrees. `red` or
`yellow` is the second player's colour choice: the colour the chooser takes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from leafpile.engine import Action, InvalidNotationError
from leafpile.games.autumn.components import COLOUR_NAMES, REACH, bit
from leafpile.i18n import Msg


@dataclass(frozen=True)
class Place(Action):
    x: int
    y: int
    rot: int  # 0 or 1 (= 180 degrees)
    #: the anchor's bit on the table (`components.bit`), worked out once: every placement of
    #: every playout needs it
    at: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", bit(self.x, self.y))

    def __str__(self) -> str:
        return f"{self.x},{self.y}{'r' if self.rot else ''}"


@dataclass(frozen=True)
class ChooseColour(Action):
    colour: int  # the colour the chooser takes: RED or YELLOW

    def __str__(self) -> str:
        return COLOUR_NAMES[self.colour]


#: Every placement, made once: PLACE[rot][anchor bit]. Legal-move generation hands these out
#: instead of building new objects on the hot path.
PLACE: tuple[dict[int, Place], dict[int, Place]] = (
    {bit(x, y): Place(x, y, 0) for x in range(-REACH, REACH + 1) for y in range(-REACH, REACH + 1)},
    {bit(x, y): Place(x, y, 1) for x in range(-REACH, REACH + 1) for y in range(-REACH, REACH + 1)},
)
CHOOSE = (ChooseColour(0), ChooseColour(1))

_PLACE_RE = re.compile(r"^(-?[0-9]+),(-?[0-9]+)(r?)$")


def parse_notation(text: str) -> Action:
    typed = text.strip()  # what an error quotes: as the person wrote it
    text = typed.lower()
    if text in COLOUR_NAMES:
        return CHOOSE[COLOUR_NAMES.index(text)]
    m = _PLACE_RE.match(text.replace(" ", ""))
    if not m:
        raise InvalidNotationError(
            Msg(
                "{text} is not Autumn notation: use 'x,y' or 'x,yr' (turned 180 degrees) to "
                "place the card, or 'red' / 'yellow' to choose your colour",
                text=repr(typed),
            )
        )
    x, y = int(m.group(1)), int(m.group(2))
    if not (-REACH <= x <= REACH and -REACH <= y <= REACH):
        raise InvalidNotationError(
            Msg("{text} is off the table (|x|, |y| <= {reach})", text=repr(typed), reach=REACH)
        )
    return PLACE[1 if m.group(3) else 0][bit(x, y)]
