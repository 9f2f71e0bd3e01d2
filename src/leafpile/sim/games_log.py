"""One JSON line per game (`simulate --out FILE`, `analyze`'s `games.jsonl`): seed, seats,
scores, winners, length, first player, components and the score by category, so a study can
be re-analysed or checked game by game without playing it again."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from leafpile.sim.runner import GameResult


def game_row(result: GameResult, seats: Sequence[str]) -> dict[str, Any]:
    """One game as a JSON-ready dict (components by kind, English name and holder; -1 for
    a component everyone shares; `parts`: each scoring category's English name and the
    points of each seat in it)."""
    return {
        "seed": result.seed,
        "seats": list(seats),
        "scores": list(result.scores),
        "winners": list(result.winners),
        "length": result.length,
        "first_player": result.first_player,
        "components": [
            {"kind": c.kind, "name": c.name, "holder": c.holder} for c in result.components
        ],
        "parts": {str(part.label): list(part.points) for part in result.parts},
    }


def write_games(path: Path, seats: Sequence[str], results: Iterable[GameResult]) -> int:
    """Write one line per game to `path` (replacing it); return the games written."""
    n = 0
    with path.open("w", encoding="utf-8") as out:
        for result in results:
            out.write(json.dumps(game_row(result, seats), separators=(",", ":")) + "\n")
            n += 1
    return n
