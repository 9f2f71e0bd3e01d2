"""Under the Leaves' action vocabulary: every decision the game can offer, with a fixed id
(`leafpile.engine.vocabulary`), in three parts: `market` (`tN` per garden tile, in id order);
`placement`, the taken tile on tile cell (x, y) of one's garden in orientation o (x, y in
[-MAX_TILES, MAX_TILES], o in r0, r90, r180, r270, then the mirrored four: x x y x o); and
`figure`, a figure on space (x, y) (x, y in [-SPACE_REACH, SPACE_REACH]). The same at every
player count and option.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from leafpile.engine import Action, OptionValue, Part, Vocabulary
from leafpile.games.under_the_leaves.actions import CHOICES, PLACES, TAKES, Choose, Place, Take
from leafpile.games.under_the_leaves.components import (
    GARDEN_TILES,
    MAX_TILES,
    SPACE_REACH,
    space_bit,
    tile_bit,
)

_TILE_INDEX = {t: i for i, t in enumerate(GARDEN_TILES)}
_CELLS = 2 * MAX_TILES + 1
_SPACES = 2 * SPACE_REACH + 1


def _take(i: int) -> Action:
    return TAKES[GARDEN_TILES[i]]


def _place(x: int, y: int, o: int) -> Action:
    return PLACES[tile_bit(x - MAX_TILES, y - MAX_TILES)][o]


def _choose(x: int, y: int) -> Action:
    return CHOICES[space_bit(x - SPACE_REACH, y - SPACE_REACH)]


def _locate(action: Action) -> tuple[str, tuple[int, ...]]:
    kind = type(action)
    if kind is Place:
        assert isinstance(action, Place)
        return "placement", (action.x + MAX_TILES, action.y + MAX_TILES, action.o)
    if kind is Take:
        assert isinstance(action, Take)
        return "market", (_TILE_INDEX[action.tile],)
    if kind is Choose:
        assert isinstance(action, Choose)
        return "figure", (action.x + SPACE_REACH, action.y + SPACE_REACH)
    raise KeyError(action)


@cache
def _vocabulary() -> Vocabulary:
    return Vocabulary(
        [
            Part("market", (len(GARDEN_TILES),), _take),
            Part("placement", (_CELLS, _CELLS, 8), _place),
            Part("figure", (_SPACES, _SPACES), _choose),
        ],
        _locate,
    )


def vocabulary(players: int, options: Mapping[str, OptionValue]) -> Vocabulary:
    """The vocabulary (one for every player count and option)."""
    return _vocabulary()
