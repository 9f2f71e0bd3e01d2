"""Move-count regression data (like perft in chess): seeded random games whose decision
counts, summed branching and final scores are pinned, under each reading of option
`carbon_moves`. A change here means legal-move generation or the rules changed: check that it
was meant, then print the new rows with `python tests/undergrove/test_move_counts.py [rules|bga]`
and review the diff."""

from __future__ import annotations

import random
import sys

import pytest

from leafpile.games.undergrove import GAME

#: `carbon_moves=bga`: BGA's carbon movement. These are the numbers pinned before the
#: published rules became the default, unchanged: that reading plays exactly as before.
PINNED_BGA = [
    # players, seed, decisions, summed legal actions, widest decision, final scores
    (2, 11, 402, 2126, 61, [51, 48]),
    (3, 12, 570, 3164, 58, [62, 50, 50]),
    (4, 13, 769, 6574, 106, [50, 51, 39, 36]),
]
#: The default reading, the published rules (§2, §4.2, §4.4).
PINNED_RULES = [
    # players, seed, decisions, summed legal actions, widest decision, final scores
    (2, 11, 401, 2287, 55, [45, 57]),
    (3, 12, 516, 2584, 64, [44, 48, 49]),
    (4, 13, 654, 3322, 73, [60, 47, 40, 46]),
]


def play_out(players: int, seed: int, reading: str) -> tuple[int, int, int, list[int]]:
    """A seeded random game: (decisions, summed legal actions, widest decision, scores)."""
    state = GAME.new_state(players, seed=seed, options={"carbon_moves": reading})
    chooser = random.Random(seed)
    counts = []
    while not state.is_terminal():
        legal = state.legal_actions()
        counts.append(len(legal))
        state.apply(legal[chooser.randrange(len(legal))])
    return len(counts), sum(counts), max(counts), [int(v) for v in state.scores()]


@pytest.mark.parametrize(("players", "seed", "decisions", "summed", "widest", "final"), PINNED_BGA)
def test_seeded_random_games_keep_their_move_counts_under_bga_carbon_moves(
    players, seed, decisions, summed, widest, final
):
    assert play_out(players, seed, "bga") == (decisions, summed, widest, final)


@pytest.mark.parametrize(
    ("players", "seed", "decisions", "summed", "widest", "final"), PINNED_RULES
)
def test_seeded_random_games_keep_their_move_counts_under_the_rules(
    players, seed, decisions, summed, widest, final
):
    assert play_out(players, seed, "rules") == (decisions, summed, widest, final)


if __name__ == "__main__":
    reading = sys.argv[1] if len(sys.argv) > 1 else "rules"
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        decisions, summed, widest, final = play_out(players, seed, reading)
        print(f"    ({players}, {seed}, {decisions}, {summed}, {widest}, {final}),")
