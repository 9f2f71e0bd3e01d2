"""Each player's lead over the best of the others: how the games' heuristics turn their
per-player values into an evaluation (`evaluate_all` in a game's `heuristic.py`)."""

from __future__ import annotations

from collections.abc import Sequence


def leads(values: Sequence[float]) -> list[float]:
    """`values[p]` less the largest value of another player, for every p (one player: the
    value itself). The same floats as computing it player by player."""
    n = len(values)
    if n == 1:
        return [float(values[0])]
    if n == 2:  # the common case, written out (the same floats)
        a, b = values
        return [a - b, b - a]
    return [values[p] - max(v for q, v in enumerate(values) if q != p) for p in range(n)]
