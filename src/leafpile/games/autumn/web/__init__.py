"""Autumn's browser renderer (renderer.js, autumn.css) and the display facts it needs.

`extras(view)` (through `Game.extras`) is called by the server for every view it sends, so
the renderer can show the live area sizes without re-implementing Autumn's rules in JavaScript,
and reads each legal action's parts from `choices` instead of parsing the notation.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import State
from leafpile.games.autumn import rules
from leafpile.games.autumn.actions import ChooseColour, Place
from leafpile.games.autumn.components import COLOUR_NAMES
from leafpile.games.autumn.state import AutumnState, Phase


def choices(view: AutumnState) -> dict[str, dict[str, Any]]:
    """Notation -> its parts, for every legal action of the player to move: a placement's
    top-left cell and turn (`rot` 1: 180 degrees), a colour choice's colour (`Game.choices`:
    sent only where the legal actions go)."""
    if view.phase == Phase.OVER:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for action in view.legal_actions():
        if isinstance(action, Place):
            out[str(action)] = {"kind": "place", "x": action.x, "y": action.y, "rot": action.rot}
        elif isinstance(action, ChooseColour):
            out[str(action)] = {"kind": "colour", "colour": COLOUR_NAMES[action.colour]}
        else:  # a new kind of action must be described here before the page can offer it
            raise TypeError(f"Autumn action of unknown kind: {action!r}")
    return out


def extras(view: State) -> dict[str, Any]:
    assert isinstance(view, AutumnState)
    red, yellow = rules.live_areas(view)
    out: dict[str, Any] = {
        "largest_red": red,
        "largest_yellow": yellow,
    }
    if view.num_players == 1:
        red_mask, yellow_mask = rules.colour_masks(view)
        out["areas"] = sorted(
            rules.area_sizes(red_mask) + rules.area_sizes(yellow_mask), reverse=True
        )
    return out
