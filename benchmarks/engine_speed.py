"""Random games per CPU-second of each game, today's code against a frozen commit, in one run.

    .venv/bin/python benchmarks/engine_speed.py                  # every game, 5 rounds of 2 s
    .venv/bin/python benchmarks/engine_speed.py --games autumn --rounds 3 --seconds 1

Two worker processes (`versions.py`): one runs the `src/` of `--baseline` (by default the
commit the speed work started from), the other this working copy. In each round both play the
same seeded random games (`leafpile.sim.random_playout`, the simulator's random players) for
about `--seconds` of CPU time each, alternately, so both meet the same load; the figure is the
median of the rounds' games per CPU-second (`time.process_time`). Before measuring, both play
the first `--check` seeds and must produce the same action sequences (same seeds, identical
games). Autumn is also measured against `autumn_reference.py`, a plain bitboard version of its
rules (docs/rules/autumn.md), inside the worker of this copy, in the same rounds.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from typing import Any

#: (game, players): the configurations measured, as in the README's table.
RUNS = (
    ("autumn", 2),
    ("momiji", 2),
    ("momiji", 4),
    ("under-the-leaves", 2),
    ("under-the-leaves", 4),
    ("undergrove", 2),
    ("undergrove", 4),
)


# -- the worker's side (run by versions.py, with one version's src/ on sys.path) -------------
def _pick(game: Any) -> Any:
    """The game's random-action hook where this version has one."""
    return getattr(game, "random_action", None)


def digest(name: str, players: int, first: int, count: int) -> str:
    """A hash of the action notations of `count` seeded random games (the identity check)."""
    from leafpile.engine import Rng
    from leafpile.games import get_game

    game = get_game(name)
    pick = _pick(game)
    h = hashlib.sha256()
    for seed in range(first, first + count):
        state = game.new_state(players, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if pick is not None:
                action = pick(state, rng)
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
            h.update(str(action).encode() + b";")
            state.apply(action)
        h.update(repr(state.scores()).encode() + b"|")
    return h.hexdigest()


def playouts(name: str, players: int, first: int, seconds: float) -> dict[str, float]:
    """Seeded random games from seed `first` on, for about `seconds` of CPU time."""
    from leafpile.engine import Rng
    from leafpile.games import get_game
    from leafpile.sim import random_playout

    game = get_game(name)
    games = actions = 0
    start = time.process_time()
    while True:
        seed = first + games
        state = game.new_state(players, seed=seed)
        actions += random_playout(state, Rng(seed))
        games += 1
        cpu = time.process_time() - start
        if cpu >= seconds:
            return {"games": games, "actions": actions, "cpu": cpu}


def reference(first: int, seconds: float) -> dict[str, float]:
    """The bitboard reference's Autumn games (3 rounds, 2 players) for about `seconds`."""
    import autumn_reference

    games = actions = 0
    start = time.process_time()
    while True:
        actions += autumn_reference.random_game(first + games)
        games += 1
        cpu = time.process_time() - start
        if cpu >= seconds:
            return {"games": games, "actions": actions, "cpu": cpu}


# -- the driver -----------------------------------------------------------------------------
def main() -> None:
    from versions import BASELINE, pair, uptime

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    parser.add_argument("--check", type=int, default=30, help="seeds checked for identical games")
    parser.add_argument("--baseline", default=BASELINE)
    args = parser.parse_args()
    only = {g for g in args.games.split(",") if g}
    runs = [r for r in RUNS if not only or r[0] in only]
    before, after = pair("engine_speed", args.baseline)
    print(f"before: {before.where}\nafter:  {after.where}")
    print(f"start: {uptime()}")
    for name, players in runs:
        a = before.call("digest", name, players, 0, args.check)
        b = after.call("digest", name, players, 0, args.check)
        if a != b:
            raise SystemExit(f"{name} {players}p: the two versions play different games")
    print(f"identical games: first {args.check} seeds of each configuration")
    rates: dict[tuple[str, int], tuple[list[float], list[float]]] = {r: ([], []) for r in runs}
    ref_rates: list[float] = []
    per_action: dict[tuple[str, int], float] = {}
    for rnd in range(args.rounds):
        for run in runs:
            name, players = run
            first = 1000 * (rnd + 1)
            # Alternate who goes first, so neither side always meets the same moment.
            order = (before, after) if rnd % 2 == 0 else (after, before)
            for worker in order:
                got = worker.call("playouts", name, players, first, args.seconds)
                rates[run][worker is after].append(got["games"] / got["cpu"])
                if worker is after:
                    per_action[run] = got["actions"] / got["games"]
            if run == ("autumn", 2):
                got = after.call("reference", first, args.seconds)
                ref_rates.append(got["games"] / got["cpu"])
        print(f"round {rnd + 1}/{args.rounds} done, {uptime()}", flush=True)
    print(f"end: {uptime()}\n")
    print(
        "| game | players | before games/CPU-s | after games/CPU-s | after actions/CPU-s | ratio |"
    )
    print("|---|---|---:|---:|---:|---:|")
    for run in runs:
        old, new = (statistics.median(x) for x in rates[run])
        ratios = [n / o for o, n in zip(*rates[run], strict=True)]
        spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
        print(
            f"| {run[0]} | {run[1]} | {old:,.1f} | {new:,.1f} | {new * per_action[run]:,.0f} "
            f"| {statistics.median(ratios):.2f}x ({spread}) |"
        )
    if ref_rates:
        new_autumn = rates[("autumn", 2)][1]
        ratios = [n / r for n, r in zip(new_autumn, ref_rates, strict=True)]
        print(
            f"\nautumn against the bitboard reference: reference "
            f"{statistics.median(ref_rates):,.1f} games/CPU-s, leafpile "
            f"{statistics.median(new_autumn):,.1f}: {statistics.median(ratios):.2f}x "
            f"({min(ratios):.2f}-{max(ratios):.2f})"
        )
        old_autumn = rates[("autumn", 2)][0]
        ratios = [o / r for o, r in zip(old_autumn, ref_rates, strict=True)]
        print(f"before: {statistics.median(ratios):.2f}x of the reference")
    before.close()
    after.close()


if __name__ == "__main__":
    main()
