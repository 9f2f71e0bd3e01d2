"""What a balance study reads from a game: the components that were in play, and each seat's
score by scoring category (`ScorePart`, from `Game.score_parts`).

A game names its components in play (`Game.components_used`) from the canonical JSON of its
initial and final states (`state.to_dict()`, the form saves and the web use), so the simulator
(`leafpile.sim`) needs no per-game code. English names come from the game's data files and fall
back to ids when a file or field is missing, so a change in a game's data never breaks a study;
each component also carries the name the game shows its players (`shown`, a `Msg`), which the
report puts in the reader's language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from leafpile.i18n import Msg

SHARED = -1


@dataclass(frozen=True)
class Component:
    """One component in play: its kind (`dweller`, `goal`, ...), its English name (from the
    game's data), the seat that holds it, or SHARED when it is in play for everyone, and the
    name shown to readers (a `Msg` in the game's words; empty: the English name)."""

    kind: str
    name: str
    holder: int = SHARED
    shown: str = field(default="", compare=False)

    @property
    def label(self) -> str:
        return f"{self.kind}: {self.name}"

    @property
    def display(self) -> str:
        """The name readers see: a `Msg` where the game words it, else the English name."""
        return self.shown or self.name


@dataclass(frozen=True)
class ScorePart:
    """One scoring category of a finished game (a Momiji pile's points, Undergrove's roots,
    one Autumn round): its name (a `Msg` in the game's words; its English text is its key in
    the data) and the points each seat scored in it, in seat order."""

    label: str
    points: tuple[float, ...]


@cache
def _data(path: Path) -> Any:
    """A data file, or None when it cannot be read."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def data_entry(data_dir: Path, file: str, key: str, index: Any) -> Mapping[str, Any] | None:
    """The entry of list `key` in a game's data file that a state field refers to: the one
    whose `id` or `name` is `index`, else (for an int) the one at that position."""
    data = _data(data_dir / file)
    items = data.get(key) if isinstance(data, Mapping) else None
    if not isinstance(items, list):
        return None
    for item in items:
        if isinstance(item, Mapping) and index in (item.get("id"), item.get("name")):
            return item
    if isinstance(index, int) and 0 <= index < len(items):
        found = items[index]
        return found if isinstance(found, Mapping) else None
    return None


def numbered(number: object, name: str) -> Msg:
    """A component by its number and its name (Undergrove's goal `7 ...`, Momiji's landscape
    `L3 ...`), as the report shows it in the reader's language."""
    return Msg("{number} {name}", number=number, name=name)


def with_family(name: str, family: str) -> Msg:
    """A card by its name and its family (Under the Leaves' dwellers), as the report shows it."""
    return Msg("{name} ({family})", name=name, family=family)
