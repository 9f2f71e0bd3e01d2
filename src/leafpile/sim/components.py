"""Which components were in play in a game, for the balance report.

Each game names its own (`Game.components_used`, from the canonical JSON of its initial and
final states: Under the Leaves' dweller cards, Undergrove's goals, Momiji's objectives and the
landscape tiles a draft handed out); this module adds the varied options (Autumn's solo
challenge), which are components too. It never reaches into a game's modules: a game without
components is still studied (seats, turn order, scores, lengths), just without component
effects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leafpile.engine import OptionValue
from leafpile.engine.study import SHARED, Component
from leafpile.games import get_game

__all__ = ["SHARED", "Component", "components"]


def components(
    game: str,
    start: Mapping[str, Any],
    end: Mapping[str, Any],
    varied: Mapping[str, OptionValue] | None = None,
) -> tuple[Component, ...]:
    """The components of one game, from its initial and final state dicts and the options
    that were varied for it."""
    found = get_game(game).components_used(start, end)
    for name, value in (varied or {}).items():
        shown = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
        found.append(Component("option", f"{name}={shown}"))
    return tuple(found)
