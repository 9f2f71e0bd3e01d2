"""Random-playout speed, side by side: each leafpile game (natively and through the OpenSpiel
adapter) next to OpenSpiel's `python_tic_tac_toe` (a game written in Python) and
`connect_four` (a game written in C++), all driven by the same Python loop on one core.

    .venv/bin/python benchmarks/openspiel_speed.py              # best of 5 rounds of 1 s
    .venv/bin/python benchmarks/openspiel_speed.py --seconds 0.2 --rounds 1 --games autumn

Each measurement plays whole games with uniformly random actions for `--seconds` of CPU time
and counts actions per CPU-second. The measurements are taken in `--rounds` rounds, each
round measuring every entry once, and the best round of each entry is kept: on a shared
machine, other work only ever slows a round down, and interleaving spreads it over all
entries alike. The ratios
divide leafpile's native rate by each OpenSpiel game's rate (above 1: leafpile applies more
actions per second). The OpenSpiel rates include pybind's cost of crossing from Python into
C++, as any Python caller of OpenSpiel pays it.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from importlib.metadata import version

import pyspiel
from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

from leafpile.engine import Rng
from leafpile.games import GAMES, get_game
from leafpile.interop import openspiel as adapter
from leafpile.sim import random_playout


def rate(play_one: Callable[[int], int], seconds: float) -> tuple[float, int]:
    """Actions per CPU-second over whole games played for at least `seconds` of CPU time
    (`time.process_time`: what other work on the machine inflates least); and the games."""
    actions = games = 0
    start = time.process_time()
    while True:
        actions += play_one(games)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions / elapsed, games


def native(name: str, players: int) -> Callable[[int], int]:
    game = get_game(name)

    def play(seed: int) -> int:
        # The simulator's random players (`random_playout`, the game's random-action hook),
        # as `leafpile bench` and benchmarks/engine_speed.py play them.
        return random_playout(game.new_state(players, seed=seed), Rng(seed))

    return play


def openspiel(game: pyspiel.Game) -> Callable[[int], int]:
    """Random playouts of an OpenSpiel game; chance nodes sample their outcomes (as OpenSpiel
    does) and are counted as actions too."""

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            n += 1
        return n

    return play


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best is kept")
    parser.add_argument("--games", default=",".join(GAMES), help="leafpile games, comma-separated")
    parser.add_argument("--players", type=int, default=2, help="player count of leafpile games")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    names = [n.strip() for n in args.games.split(",") if n.strip()]
    for name in names:
        if name not in GAMES:
            parser.error(f"unknown game {name!r}; known: {', '.join(GAMES)}")

    print(
        f"# random playouts, one core, best of {args.rounds} rounds of {args.seconds:g} s; Python "
        f"{platform.python_version()}, open-spiel {version('open_spiel')}",
        file=sys.stderr,
    )
    entries: dict[str, Callable[[int], int]] = {
        "ttt": openspiel(pyspiel.load_game("python_tic_tac_toe")),
        "c4": openspiel(pyspiel.load_game("connect_four")),
    }
    counts: dict[str, int] = {}
    for name in names:
        info = get_game(name).info
        counts[name] = max(info.min_players, min(args.players, info.max_players))
        entries[name] = native(name, counts[name])
        entries[f"{name} via OpenSpiel"] = openspiel(adapter.load(name, players=counts[name]))
    best = dict.fromkeys(entries, 0.0)
    for round_ in range(args.rounds):
        for key, play_one in entries.items():
            best[key] = max(best[key], rate(play_one, args.seconds)[0])
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    ttt, c4 = best["ttt"], best["c4"]
    print(
        "| game | players | actions/CPU-s | via the OpenSpiel adapter | / python_tic_tac_toe | "
        "/ connect_four |"
    )
    print("|---|---|---|---|---|---|")
    for name in names:
        own, wrapped = best[name], best[f"{name} via OpenSpiel"]
        print(
            f"| {name} | {counts[name]} | {own:,.0f} | {wrapped:,.0f} | {own / ttt:.2f} | "
            f"{own / c4:.2f} |"
        )
    print(f"| OpenSpiel python_tic_tac_toe | 2 | {ttt:,.0f} | | 1.00 | {ttt / c4:.2f} |")
    print(f"| OpenSpiel connect_four (C++) | 2 | {c4:,.0f} | | {c4 / ttt:.2f} | 1.00 |")


if __name__ == "__main__":
    main()
