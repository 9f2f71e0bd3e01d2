"""What it costs to open a leafpile game in OpenSpiel: `load_game`, the opening chance node
(listing its outcomes and sampling one, as `rl_environment` and `evaluate_bots` do) and
`deserialize_game_and_state`, per game and player count, in milliseconds (best of `--rounds`).

    .venv/bin/python benchmarks/openspiel_load.py            # every game and player count
    .venv/bin/python benchmarks/openspiel_load.py --games autumn --rounds 3
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from leafpile.games import GAMES
from leafpile.interop import openspiel as adapter


def best_ms(work: Callable[[], object], rounds: int) -> float:
    """The fastest of `rounds` runs of `work`, in milliseconds (other load only slows one)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def deal(state: pyspiel.State, rng: np.random.RandomState) -> None:
    """Sample chance outcomes the way OpenSpiel's `rl_environment` does, until a player acts."""
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))


def measure(name: str, players: int, rounds: int) -> tuple[float, float, float]:
    """load_game, deal and deserialize_game_and_state of one game and player count, in ms."""
    short = adapter.short_name(name)
    params = {"players": players}
    load = best_ms(lambda: pyspiel.load_game(short, params), rounds)
    game = pyspiel.load_game(short, params)
    rng = np.random.RandomState(0)
    sample = best_ms(lambda: deal(game.new_initial_state(), rng), rounds)
    state = game.new_initial_state()
    deal(state, rng)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    back = best_ms(lambda: pyspiel.deserialize_game_and_state(text), rounds)
    return load, sample, back


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(sorted(GAMES)))
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<18} {'players':>7} {'load_game':>10} {'deal':>8} {'deserialize':>12} (ms)")
    for name in args.games.split(","):
        info = GAMES[name].info
        for players in range(info.min_players, info.max_players + 1):
            load, sample, back = measure(name, players, args.rounds)
            print(f"{name:<18} {players:>7} {load:>10.2f} {sample:>8.2f} {back:>12.2f}")


if __name__ == "__main__":
    main()
