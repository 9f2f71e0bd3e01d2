"""Bot strength and speed: win shares between bots at 2 players, and mcts iterations/s.

    .venv/bin/python benchmarks/bots.py                      # every registered game, 1 s/move
    .venv/bin/python benchmarks/bots.py --games autumn --max-games 20 --time 0.05   # smoke

For each game and each pairing (default: hard-cheat, hard-random, hard-greedy, greedy-random) it
plays games with seeds 0, 1, 2, ... (from `--seed`, so runs in parallel processes add up); the
first-named bot sits in seat 0 in even games and in seat 1 in odd games (seats swapped half the
time). A name may carry settings (`hard:prior_samples=4-cheat` compares a variant). A game
counts 1 for a win, 1/2 for a draw. The 95% interval is Wilson's; a pairing stops as soon as
its interval is narrower than +-`--ci` (after at least `--min-games`), or at `--max-games`.
Bots see only their own views, like everywhere, except `cheat`: the `hard` settings searching
the true state (every hand, the deck order), the yardstick for how much `hard` loses by not
seeing. It exists only in this benchmark.

The last columns give the iterations per second of the searching bot during those games, its
mean thinking time per decision (a search stops early once its choice cannot change), and the
iterations per second of the plain `mcts` bot (default settings) on positions of a random game.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from leafpile.bots import Bot, BotSeat, MCTSBot, make_bot
from leafpile.engine import Action, Game, Rng, State
from leafpile.engine.match import Match, run_match, seat_rng
from leafpile.games import GAMES, get_game

PAIRS = ("hard-cheat", "hard-random", "hard-greedy", "greedy-random")


class CheatBot(MCTSBot):
    """Searches the true state (every hand, the deck order, the future draws): a yardstick
    for `hard`, which sees only its view. It lives here so no game can offer it as a seat."""

    name = "cheat"

    def sample(self, game: Game, view: State, me: int, rng: Rng) -> State:
        return view.clone()  # `view` is the true state: CheatSeat hands it over


class CountingSeat(BotSeat):
    """A bot seat that counts the decisions it was asked (forced moves are not asked)."""

    decisions = 0

    def choose(self, view: State) -> Action:
        self.decisions += 1
        return super().choose(view)


class CheatSeat(CountingSeat):
    """The match loop hands a seat its view; this one reads the match's true state instead."""

    match: Match | None = None

    def choose(self, view: State) -> Action:
        assert self.match is not None
        return super().choose(self.match.state)


@dataclass
class Game1:
    """One benchmark game's outcome for the first-named bot."""

    share: float  # 1 win, 0.5 draw, 0 loss
    iterations: int  # search iterations of the first-named bot (0 if it does not search)
    seconds: float  # its thinking time
    decisions: int


def seat_spec(name: str, time_per_move: float, iterations: int) -> str:
    """A bot name with the benchmark's budget applied to searching bots (a name may carry
    settings of its own, `hard:c=0.3`, to compare a variant with the others)."""
    if name.partition(":")[0] not in ("hard", "medium", "mcts", "cheat"):
        return name
    if iterations:
        return f"{name}:iterations={iterations}"
    return f"{name}:time={time_per_move}"


def bench_bot(spec: str, game: Game) -> Bot:
    """`make_bot`, plus `cheat`: the `hard` level's settings searching the true state."""
    base, _, settings = spec.partition(":")
    if base != "cheat":
        return make_bot(spec, game)
    hard = make_bot("hard" + (":" + settings if settings else ""), game)
    assert isinstance(hard, MCTSBot)
    cheat = CheatBot()
    cheat.__dict__.update({k: v for k, v in vars(hard).items() if k != "name"})
    return cheat


