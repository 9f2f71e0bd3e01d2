"""Move-count regression (like perft in chess): the number of legal actions along seeded games.

A silent change in legal-move generation shows up here. If a rules change is intended,
regenerate with `python tests/autumn/test_move_counts.py` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from leafpile.games.autumn import GAME

DATA = Path(__file__).with_name("move_counts.json")
SEEDS = range(6)


def counts_for(seed: int) -> list[int]:
    state = GAME.new_state(2, seed=seed, options={"rounds": 1})
    out = []
    step = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        out.append(len(actions))
        state.apply(actions[(step * 7 + seed) % len(actions)])
        step += 1
    return out


def test_move_counts_match_the_recorded_ones():
    recorded = json.loads(DATA.read_text())
    assert {int(k): v for k, v in recorded.items()} == {s: counts_for(s) for s in SEEDS}


if __name__ == "__main__":
    DATA.write_text(json.dumps({s: counts_for(s) for s in SEEDS}, indent=0) + "\n")
