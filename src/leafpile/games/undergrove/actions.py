"""Undergrove's atomic decisions and their compact notation.

A turn is a sequence of these (the state keeps a stack of pending decisions):

- `absorb`, `reproduce`, `partner`, `photosynthesize`, `activate 12`: the turn's action (§4);
  `use B7`: spend a one-shot bonus tile before it.
- `carbon 12>1,0`: move one carbon from tile 12 to your seedling on corner (1,0) (§4.2);
  `stop`: absorb no more (optional absorbs of tiles 33-40, 49).
- `flip b`: pay with a ready activation token; `pay N`: pay one nutrient (N, P or K).
- `gain P`: take one nutrient of your choice; `swap N>K`: Earthlover's swap (§6.1).
- `place 23@2,0`: put mushroom 23 from your hand on cell (2,0); `seedling 1,1`: a seedling on
  corner (1,1); `root 1,1>12`: a root from your piece on corner (1,1) into tile 12.
- `convert 2`: turn 2 N into 2 C; `discard 23`; `store 2`; `copy 12`; `take B5` (a bonus tile
  from the track); `end E3` (an end space); `refresh b`.
- `skip`, `done`, `nutrient`, `again`: close an optional step or pick a branch.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from leafpile.engine import Action, InvalidNotationError
from leafpile.games.undergrove.components import RESOURCES, TOKENS, cell, coord_text
from leafpile.i18n import Msg

WORDS = (
    "absorb",
    "reproduce",
    "partner",
    "photosynthesize",
    "skip",
    "stop",
    "done",
    "nutrient",
    "again",
)


class Shared(Action):
    """An action made by its interned constructor (below). Pickled (into a worker process, a
    saved search) it comes back as the shared object, so `is` comparisons still hold there."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared, (type(self), tuple(vars(self).values())))


def _shared(kind: type[Shared], fields: tuple[Any, ...]) -> Action:
    return _MAKERS[kind](*fields)