def play_one(args: tuple[str, str, str, int, float, int, dict[str, Any]]) -> Game1:
    """Play one 2-player game; the first-named bot sits in seat seed % 2."""
    game_name, first, second, seed, time_per_move, iterations, options = args
    game = get_game(game_name)
    seat = seed % 2
    names = [first, second] if seat == 0 else [second, first]
    bots = [bench_bot(seat_spec(name, time_per_move, iterations), game) for name in names]
    match = Match.start(game, 2, seed=seed, options=options)
    seats = [
        (CheatSeat if isinstance(bot, CheatBot) else CountingSeat)(bot, seat_rng(seed, p))
        for p, bot in enumerate(bots)
    ]
    for s in seats:
        if isinstance(s, CheatSeat):
            s.match = match
    run_match(match, seats)
    state = match.state
    decisions = seats[seat].decisions
    share = (state.returns()[seat] + 1.0) / 2.0
    mine = bots[seat]
    if isinstance(mine, MCTSBot):
        return Game1(share, mine.total_iterations, mine.total_seconds, decisions)
    return Game1(share, 0, 0.0, decisions)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (draws count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mcts_speed(game_name: str, seconds: float, positions: int = 6) -> float:
    """Iterations/s of the plain `mcts` bot on positions spread over one random game."""
    game = get_game(game_name)
    state = game.new_state(2, seed=12345)
    rng = Rng(99)
    snapshots = []
    while not state.is_terminal():
        actions = state.legal_actions()
        if len(actions) > 1:
            snapshots.append(state.clone())
        state.apply(actions[rng.randrange(len(actions))])
    if not snapshots:
        return 0.0
    step = max(1, len(snapshots) // positions)
    bot = MCTSBot(time=seconds)
    for snap in snapshots[::step][:positions]:
        bot.act(game.player_view(snap, snap.current_player), rng)
    return bot.total_iterations / bot.total_seconds if bot.total_seconds else 0.0


def parse_options(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--option expects key=value, got {item!r}")
        out[key] = value
    return out


def run_pair(
    pool: ProcessPoolExecutor | None,
    game_name: str,
    pair: str,
    args: argparse.Namespace,
    options: dict[str, Any],
) -> tuple[float, int, list[Game1]]:
    first, _, second = pair.partition("-")
    results: list[Game1] = []
    batch = max(2, args.workers * 2)
    seed = args.seed
    while len(results) < args.max_games:
        count = min(batch, args.max_games - len(results))
        jobs = [
            (game_name, first, second, seed + i, args.time, args.iterations, options)
            for i in range(count)
        ]
        seed += count
        if pool is None:
            results.extend(play_one(job) for job in jobs)
        else:
            results.extend(pool.map(play_one, jobs))
        n = len(results)
        wins = sum(r.share for r in results)
        lo, hi = wilson(wins, n)
        its = sum(r.iterations for r in results)
        secs = sum(r.seconds for r in results)
        decisions = sum(r.decisions for r in results)
        speed = f", {its / secs:.0f} it/s, {secs / decisions:.2f} s/decision" if secs else ""
        print(
            f"  {game_name} {pair}: {n} games, {wins:g} won, {wins / n:.1%} ({lo:.1%}-{hi:.1%})"
            f"{speed}",
            file=sys.stderr,
            flush=True,
        )
        if n >= args.min_games and (hi - lo) / 2 < args.ci:
            break
    n = len(results)
    return sum(r.share for r in results), n, results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="e.g. hard-random,greedy-random")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per decision (search)")
    parser.add_argument(
        "--iterations", type=int, default=0, help="iterations per decision instead of --time"
    )
    parser.add_argument("--max-games", type=int, default=200, help="at most this many per pair")
    parser.add_argument("--min-games", type=int, default=30, help="at least this many per pair")
    parser.add_argument("--ci", type=float, default=0.10, help="stop at this 95%% half-width")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--speed-time", type=float, default=0.5, help="seconds per speed probe")
    parser.add_argument(
        "--seed", type=int, default=0, help="first game's seed (even: first bot in seat 0)"
    )
    parser.add_argument(
        "--option", action="append", default=[], help="game option key=value (repeatable)"
    )
    args = parser.parse_args(argv)
    names = [g for g in args.games.split(",") if g]
    for name in names:
        get_game(name)  # a clear error for an unknown game
    options = parse_options(args.option)
    budget = f"{args.iterations} iterations" if args.iterations else f"{args.time:g} s"
    print(f"# bots benchmark: 2 players, {budget} per search decision, seats swapped")
    header = (
        f"{'game':<18} {'pairing':<15} {'games':>5} {'win share':>9} {'95% CI':>15} "
        f"{'search it/s':>11} {'s/decision':>10} {'mcts it/s':>9}"
    )
    print(header)
    print("-" * len(header))
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    started = time.perf_counter()
    try:
        for name in names:
            game = GAMES[name]
            if not game.info.min_players <= 2 <= game.info.max_players:
                print(f"{name:<18} (not a 2-player game: skipped)")
                continue
            speed = mcts_speed(name, args.speed_time)
            for pair in [p for p in args.pairs.split(",") if p]:
                wins, n, results = run_pair(pool, name, pair, args, options)
                lo, hi = wilson(wins, n)
                its = sum(r.iterations for r in results)
                secs = sum(r.seconds for r in results)
                decisions = sum(r.decisions for r in results)
                search = f"{its / secs:.0f}" if secs else "-"
                per = f"{secs / decisions:.2f}" if secs and decisions else "-"
                print(
                    f"{name:<18} {pair:<15} {n:>5} {wins / n:>9.1%} "
                    f"{f'{lo:.1%}-{hi:.1%}':>15} {search:>11} {per:>10} {speed:>9.0f}",
                    flush=True,
                )
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"# {time.perf_counter() - started:.0f} s wall clock, {args.workers} worker(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
