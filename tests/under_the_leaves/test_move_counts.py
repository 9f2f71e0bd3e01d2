"""Move-count regression (like perft in chess): legal actions and scores along seeded games.

A silent change in legal-move generation or in the arrivals shows up here. If a rules change is
intended, regenerate with `python tests/under_the_leaves/test_move_counts.py` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from leafpile.games.under_the_leaves import GAME

DATA = Path(__file__).with_name("move_counts.json")
CASES = [(players, seed) for players in (2, 3, 4) for seed in range(3)]


def record_for(players: int, seed: int) -> dict[str, list[int] | list[float]]:
    state = GAME.new_state(players, seed=seed)
    counts = []
    step = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        counts.append(len(actions))
        state.apply(actions[(step * 7 + seed) % len(actions)])
        step += 1
    return {"counts": counts, "scores": state.scores()}


def all_records() -> dict[str, dict[str, list[int] | list[float]]]:
    return {f"{p}p-s{s}": record_for(p, s) for p, s in CASES}


def test_move_counts_and_scores_match_the_recorded_ones():
    assert json.loads(DATA.read_text()) == all_records()


if __name__ == "__main__":
    DATA.write_text(
        "{\n"
        + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in all_records().items())
        + "\n}\n"
    )
