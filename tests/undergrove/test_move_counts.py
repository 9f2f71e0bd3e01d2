"""Move-count regression data (like perft in chess): seeded random games whose decision
counts, summed branching and final scores are pinned. A change here means legal-move
generation or the rules changed: check that it was meant, then update the numbers."""

from __future__ import annotations

import random

import pytest

from leafpile.games.undergrove import GAME

PINNED = [
    # players, seed, decisions, summed legal actions, widest decision, final scores
    (2, 11, 402, 2126, 61, [51, 48]),
    (3, 12, 570, 3164, 58, [62, 50, 50]),
    (4, 13, 769, 6574, 106, [50, 51, 39, 36]),
]


@pytest.mark.parametrize(("players", "seed", "decisions", "summed", "widest", "final"), PINNED)
def test_seeded_random_games_keep_their_move_counts(
    players, seed, decisions, summed, widest, final
):
    state = GAME.new_state(players, seed=seed)
    chooser = random.Random(seed)
    counts = []
    while not state.is_terminal():
        legal = state.legal_actions()
        counts.append(len(legal))
        state.apply(legal[chooser.randrange(len(legal))])
    assert (len(counts), sum(counts), max(counts)) == (decisions, summed, widest)
    assert [int(v) for v in state.scores()] == final
