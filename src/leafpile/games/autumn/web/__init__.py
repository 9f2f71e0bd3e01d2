"""Autumn's browser renderer (renderer.js, autumn.css) and the display facts it needs.

`extras(view)` (through `Game.extras`) is called by the server for every view it sends, so
the renderer can show the live area sizes (and outline each colour's largest area) and the
seat to move's preview of each legal placement (`preview.py`) without re-implementing Autumn's
rules in JavaScript, and reads each legal action's parts from `choices` instead of parsing the
notation.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import State
from leafpile.games.autumn import preview, rules
from leafpile.games.autumn.actions import ChooseColour, Place
from leafpile.games.autumn.components import CELLS, COLOUR_NAMES, RED_BITS, bit
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
        "largest": preview.largest_now(view) if view.phase != Phase.OVER else None,
        "preview": None,
    }
    if view.phase == Phase.PLACE and view.viewer is not None and view.viewer == view.to_move:
        out["preview"] = preview.previews(view)
    if (
        view.num_players == 2
        and view.last_round
        and (view.phase == Phase.OVER or len(view.placed) == 1)
    ):
        out["round_end"] = round_end(view)
    if view.num_players == 1:
        red_mask, yellow_mask = rules.colour_masks(view)
        out["areas"] = sorted(
            rules.area_sizes(red_mask) + rules.area_sizes(yellow_mask), reverse=True
        )
    return out


def round_end(view: AutumnState) -> dict[str, Any]:
    """The round just scored, for its summary before the next round's first card: its final
    layout, the cells of each colour's largest area (what scored), the round's scores and the
    match's totals so far."""
    occupied = red = 0
    for card, x, y, rot in view.last_round:
        b = bit(x, y)
        occupied |= CELLS << b
        red = (red & ~(CELLS << b)) | (RED_BITS[card][rot] << b)
    return {
        "round": len(view.round_scores),
        "placed": [list(p) for p in view.last_round],
        "red": preview.cells(preview.largest_region(red)),
        "yellow": preview.cells(preview.largest_region(occupied & ~red)),
        "scores": view.round_scores[-1],
        "red_player": view.round_red[-1],
        "totals": [sum(r[p] for r in view.round_scores) for p in range(view.num_players)],
    }
