"""Which components were in play in a game, for the balance report.

The components come from the canonical JSON of the game's states (`state.to_dict()`, the same
form saves and the web use) and from its options, never from a game's internal modules: the
initial state lists the shared components (Under the Leaves' dweller cards, Undergrove's goals,
Momiji's objectives), the final state who holds what (Momiji's landscape tiles, which a draft
hands out during play), and varied options (Autumn's solo challenge) are components too.
Human names are read from the game's data files (`game.package_dir()/data`), and fall back to
ids when a file or field is missing, so a change in a game's data never breaks a study. Those
English names are the components' labels (the keys of `summary.json`); each component also
carries the name the game itself shows its players (`shown`, a `Msg` from the game's words
module), which the report and the findings put in the reader's language.

Adding a game's components means adding one reader to `READERS`; a game without one is still
studied (seats, turn order, scores, lengths), just without component effects.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from leafpile.engine import OptionValue
from leafpile.engine.study import SHARED, Component
from leafpile.games import get_game
from leafpile.i18n import Msg

__all__ = ["SHARED", "Component", "components"]


@cache
def _data(game: str, file: str) -> Any:
    """A game's data file, or None when it cannot be read."""
    path = get_game(game).package_dir() / "data" / file
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _entry(game: str, file: str, key: str, index: Any) -> Mapping[str, Any] | None:
    """The entry of list `key` in a data file that a state field refers to: the one whose
    `id` or `name` is `index`, else (for an int) the one at that position."""
    data = _data(game, file)
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


def _undergrove(start: Mapping[str, Any], end: Mapping[str, Any]) -> list[Component]:
    from leafpile.games.undergrove.web.words import goal_texts

    out = []
    for goal in start.get("goals", []):
        entry = _entry("undergrove", "goals.json", "goals", goal)
        if not (entry and "name" in entry):
            out.append(Component("goal", f"goal {goal}"))
            continue
        try:
            words: str = goal_texts(goal)[0]
        except (KeyError, TypeError, ValueError):  # a goal the game's words do not know
            words = str(entry["name"])
        shown = Msg("{number} {name}", number=goal, name=words)
        out.append(Component("goal", f"{goal} {entry['name']}", shown=shown))
    return out


Reader = Callable[[Mapping[str, Any], Mapping[str, Any]], list[Component]]
#: Game name -> reader of (initial state dict, final state dict).
READERS: dict[str, Reader] = {
    "undergrove": _undergrove,
}


def components(
    game: str,
    start: Mapping[str, Any],
    end: Mapping[str, Any],
    varied: Mapping[str, OptionValue] | None = None,
) -> tuple[Component, ...]:
    """The components of one game, from its initial and final state dicts and the options
    that were varied for it."""
    reader = READERS.get(game)
    found = reader(start, end) if reader else get_game(game).components_used(start, end)
    for name, value in (varied or {}).items():
        shown = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
        found.append(Component("option", f"{name}={shown}"))
    return tuple(found)
