"""Undergrove's action vocabulary: every decision the game can offer, with a fixed id
(`leafpile.engine.vocabulary`). The forest is an unbounded grid that grows from the starting
cross (reach 1) by at most one deck tile a placement, so every cell lies within
REACH = 1 + 48 of the centre and every corner within [-REACH, REACH + 1]; the vocabulary
names each (tile, cell) and (tile, corner) pair there, which makes it large (about 1.6
million ids) and *factored*: a learner should read an id as `factors(id)` = (part, indices)
with one output head per factor rather than one per id.

Parts in id order (sizes in brackets): the words `absorb` ... `again` [9]; `activate T` [53
tiles]; `convert K` [0-1000, the notation's limit]; `discard T` [53]; `store K` [0-4, a
mushroom's capacity]; `copy T` [53]; `use Bn`, `take Bn` [16 bonus tiles each]; `end En` [5];
`pay R`, `gain R` [4 resources each]; `flip t`, `refresh t` [4 tokens each]; `swap A>B` [3 x 3
nutrients]; `place T@x,y` [53 x cell column x cell row]; `seedling x,y` [corner column x
row]; `root x,y>T` [corner column x row x 53]; `carbon T>x,y` [53 x corner column x row].
The same at every player count and option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from leafpile.engine import Action, OptionValue, Part, Vocabulary
from leafpile.games.undergrove.actions import (
    WORDS,
    Carbon,
    Numbered,
    Place,
    Resource,
    Root,
    Seedling,
    Swap,
    carbon,
    numbered,
    place,
    resource,
    root,
    seedling,
    swap,
    word,
)
from leafpile.games.undergrove.components import (
    BONUS_TILES,
    DECK,
    END_SPACES,
    NUM_TILES,
    RESOURCES,
    TOKENS,
    cell,
    coords,
)

#: Cells lie in [-REACH, REACH], corners in [-REACH, REACH + 1] (module docstring).
REACH = 1 + len(DECK)
_CELLS = 2 * REACH + 1
_CORNERS = _CELLS + 1
#: The largest number the notation reads (`convert 1000`), and a storing mushroom's capacity.
_MOST_CONVERTED = 1000
_MOST_STORED = 4
_BONUS = max(BONUS_TILES)

#: Numbered verbs: (verb, how many numbers, the number of index 0).
_NUMBERED: tuple[tuple[str, int, int], ...] = (
    ("activate", NUM_TILES, 1),
    ("convert", _MOST_CONVERTED + 1, 0),
    ("discard", NUM_TILES, 1),
    ("store", _MOST_STORED + 1, 0),
    ("copy", NUM_TILES, 1),
    ("use", _BONUS, 1),
    ("take", _BONUS, 1),
    ("end", len(END_SPACES), 0),
)
_FIRST = {verb: first for verb, _, first in _NUMBERED}
_RESOURCE_VERBS = (("pay", len(RESOURCES)), ("gain", len(RESOURCES)))
_TOKEN_VERBS = (("flip", len(TOKENS)), ("refresh", len(TOKENS)))
_WORD_INDEX = {w: i for i, w in enumerate(WORDS)}


def _cell(x: int, y: int) -> int:
    return cell(x - REACH, y - REACH)


def _xy(c: int) -> tuple[int, int]:
    x, y = coords(c)
    return x + REACH, y + REACH


def _numbered(verb: str) -> Callable[[int], Action]:
    first = _FIRST[verb]
    return lambda i: numbered(verb, i + first)


def _resource(verb: str) -> Callable[[int], Action]:
    return lambda i: resource(verb, i)


def _locate(action: Action) -> tuple[str, tuple[int, ...]]:
    if isinstance(action, Place):
        return "place", (action.tile - 1, *_xy(action.cell))
    if isinstance(action, Carbon):
        return "carbon", (action.tile - 1, *_xy(action.corner))
    if isinstance(action, Root):
        return "root", (*_xy(action.corner), action.tile - 1)
    if isinstance(action, Seedling):
        return "seedling", _xy(action.corner)
    if isinstance(action, Numbered):
        return action.verb, (action.n - _FIRST[action.verb],)
    if isinstance(action, Resource):
        return action.verb, (action.r,)
    if isinstance(action, Swap):
        return "swap", (action.give - 1, action.get - 1)
    return "word", (_WORD_INDEX[str(action)],)


@cache
def _vocabulary() -> Vocabulary:
    parts = [Part("word", (len(WORDS),), lambda i: word(WORDS[i]))]
    parts += [Part(verb, (n,), _numbered(verb)) for verb, n, _ in _NUMBERED]
    parts += [Part(verb, (n,), _resource(verb)) for verb, n in _RESOURCE_VERBS + _TOKEN_VERBS]
    parts += [
        Part("swap", (3, 3), lambda give, get: swap(give + 1, get + 1)),
        Part("place", (NUM_TILES, _CELLS, _CELLS), lambda t, x, y: place(t + 1, _cell(x, y))),
        Part("seedling", (_CORNERS, _CORNERS), lambda x, y: seedling(_cell(x, y))),
        Part("root", (_CORNERS, _CORNERS, NUM_TILES), lambda x, y, t: root(_cell(x, y), t + 1)),
        Part("carbon", (NUM_TILES, _CORNERS, _CORNERS), lambda t, x, y: carbon(t + 1, _cell(x, y))),
    ]
    return Vocabulary(parts, _locate)


def vocabulary(players: int, options: Mapping[str, OptionValue]) -> Vocabulary:
    """The vocabulary (one for every player count and option)."""
    return _vocabulary()
