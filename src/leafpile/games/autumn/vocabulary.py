"""Autumn's action vocabulary: every action the game can offer, with a fixed id
(`leafpile.engine.vocabulary`).

Ids 0-2737 place the revealed card: rotation (0, 180 degrees) x anchor column x anchor row,
both in [-REACH, REACH] (the table's reach, components.REACH); ids 2738-2739 are the colour
choices `red`, `yellow`. The same at every player count and option.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from leafpile.engine import Action, OptionValue, Part, Vocabulary, listed
from leafpile.games.autumn.actions import CHOOSE, PLACE, ChooseColour, Place
from leafpile.games.autumn.components import REACH, bit

_SIDE = 2 * REACH + 1


def _place(rot: int, x: int, y: int) -> Action:
    return PLACE[rot][bit(x - REACH, y - REACH)]


def _locate(action: Action) -> tuple[str, tuple[int, ...]]:
    if type(action) is Place:
        return "place", (action.rot, action.x + REACH, action.y + REACH)
    if type(action) is ChooseColour:
        return "colour", (action.colour,)
    raise KeyError(action)


@cache
def _vocabulary() -> Vocabulary:
    return Vocabulary([Part("place", (2, _SIDE, _SIDE), _place), listed("colour", CHOOSE)], _locate)


def vocabulary(players: int, options: Mapping[str, OptionValue]) -> Vocabulary:
    """The vocabulary (one for every player count and option: the table's reach is fixed)."""
    return _vocabulary()
