"""Momiji's action vocabulary: every decision the game can offer, with a fixed id
(`leafpile.engine.vocabulary`), in this order: `take T` per card type, `refresh`, playing
each card kind on its pile / as a new left pile / as a new right pile (kind x side), `stop`,
`obj X` per objective, `compost`, `land L` per landscape tile, `end`, `discard K` and
`pick K` per card kind, `swap N` per pair of neighbouring piles, `draft L` per landscape
tile. The same at every player count and option (the tables are the game's components).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from leafpile.engine import Action, OptionValue, Part, Vocabulary, listed
from leafpile.games.momiji.actions import (
    ACTIVATES,
    COMPOST_ACTION,
    DISCARDS,
    DRAFTS,
    END,
    LANDS,
    PICKS,
    PLACES,
    REFRESH,
    STOP,
    SWAPS,
    TAKES,
)
from leafpile.games.momiji.components import NUM_KINDS

#: The parts in id order: a name and its table (a row has at most NUM_TYPES piles, so
#: `swap N` names the NUM_TYPES - 1 neighbouring pairs).
_TABLES: tuple[tuple[str, tuple[Action, ...]], ...] = (
    ("take", TAKES),
    ("refresh", (REFRESH,)),
    ("stop", (STOP,)),
    ("objective", ACTIVATES),
    ("compost", (COMPOST_ACTION,)),
    ("landscape", LANDS),
    ("end", (END,)),
    ("discard", DISCARDS),
    ("pick", PICKS),
    ("swap", SWAPS[:-1]),
    ("draft", DRAFTS),
)


def _place(kind: int, side: int) -> Action:
    return PLACES[kind][side]


@cache
def _vocabulary() -> Vocabulary:
    where: dict[Action, tuple[str, tuple[int, ...]]] = {}
    for name, table in _TABLES:
        for i, action in enumerate(table):
            where[action] = name, (i,)
    for kind in range(NUM_KINDS):
        for side, action in enumerate(PLACES[kind]):
            where[action] = "play", (kind, side)
    parts = [listed(name, table) for name, table in _TABLES]
    parts.insert(2, Part("play", (NUM_KINDS, 3), _place))
    return Vocabulary(parts, where.__getitem__)


def vocabulary(players: int, options: Mapping[str, OptionValue]) -> Vocabulary:
    """The vocabulary (one for every player count and option)."""
    return _vocabulary()
