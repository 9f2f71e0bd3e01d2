"""Move-count regression (like perft in chess): the number of legal actions along seeded games.

A silent change in legal-move generation shows up here. If a rules change is intended,
regenerate with `python tests/momiji/test_move_counts.py` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from leafpile.games.momiji import GAME

DATA = Path(__file__).with_name("move_counts.json")
CASES = [(2, 0), (2, 1), (3, 2), (4, 3)]


def counts_for(players: int, seed: int) -> list[int]:
    state = GAME.new_state(players, seed=seed)
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
    assert recorded == {f"{p}p-s{s}": counts_for(p, s) for p, s in CASES}


if __name__ == "__main__":
    data = {f"{p}p-s{s}": counts_for(p, s) for p, s in CASES}
    DATA.write_text(json.dumps(data, indent=0) + "\n")
