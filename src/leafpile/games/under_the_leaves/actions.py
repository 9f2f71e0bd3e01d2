"""Under the Leaves actions and their notation.

A turn is a sequence of atomic decisions (§3):

* `t17` takes garden tile 17 from the market;
* `1,-1r90m` places it with its top-left space on tile cell (1, -1) of your garden, turned 90
  degrees clockwise and then mirrored (`r0`, `r90`, `r180`, `r270`, optional `m`; §1.2);
* `@3,-2` puts the figure of a Collector or Friendly pair on space (3, -2) (space coordinates:
  tile (tx, ty) owns spaces 2tx..2tx+1 by 2ty..2ty+1; §7.4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from leafpile.engine import Action, InvalidNotationError
from leafpile.games.under_the_leaves.components import (
    GARDEN_TILES,
    MAX_TILES,
    ORIENTATIONS,
    SPACE_REACH,
    TILE_TO_SPACE,
    orientation_name,
    space_bit,
    tile_bit,
    tile_xy,
)
from leafpile.i18n import Msg


@dataclass(frozen=True)
class Take(Action):
    tile: int  # garden tile id in the market

    def __str__(self) -> str:
        return f"t{self.tile}"


@dataclass(frozen=True)
class Place(Action):
    x: int  # tile coordinates in the player's garden
    y: int
    o: int  # orientation 0..7 (components.orient)

    def __str__(self) -> str:
        return f"{self.x},{self.y}{orientation_name(self.o)}"


@dataclass(frozen=True)
class Choose(Action):
    x: int  # space coordinates
    y: int

    def __str__(self) -> str:
        return f"@{self.x},{self.y}"


#: Every action, made once: legal-move generation hands these out instead of building objects.
TAKES: dict[int, Take] = {t: Take(t) for t in GARDEN_TILES}
#: PLACES[tile-grid bit]: the 8 placements on that cell, in orientation order.
PLACES: dict[int, tuple[Place, ...]] = {
    b: tuple(Place(*tile_xy(b), o) for o in ORIENTATIONS) for b in TILE_TO_SPACE
}
#: CHOICES[space bit]: putting a figure there.
CHOICES: dict[int, Choose] = {
    space_bit(x, y): Choose(x, y)
    for x in range(-SPACE_REACH, SPACE_REACH + 1)
    for y in range(-SPACE_REACH, SPACE_REACH + 1)
}

_TAKE_RE = re.compile(r"^t([0-9]+)$")
_PLACE_RE = re.compile(r"^(-?[0-9]+),(-?[0-9]+)r(0|90|180|270)(m?)$")
_CHOOSE_RE = re.compile(r"^@(-?[0-9]+),(-?[0-9]+)$")


def parse_notation(text: str) -> Action:
    """Syntactic parse; whether the action is legal now is for the state to say."""
    typed = text.strip()  # what an error quotes: as the person wrote it
    text = typed.lower().replace(" ", "")
    if m := _TAKE_RE.match(text):
        tile = int(m.group(1))
        if tile not in TAKES:
            raise InvalidNotationError(
                Msg("{text}: there is no garden tile {tile} (1-50)", text=repr(typed), tile=tile)
            )
        return TAKES[tile]
    if m := _PLACE_RE.match(text):
        x, y = int(m.group(1)), int(m.group(2))
        o = int(m.group(3)) // 90 + (4 if m.group(4) else 0)
        b = tile_bit(x, y) if max(abs(x), abs(y)) <= MAX_TILES else -1
        if b not in PLACES:
            raise InvalidNotationError(
                Msg(
                    "{text} is outside any garden (|x|, |y| <= {reach})",
                    text=repr(typed),
                    reach=MAX_TILES,
                )
            )
        return PLACES[b][o]
    if m := _CHOOSE_RE.match(text):
        x, y = int(m.group(1)), int(m.group(2))
        if max(abs(x), abs(y)) > SPACE_REACH:
            raise InvalidNotationError(Msg("{text} is outside any garden", text=repr(typed)))
        return CHOICES[space_bit(x, y)]
    raise InvalidNotationError(
        Msg(
            "{text} is not Under the Leaves notation: use 't17' to take tile 17 from the "
            "market, 'x,yr90m' to place it on tile cell (x, y) turned r0/r90/r180/r270 and "
            "optionally mirrored (m), or '@x,y' to put a figure on space (x, y)",
            text=repr(typed),
        )
    )
