"""Momiji's components, loaded from data/*.json (rules file momiji.md §1).

Cards are ids 0-83: type t owns ids 14t .. 14t+13, ordered by value then by the copy order of
data/cards.json. Cards with the same type, value and acorn corners are interchangeable; such a
class is a *kind* (e.g. `G0L`: green 0 with an acorn in its bottom-left corner), and actions
name kinds, never card ids, so two identical cards never give two different actions.

Everything here is immutable and indexed by small ints so the rules can use flat tuples.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


def _load(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(f"data/{name}").read_text())


# -- leaf cards (§1.2) ------------------------------------------------------------------------
_CARDS = _load("cards.json")
TYPE_LETTERS: tuple[str, ...] = tuple(t["letter"] for t in _CARDS["types"])
TYPE_NAMES: tuple[str, ...] = tuple(t["name"] for t in _CARDS["types"])
NUM_TYPES = len(TYPE_LETTERS)
MAX_VALUE = max(v["value"] for v in _CARDS["values"])  # a card of this value closes a pile


@dataclass(frozen=True)
class Card:
    id: int
    type: int
    value: int
    left: bool  # acorn in the bottom-left corner
    right: bool  # acorn in the bottom-right corner

    @property
    def kind_name(self) -> str:
        return kind_name(self.type, self.value, self.left, self.right)


def kind_name(type_: int, value: int, left: bool, right: bool) -> str:
    return f"{TYPE_LETTERS[type_]}{value}{'L' if left else ''}{'R' if right else ''}"


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for t in range(NUM_TYPES):
        for entry in _CARDS["values"]:
            for corners in entry["corners"]:
                if set(corners) - {"L", "R"}:
                    raise ValueError(f"momiji data/cards.json: bad corners {corners!r}")
                cards.append(Card(len(cards), t, entry["value"], "L" in corners, "R" in corners))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
NUM_CARDS = len(CARDS)
CARDS_PER_TYPE = NUM_CARDS // NUM_TYPES
#: Flat per-card tables for the hot paths.
CARD_TYPE: tuple[int, ...] = tuple(c.type for c in CARDS)
CARD_VALUE: tuple[int, ...] = tuple(c.value for c in CARDS)
CARD_LEFT: tuple[bool, ...] = tuple(c.left for c in CARDS)
CARD_RIGHT: tuple[bool, ...] = tuple(c.right for c in CARDS)

#: Kinds, in card-id order of their first card (so kinds of one type are ordered by value).
KIND_NAMES: tuple[str, ...] = tuple(dict.fromkeys(c.kind_name for c in CARDS))
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}
CARD_KIND: tuple[int, ...] = tuple(KIND_INDEX[c.kind_name] for c in CARDS)
KIND_TYPE: tuple[int, ...] = tuple(CARD_TYPE[CARD_KIND.index(k)] for k in range(len(KIND_NAMES)))
KIND_VALUE: tuple[int, ...] = tuple(CARD_VALUE[CARD_KIND.index(k)] for k in range(len(KIND_NAMES)))
NUM_KINDS = len(KIND_NAMES)


def cards_of_types(types: list[int]) -> list[int]:
    return [c.id for c in CARDS if c.type in types]


def card_ids(kinds: list[str]) -> tuple[int, ...]:
    """Distinct card ids for kind names, in order (first unused copy each): for scripted decks
    in tests and puzzles, e.g. `card_ids(["G0L", "G0L", "Y3"])`."""
    used: set[int] = set()
    out = []
    for name in kinds:
        kind = KIND_INDEX.get(name)
        if kind is None:
            raise ValueError(f"unknown card kind {name!r}")
        for c in CARDS:
            if CARD_KIND[c.id] == kind and c.id not in used:
                used.add(c.id)
                out.append(c.id)
                break
        else:
            raise ValueError(f"no copy of {name!r} left")
    return tuple(out)


# -- set-up table (§1.3, §2) --------------------------------------------------------------------
_SETUP = _load("setup.json")
HAND_SIZE: int = _SETUP["hand_size"]
DISPLAY_SIZE: int = _SETUP["display_size"]
HAND_LIMIT: int = _SETUP["hand_limit"]
OBJECTIVE_COST: int = _SETUP["objective_cost"]
LANDSCAPE_COST: int = _SETUP["landscape_cost"]
REFRESH_COST: int = _SETUP["refresh_cost"]
HARVEST_ACORNS: int = _SETUP["harvest_acorns"]
COMPOST_CARDS: int = _SETUP["compost_cards"]
START_ACORNS: int = _SETUP["start_acorns"]
#: players -> (types in play, objectives revealed, closed piles that end the game)
BY_PLAYERS: dict[int, tuple[int, int, int]] = {
    int(k): (v["types"], v["objectives"], v["torii"]) for k, v in _SETUP["by_players"].items()
}
MIN_PLAYERS = min(BY_PLAYERS)
MAX_PLAYERS = max(BY_PLAYERS)


def setup_row(players: int) -> tuple[int, int, int]:
    """(types in play, objectives revealed, closed piles that trigger the end) (§1.3)."""
    return BY_PLAYERS[players]


# -- objectives (§1.5) ------------------------------------------------------------------------
@dataclass(frozen=True)
class Objective:
    index: int
    id: str
    metric: str  # a metric computed in scoring.metric
    param: int | None  # value for value_count, type index for type_count
    text: str


def _build_objectives() -> tuple[Objective, ...]:
    out = []
    for i, o in enumerate(_load("objectives.json")["objectives"]):
        param = o["param"]
        if o["metric"] == "type_count":
            param = TYPE_LETTERS.index(param)
        out.append(Objective(i, o["id"], o["metric"], param, o["text"]))
    return tuple(out)


OBJECTIVES: tuple[Objective, ...] = _build_objectives()
OBJECTIVE_INDEX: dict[str, int] = {o.id: o.index for o in OBJECTIVES}


def objective_usable(index: int, types: list[int]) -> bool:
    """A type objective needs its type in play (§1.5: otherwise it is redrawn)."""
    o = OBJECTIVES[index]
    return o.metric != "type_count" or o.param in types


# -- landscapes (§1.4) -----------------------------------------------------------------------
POSITIONS = ("L", "C", "R")


@dataclass(frozen=True)
class Landscape:
    index: int
    id: str
    position: int  # index into POSITIONS
    power: str  # a power key implemented in landscapes.py
    text: str


_LANDSCAPES = _load("landscapes.json")
LANDSCAPES: tuple[Landscape, ...] = tuple(
    Landscape(i, t["id"], POSITIONS.index(t["position"]), t["power"], t["text"])
    for i, t in enumerate(_LANDSCAPES["tiles"])
)
LANDSCAPE_INDEX: dict[str, int] = {t.id: t.index for t in LANDSCAPES}
LANDSCAPE_POWER: tuple[str, ...] = tuple(t.power for t in LANDSCAPES)
PRESET: tuple[tuple[int, ...], ...] = tuple(
    tuple(LANDSCAPE_INDEX[i] for i in seat) for seat in _LANDSCAPES["preset"]
)
