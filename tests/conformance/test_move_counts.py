"""Move-count regression (like perft in chess): the number of legal actions along seeded
games, pinned for every game in `tests/<game>/move_counts.json`.

A silent change in legal-move generation shows up here. If a rules change is intended,
regenerate with `python -m tests.conformance.test_move_counts [game ...]` and review the diff.
Each game keeps its own cases and the file layout it has always had, so regenerating an
unchanged game rewrites its file byte for byte.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from leafpile.games import GAMES

TESTS = Path(__file__).resolve().parents[1]


def counts_along(game: str, players: int, seed: int, options: dict[str, Any], pick: Any) -> Any:
    """Play a seeded game, choosing with `pick(step, legal)`; the legal counts and the end."""
    state = GAMES[game].new_state(players, seed=seed, options=options)
    counts = []
    while not state.is_terminal():
        legal = state.legal_actions()
        counts.append(len(legal))
        state.apply(legal[pick(len(counts) - 1, legal)])
    return counts, state


def stepped(seed: int) -> Callable[[int, list[Any]], int]:
    """A fixed, seed-dependent walk through the legal actions (no RNG involved)."""
    return lambda step, legal: (step * 7 + seed) % len(legal)


def seeded(seed: int) -> Callable[[int, list[Any]], int]:
    """A seeded random choice among the legal actions."""
    chooser = random.Random(seed)
    return lambda _step, legal: chooser.randrange(len(legal))


def autumn() -> dict[str, Any]:
    return {str(s): counts_along("autumn", 2, s, {"rounds": 1}, stepped(s))[0] for s in range(6)}


def momiji() -> dict[str, Any]:
    cases = [(2, 0), (2, 1), (3, 2), (4, 3)]
    return {f"{p}p-s{s}": counts_along("momiji", p, s, {}, stepped(s))[0] for p, s in cases}


def under_the_leaves() -> dict[str, Any]:
    records = {}
    for p in (2, 3, 4):
        for s in range(3):
            counts, state = counts_along("under-the-leaves", p, s, {}, stepped(s))
            records[f"{p}p-s{s}"] = {"counts": counts, "scores": state.scores()}
    return records


def undergrove() -> dict[str, Any]:
    """Summed, not listed (games are long), under each reading of option `carbon_moves`:
    "rules" (the default, the published rules) and "bga" (BGA's carbon movement)."""
    records = {}
    for reading in ("rules", "bga"):
        for p, s in ((2, 11), (3, 12), (4, 13)):
            counts, state = counts_along("undergrove", p, s, {"carbon_moves": reading}, seeded(s))
            records[f"{reading}-{p}p-s{s}"] = {
                "decisions": len(counts),
                "summed": sum(counts),
                "widest": max(counts),
                "scores": [int(v) for v in state.scores()],
            }
    return records


def indent_0(records: dict[str, Any]) -> str:
    return json.dumps(records, indent=0) + "\n"


def one_line_each(records: dict[str, Any]) -> str:
    lines = (f"{json.dumps(k)}: {json.dumps(v)}" for k, v in records.items())
    return "{\n" + ",\n".join(lines) + "\n}\n"


@dataclass(frozen=True)
class Pinned:
    """One game's pinned counts: how they are made and how its file lays them out."""

    folder: str
    records: Callable[[], dict[str, Any]]
    text: Callable[[dict[str, Any]], str]

    @property
    def path(self) -> Path:
        return TESTS / self.folder / "move_counts.json"


PINNED = {
    "autumn": Pinned("autumn", autumn, indent_0),
    "momiji": Pinned("momiji", momiji, indent_0),
    "under-the-leaves": Pinned("under_the_leaves", under_the_leaves, one_line_each),
    "undergrove": Pinned("undergrove", undergrove, one_line_each),
}


def test_every_registered_game_has_pinned_move_counts():
    assert set(PINNED) == set(GAMES)


@pytest.mark.parametrize("game", sorted(PINNED))
def test_move_counts_match_the_recorded_ones(game):
    pinned = PINNED[game]
    assert json.loads(pinned.path.read_text()) == pinned.records()


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(PINNED):
        PINNED[name].path.write_text(PINNED[name].text(PINNED[name].records()))
