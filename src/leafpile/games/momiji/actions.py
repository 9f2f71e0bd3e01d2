"""Momiji's atomic decisions and their notation.

A turn is a sequence of these (momiji.md §4). Cards are named by kind (`G0L` = green 0 with an
acorn in its bottom-left corner, `Y2` = yellow 2 without acorn), never by card id.

| notation          | decision                                                            |
|-------------------|---------------------------------------------------------------------|
| `take G`          | Collect: take every green card of the display (§4.1)                |
| `refresh`         | Collect: pay 1 acorn and reveal 4 cards first (§4.1); `take` follows  |
| `G0L`             | Play: put a card on its pile (or start the row's first pile) (§4.2)  |
| `<G0L` / `G0L>`   | Play: start a new pile at the left / right end of the row (§3)       |
| `stop`            | end the current Play (or an optional power step)                    |
| `obj zero`        | activate an objective (§4.3)                                        |
| `compost`         | free action: discard 2 cards (chosen by `discard`) for 1 acorn §4.5 |
| `land L1`         | free action: pay 1 acorn and use a landscape power (§4.5)           |
| `end`             | end the turn (or pass when no main action is possible, §4.7)        |
| `discard G0L`     | discard a card face down (compost, hand limit §4.6, power R5)       |
| `pick G0L`        | landscape power: take this card from the display                   |
| `swap 2`          | landscape power: swap piles 2 and 3 of your row (1 = leftmost)      |
| `draft L3`        | landscape draft: keep this tile                                     |
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from leafpile.engine import Action, InvalidNotationError
from leafpile.games.momiji.components import (
    KIND_INDEX,
    KIND_NAMES,
    LANDSCAPE_INDEX,
    LANDSCAPES,
    NUM_KINDS,
    NUM_TYPES,
    OBJECTIVE_INDEX,
    OBJECTIVES,
    TYPE_LETTERS,
)
from leafpile.i18n import Msg

ON_PILE, NEW_LEFT, NEW_RIGHT = 0, 1, 2


@dataclass(frozen=True)
class Take(Action):
    type: int

    def __str__(self) -> str:
        return f"take {TYPE_LETTERS[self.type]}"


@dataclass(frozen=True)
class Refresh(Action):
    def __str__(self) -> str:
        return "refresh"


@dataclass(frozen=True)
class Place(Action):
    kind: int
    side: int  # ON_PILE, NEW_LEFT or NEW_RIGHT

    def __str__(self) -> str:
        name = KIND_NAMES[self.kind]
        if self.side == NEW_LEFT:
            return "<" + name
        if self.side == NEW_RIGHT:
            return name + ">"
        return name


@dataclass(frozen=True)
class Stop(Action):
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Activate(Action):
    objective: int  # index into OBJECTIVES

    def __str__(self) -> str:
        return f"obj {OBJECTIVES[self.objective].id}"


@dataclass(frozen=True)
class Compost(Action):
    def __str__(self) -> str:
        return "compost"


@dataclass(frozen=True)
class UseLandscape(Action):
    tile: int  # index into LANDSCAPES

    def __str__(self) -> str:
        return f"land {LANDSCAPES[self.tile].id}"


@dataclass(frozen=True)
class End(Action):
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Discard(Action):
    kind: int

    def __str__(self) -> str:
        return f"discard {KIND_NAMES[self.kind]}"


@dataclass(frozen=True)
class Pick(Action):
    kind: int

    def __str__(self) -> str:
        return f"pick {KIND_NAMES[self.kind]}"


@dataclass(frozen=True)
class Swap(Action):
    position: int  # 0-based index of the left pile of the pair

    def __str__(self) -> str:
        return f"swap {self.position + 1}"


@dataclass(frozen=True)
class Draft(Action):
    tile: int

    def __str__(self) -> str:
        return f"draft {LANDSCAPES[self.tile].id}"


# Every action made once; legal-move generation hands these out instead of building objects.
# Tables are plural (TAKES[type], PLACES[kind][side], ...); the phase names (state.Phase) are
# the singular words.
TAKES = tuple(Take(t) for t in range(NUM_TYPES))
REFRESH = Refresh()
PLACES = tuple(tuple(Place(k, side) for side in range(3)) for k in range(NUM_KINDS))
STOP = Stop()
ACTIVATES = tuple(Activate(i) for i in range(len(OBJECTIVES)))
COMPOST_ACTION = Compost()
LANDS = tuple(UseLandscape(i) for i in range(len(LANDSCAPES)))
END = End()
DISCARDS = tuple(Discard(k) for k in range(NUM_KINDS))
PICKS = tuple(Pick(k) for k in range(NUM_KINDS))
SWAPS = tuple(Swap(i) for i in range(NUM_TYPES))
#: "swap N" numbers as typed (ASCII digits only: int() would read "²" or a 5,000-digit text).
_SWAP_NUMBERS = {str(n): n - 1 for n in range(1, NUM_TYPES)}
DRAFTS = tuple(Draft(i) for i in range(len(LANDSCAPES)))

_WORDS = {"refresh": REFRESH, "stop": STOP, "end": END, "pass": END, "compost": COMPOST_ACTION}
_KIND_RE = r"([A-Z][0-9]L?R?)"
_PLACE_RE = re.compile(rf"^(<?){_KIND_RE}(>?)$")
HELP = Msg(
    "Momiji notation: 'take G', 'refresh', 'G0L' / '<G0L' / 'G0L>' (play a card; < and > start "
    "a new pile at the left / right end), 'stop', 'obj zero', 'compost', 'land L1', "
    "'end', 'discard G0L', 'pick G0L', 'swap 1', 'draft L1'"
)


def _kind(text: str, whole: str) -> int:
    kind = KIND_INDEX.get(text.upper())
    if kind is None:
        raise InvalidNotationError(
            Msg(
                "{whole}: {text} is not a card kind (e.g. G0L, Y2)",
                whole=repr(whole),
                text=repr(text),
            )
        )
    return kind


def parse_notation(text: str) -> Action:
    """Syntactic parse; whether the action is legal is for the state to say."""
    whole = text
    words = text.strip().split()
    if not words:
        raise InvalidNotationError(Msg("empty action; {help}", help=HELP))
    head = words[0].lower()
    if len(words) == 1:
        if head in _WORDS:
            return _WORDS[head]
        m = _PLACE_RE.match(words[0].upper())
        if m and not (m.group(1) and m.group(3)):
            kind = _kind(m.group(2), whole)
            side = NEW_LEFT if m.group(1) else NEW_RIGHT if m.group(3) else ON_PILE
            return PLACES[kind][side]
        raise not_notation(whole)
    args = words[1:]
    if head == "take" and len(args) == 1 and args[0].upper() in TYPE_LETTERS:
        return TAKES[TYPE_LETTERS.index(args[0].upper())]
    if head == "obj" and len(args) == 1 and args[0] in OBJECTIVE_INDEX:
        return ACTIVATES[OBJECTIVE_INDEX[args[0]]]
    if head == "land" and len(args) == 1 and args[0].upper() in LANDSCAPE_INDEX:
        return LANDS[LANDSCAPE_INDEX[args[0].upper()]]
    if head == "draft" and len(args) == 1 and args[0].upper() in LANDSCAPE_INDEX:
        return DRAFTS[LANDSCAPE_INDEX[args[0].upper()]]
    if head == "discard" and len(args) == 1:
        return DISCARDS[_kind(args[0], whole)]
    if head == "pick" and len(args) == 1:
        return PICKS[_kind(args[0], whole)]
    if head == "swap" and len(args) == 1 and args[0] in _SWAP_NUMBERS:
        return SWAPS[_SWAP_NUMBERS[args[0]]]
    raise not_notation(whole)


def not_notation(whole: str) -> InvalidNotationError:
    return InvalidNotationError(
        Msg("{text} is not Momiji notation; {help}", text=repr(whole), help=HELP)
    )