@dataclass(frozen=True)
class Word(Shared):
    """A decision named by one word: the action choice or a branch of an optional step."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True)
class Numbered(Shared):
    """A verb with one number: `activate 12`, `convert 2`, `discard 23`, `store 1`, `copy 12`,
    `use B7`, `take B5`, `end E3`."""

    verb: str
    n: int

    def __str__(self) -> str:
        if self.verb in ("use", "take"):
            return f"{self.verb} B{self.n}"
        if self.verb == "end":
            return f"end E{self.n + 1}"
        return f"{self.verb} {self.n}"


@dataclass(frozen=True)
class Resource(Shared):
    """A verb with a resource or token index: `pay N`, `gain K`, `flip b`, `refresh g`."""

    verb: str  # pay / gain (a nutrient index), flip / refresh (a token index)
    r: int

    def __str__(self) -> str:
        letter = TOKENS[self.r] if self.verb in ("flip", "refresh") else RESOURCES[self.r]
        return f"{self.verb} {letter}"


@dataclass(frozen=True)
class Swap(Shared):
    give: int
    get: int

    def __str__(self) -> str:
        return f"swap {RESOURCES[self.give]}>{RESOURCES[self.get]}"


@dataclass(frozen=True)
class Place(Shared):
    tile: int
    cell: int

    def __str__(self) -> str:
        return f"place {self.tile}@{coord_text(self.cell)}"


@dataclass(frozen=True)
class Seedling(Shared):
    corner: int

    def __str__(self) -> str:
        return f"seedling {coord_text(self.corner)}"


@dataclass(frozen=True)
class Root(Shared):
    corner: int
    tile: int

    def __str__(self) -> str:
        return f"root {coord_text(self.corner)}>{self.tile}"


@dataclass(frozen=True)
class Carbon(Shared):
    tile: int  # where the carbon comes from
    corner: int  # the seedling that receives it

    def __str__(self) -> str:
        return f"carbon {self.tile}>{coord_text(self.corner)}"


# Interned constructors: legal-move generation hands out shared objects on the hot path.
word = cache(Word)
numbered = cache(Numbered)
resource = cache(Resource)
swap = cache(Swap)
place = cache(Place)
seedling = cache(Seedling)
root = cache(Root)
carbon = cache(Carbon)
_MAKERS: dict[type[Shared], Callable[..., Action]] = {
    Word: word,
    Numbered: numbered,
    Resource: resource,
    Swap: swap,
    Place: place,
    Seedling: seedling,
    Root: root,
    Carbon: carbon,
}

# The word decisions, shared objects compared with `is`.
ABSORB, REPRODUCE, PARTNER, PHOTO = (
    word("absorb"),
    word("reproduce"),
    word("partner"),
    word("photosynthesize"),
)
SKIP, STOP, DONE, NUTRIENT, AGAIN = (
    word("skip"),
    word("stop"),
    word("done"),
    word("nutrient"),
    word("again"),
)
#: Answers that only close an optional step: a decision offering nothing else is dropped.
CLOSERS = frozenset({SKIP, STOP, DONE, numbered("convert", 0)})

_XY = r"(-?[0-9]+),(-?[0-9]+)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(activate|convert|discard|store|copy) ([0-9]+)$"), "numbered"),
    (re.compile(r"^(use|take) b([0-9]+)$"), "bonus"),
    (re.compile(r"^end e([1-5])$"), "end"),
    (re.compile(r"^(pay|gain) ([npkc])$"), "resource"),
    (re.compile(r"^(flip|refresh) ([bpgy])$"), "token"),
    (re.compile(r"^swap ([npk])>([npk])$"), "swap"),
    (re.compile(rf"^place ([0-9]+)@{_XY}$"), "place"),
    (re.compile(rf"^seedling {_XY}$"), "seedling"),
    (re.compile(rf"^root {_XY}>([0-9]+)$"), "root"),
    (re.compile(rf"^carbon ([0-9]+)>{_XY}$"), "carbon"),
)
_LIMIT = 100  # coordinates and numbers beyond this are never in a forest


def _xy(x: str, y: str, text: str) -> int:
    xi, yi = int(x), int(y)
    if abs(xi) > _LIMIT or abs(yi) > _LIMIT:
        raise InvalidNotationError(
            Msg("{text}: ({x},{y}) is far outside any forest", text=repr(text), x=xi, y=yi)
        )
    return cell(xi, yi)


def parse_notation(text: str) -> Action:
    """Syntactic parse of one decision (whether it is legal is the state's business)."""
    raw = text
    text = " ".join(text.strip().split())
    low = text.lower()
    if low in WORDS:
        return word(low)
    for pattern, kind in _PATTERNS:
        m = pattern.match(low)
        if not m:
            continue
        g = m.groups()
        if kind == "numbered":
            n = int(g[1])
            if n > 1000:
                raise InvalidNotationError(
                    Msg("{text}: number {n} is out of range", text=repr(raw), n=n)
                )
            return numbered(g[0], n)
        if kind == "bonus":
            return numbered(g[0], int(g[1]))
        if kind == "end":
            return numbered("end", int(g[0]) - 1)
        if kind == "resource":
            return resource(g[0], RESOURCES.index(g[1].upper()))
        if kind == "token":
            return resource(g[0], TOKENS.index(g[1]))
        if kind == "swap":
            return swap(RESOURCES.index(g[0].upper()), RESOURCES.index(g[1].upper()))
        if kind == "place":
            return place(int(g[0]), _xy(g[1], g[2], raw))
        if kind == "seedling":
            return seedling(_xy(g[0], g[1], raw))
        if kind == "root":
            return root(_xy(g[0], g[1], raw), int(g[2]))
        return carbon(int(g[0]), _xy(g[1], g[2], raw))
    raise InvalidNotationError(
        Msg(
            "{text} is not Undergrove notation: e.g. 'absorb', 'activate 12', 'carbon 12>1,0', "
            "'pay N', 'flip b', 'place 23@2,0', 'seedling 1,1', 'root 1,1>12', 'convert 2', "
            "'skip' or 'done'",
            text=repr(raw),
        )
    )
