"""Random-playout throughput of Undergrove on one core (prints numbers; not a test).

    .venv/bin/python tests/undergrove/bench_playouts.py [seconds per player count]

Each playout: legal_actions + a uniform random choice + apply, from a new game to the end.
"""

from __future__ import annotations

import random
import sys
import time

from leafpile.games.undergrove import GAME


def bench(players: int, seconds: float) -> tuple[int, int, float, int]:
    games = actions = triggered = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.new_state(players, seed=games)
        chooser = random.Random(games)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
            actions += 1
        games += 1
        triggered += state.final_round >= 0  # ended by the carbon track, not the round limit
    return games, actions, time.perf_counter() - start, triggered


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for players in (2, 3, 4):
        games, actions, elapsed, triggered = bench(players, seconds)
        print(
            f"{players} players: {games / elapsed:7.1f} games/s  {actions / elapsed:9.0f} actions/s"
            f"  {actions / games:6.1f} actions/game  {triggered / games:5.1%} ended by the track"
        )


if __name__ == "__main__":
    main()
