"""Autumn's browser renderer (renderer.js, autumn.css) and the display facts it needs.

`extras(view)` (through `Game.extras`) is called by the server for every view it sends, so
the renderer can show the live area sizes without re-implementing Autumn's rules in JavaScript.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import State
from leafpile.games.autumn import rules
from leafpile.games.autumn.state import AutumnState


def extras(view: State) -> dict[str, Any]:
    assert isinstance(view, AutumnState)
    red, yellow = rules.live_areas(view)
    out: dict[str, Any] = {"largest_red": red, "largest_yellow": yellow}
    if view.num_players == 1:
        red_mask, yellow_mask = rules.colour_masks(view)
        out["areas"] = sorted(
            rules.area_sizes(red_mask) + rules.area_sizes(yellow_mask), reverse=True
        )
    return out
