"""Undergrove's browser renderer (renderer.js, forest.js, panels.js, undergrove.css) and the
display facts it needs.

`extras(view)` is called by the server for every view it sends. It puts into words what the
player to move is asked, what each of their legal answers means and where it points on the
forest (`choices`), what is still owed, and computes the scores, goal progress and pine cones
with the game's own scoring, so the page never re-implements a rule. Nothing hidden is read:
only the view, and a viewer's own hand.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import State, opt_int
from leafpile.games.undergrove.components import (
    BONUS_TILES,
    GOALS,
    TOKENS,
    coords,
    tile,
)
from leafpile.games.undergrove.forest import empty_cells, piece_corners
from leafpile.games.undergrove.scoring import (
    goal_measure,
    goal_points,
    piece_points,
    score_parts,
    tie_break,
    tile_vp,
    totals,
)
from leafpile.games.undergrove.state import UndergroveState, deck_count
from leafpile.games.undergrove.turn import DEFAULT_ROUND_LIMIT
from leafpile.games.undergrove.web.choices import choices
from leafpile.games.undergrove.words import (
    bonus_text,
    end_space_texts,
    goal_texts,
    tile_card,
    track_short,
    track_texts,
)
from leafpile.games.undergrove.words.prompts import (
    next_steps,
    owed,
    owed_text,
    prompt,
)


def extras(view: State) -> dict[str, Any]:
    assert isinstance(view, UndergroveState)
    s = view
    n = s.num_players
    return {
        "prompt": prompt(s),
        "decision": s.pending[-1].kind.value if s.pending and not s.over else None,
        "owed": owed(s),
        "owed_text": owed_text(s),
        "next": next_steps(s) if not s.over else [],
        "choices": choices(s),
        "turn": {
            "absorbed": s.absorbed,
            "marker_moves": s.absorbed and not s.track_done and not s.over,
            "activated": [t for t in range(64) if s.activated >> t & 1],
            "carbon_gained": s.gained_c,
        },
        "round": s.round if s.over else s.round + 1,
        "final_round": s.final_round + 1 if s.final_round >= 0 else None,
        "round_limit": opt_int(s.options, "round_limit", DEFAULT_ROUND_LIMIT),
        "deck": deck_count(s),
        "tiles": _tiles(s),
        "empty_cells": [list(coords(c)) for c in empty_cells(s)],
        "pieces": [[*coords(c), piece_points(s, c)] for p in range(n) for c in piece_corners(s, p)],
        "scores": _scores(s),
        "goals": _goals(s),
        "track": track_texts(),
        "track_short": track_short(),
        "end_spaces": end_space_texts(),
        "bonus_tiles": {str(b): bonus_text(b) for b in BONUS_TILES},
    }


def _tiles(s: UndergroveState) -> dict[str, dict[str, Any]]:
    """Every tile the view shows: placed ones (with their pine cones now) and the viewer's own
    hand."""
    shown = [t for t in range(1, len(s.pos)) if s.pos[t] >= 0]
    if s.viewer is not None or not s.redacted:
        viewers = [s.viewer] if s.redacted else range(s.num_players)
        shown += [t for p in viewers if p is not None for t in s.hands[p] if t >= 0]
    out = {}
    for t in shown:
        spec = tile(t)
        out[str(t)] = {
            **tile_card(t),
            "token": TOKENS[spec.token] if spec.token >= 0 else "",
            "carbon_cost": spec.carbon,
            "any_cost": spec.any,
            "vp": tile_vp(s, t) if s.pos[t] >= 0 else spec.vp if isinstance(spec.vp, int) else None,
            "ongoing": not spec.activatable,
        }
    return out


def _scores(s: UndergroveState) -> list[dict[str, Any]]:
    """Each player's score now, by where it comes from (the final scoring at the end)."""
    goals = goal_points(s)
    total = totals(s)
    out = []
    for p in range(s.num_players):
        parts = score_parts(s, p)
        trees, seedling_carbon = tie_break(s, p)
        out.append(
            {
                "roots": parts["roots"],
                "goals": [row[p] for row in goals],
                "bonus": parts["bonus"],
                "resources": parts["resources"],
                "resource_count": sum(s.res[p]),
                "total": total[p],
                "trees": trees,
                "seedling_carbon": seedling_carbon,
            }
        )
    return out


def _goals(s: UndergroveState) -> list[dict[str, Any]]:
    points = goal_points(s)
    out = []
    for i, g in enumerate(s.goals):
        goal_name, counts, how = goal_texts(g)
        out.append(
            {
                "id": g,
                "name": goal_name,
                "counts": counts,
                "how": how,
                "progress": [goal_measure(s, p, GOALS[g].measure) for p in range(s.num_players)],
                "points": points[i],
            }
        )
    return out


__all__ = ["extras"]
