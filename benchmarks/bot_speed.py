"""`hard`'s search iterations per CPU-second, today's code against a frozen commit, in one run.

    .venv/bin/python benchmarks/bot_speed.py                    # every game, 5 rounds
    .venv/bin/python benchmarks/bot_speed.py --games momiji --rounds 2 --positions 4

Two worker processes (`versions.py`), one for `--baseline`'s `src/` and one for this copy,
search the same positions in interleaved rounds: positions of seeded random 2-player games
(every `--every`-th decision with a choice), each searched from its mover's view by `hard`
with an iteration budget instead of its one second (`hard:iterations=N`, the same settings
otherwise, the bot's RNG seeded per position), so both versions do the same work. The figure is
the median over rounds of iterations per CPU-second (`time.process_time`), root prior
included. The decisions of both versions are compared: a seeded search with a fixed budget is
deterministic, so they must be the same.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

GAMES = ("autumn", "momiji", "under-the-leaves", "undergrove")


# -- the worker's side ----------------------------------------------------------------------
def positions(name: str, seed: int, count: int, every: int) -> list[Any]:
    """Views of the mover at every `every`-th decision with a choice of a seeded random game
    (tests/bots/test_evaluate_all.py pins `hard`'s decisions on these same positions)."""
    from leafpile.engine import Rng
    from leafpile.games import get_game

    game = get_game(name)
    state = game.new_state(2, seed=seed)
    rng = Rng(seed)
    out = []
    step = 0
    while not state.is_terminal() and len(out) < count:
        actions = state.legal_actions()
        if len(actions) > 1:
            if step % every == 0:
                out.append(game.player_view(state, state.current_player))
            step += 1
        state.apply(actions[rng.randrange(len(actions))])
    return out


def search(name: str, seed: int, count: int, every: int, iterations: int) -> dict[str, Any]:
    """`hard` with a budget of `iterations` on `count` positions of the random game `seed`."""
    from leafpile.bots import make_bot
    from leafpile.engine import Rng
    from leafpile.games import get_game

    game = get_game(name)
    views = positions(name, seed, count, every)
    bot: Any = make_bot(f"hard:iterations={iterations}", game)
    done = 0
    decisions = []
    start = time.process_time()
    for i, view in enumerate(views):
        decisions.append(str(bot.act(view, Rng(seed * 1000 + i))))
        done += bot.last_iterations
    return {"cpu": time.process_time() - start, "iterations": done, "decisions": decisions}


# -- the driver -----------------------------------------------------------------------------
def main() -> None:
    from versions import BASELINE, pair, uptime

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions", type=int, default=6, help="positions per round")
    parser.add_argument("--every", type=int, default=5, help="take every N-th decision")
    parser.add_argument("--iterations", type=int, default=400, help="budget per decision")
    parser.add_argument("--baseline", default=BASELINE)
    args = parser.parse_args()
    games = [g for g in GAMES if not args.games or g in args.games.split(",")]
    before, after = pair("bot_speed", args.baseline)
    print(f"before: {before.where}\nafter:  {after.where}\nstart: {uptime()}")
    rates: dict[str, tuple[list[float], list[float]]] = {g: ([], []) for g in games}
    differ: dict[str, int] = dict.fromkeys(games, 0)
    total: dict[str, int] = dict.fromkeys(games, 0)
    for rnd in range(args.rounds):
        for name in games:
            order = (before, after) if rnd % 2 == 0 else (after, before)
            got = {}
            for worker in order:
                got[worker is after] = r = worker.call(
                    "search", name, rnd + 1, args.positions, args.every, args.iterations
                )
                rates[name][worker is after].append(r["iterations"] / r["cpu"])
            old, new = got[False]["decisions"], got[True]["decisions"]
            total[name] += len(old)
            differ[name] += sum(a != b for a, b in zip(old, new, strict=True))
        print(f"round {rnd + 1}/{args.rounds} done, {uptime()}", flush=True)
    print(f"end: {uptime()}\n")
    print("| game | before it/CPU-s | after it/CPU-s | ratio | same decisions |")
    print("|---|---:|---:|---:|---:|")
    for name in games:
        old, new = (statistics.median(x) for x in rates[name])
        ratios = [n / o for o, n in zip(*rates[name], strict=True)]
        print(
            f"| {name} | {old:,.0f} | {new:,.0f} | {statistics.median(ratios):.2f}x "
            f"({min(ratios):.2f}-{max(ratios):.2f}) | {total[name] - differ[name]}/{total[name]} |"
        )
    before.close()
    after.close()


if __name__ == "__main__":
    main()
