"""The rating ladder: every level plays the others in mirrored deals; Bradley-Terry ratings.

    nice -n 10 .venv/bin/python benchmarks/ladder.py --games autumn --time 0.05 --deals 20
    .venv/bin/python benchmarks/ladder.py --report-only        # tables and plots from the file

The README's run (docs/ladder/, its results file included, so the same command continues it):

    nice -n 10 .venv/bin/python benchmarks/ladder.py --iterations 40 --ismcts-time 0.1 --deals 40 \
        --levels random,easy,medium,hard,cheat \
        --pairs random-easy,random-medium,easy-medium,easy-hard,medium-hard,medium-cheat,hard-cheat

Levels: `random`, `easy`, `medium`, `hard`, `cheat` (the `hard` settings searching the true
state; benchmarks only) and `ismcts` (OpenSpiel's Python `ISMCTSBot` through the adapter, an
outside anchor). Every table of levels (each pair at 2 players; each set of n levels at n
players) plays each deal (a seed) once in every seat arrangement: at 2 players the same seed
twice with the seats exchanged, at 3-4 players each permutation of the seats, so the luck of
the deal cancels within a deal.

Budget per decision, stated in each table: `--time T` seconds for `hard`, `cheat` and
`ismcts` (OpenSpiel's bot counts simulations, so it gets as many as it managed in T seconds on
its earlier decisions: `openspiel_strength.py`); `medium` keeps its ratio to `hard` (its 0.2 s
to hard's 1 s: T/5), so the levels differ as a person meets them, at a smaller scale.
`--iterations N` gives iterations instead (medium N/5, ismcts N simulations, or with
`--ismcts-time S` S seconds per decision: OpenSpiel's Python search with full random playouts
needs some 50 times longer per simulation than `hard` per iteration, so equal iterations
would make it the whole run's cost). `easy` and `random` do not search.

Resumable: each finished game is one JSON line appended to `--results`; a rerun reads the file
and plays only the games that are missing, so a run can be stopped and continued (or grown
with more `--deals`). One game per process (`--jobs`, default the number of cores), each on
one core. Ratings: `ladder_fit.py` (anchored random = 0, 95% bootstrap over deals). Writes a
Markdown table and a PNG plot per game and player count into `--out`, and with
`--write-ratings` the 2-player ratings into the bots package (`leafpile/bots/ratings.json`),
which the lobby and `play` show beside each level.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder_fit import Game as FitGame
from ladder_fit import bootstrap, fit, pair_results

from leafpile.bots import BotSeat, MCTSBot
from leafpile.engine import Action, State
from leafpile.engine.match import Match, run_match, seat_rng
from leafpile.games import GAMES, get_game

LEVELS = ("random", "easy", "medium", "hard", "cheat", "ismcts")
#: medium's thinking time as a share of hard's (the levels' own 0.2 s and 1 s).
MEDIUM_SHARE = 0.2
ROOT = Path(__file__).resolve().parents[1]
RATINGS = ROOT / "src" / "leafpile" / "bots" / "ratings.json"


@dataclass(frozen=True)
class Job:
    """One game to play: the level in each seat of one deal, at one budget."""

    game: str
    seats: tuple[str, ...]
    seed: int
    budget: str  # "time=0.05" or "iterations=200"
    anchor: float = 0.0  # seconds per decision for ismcts (0: the budget, as the others)

    @property
    def key(self) -> str:
        anchor = f"|ismcts={self.anchor:g}" if self.anchor else ""
        return f"{self.game}|{','.join(self.seats)}|{self.seed}|{self.budget}{anchor}"


def arrangements(levels: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct seating of `levels` (2 levels: both orders; n: each permutation)."""
    return sorted(set(itertools.permutations(levels)))


def tables(levels: Iterable[str], players: int) -> list[tuple[str, ...]]:
    """Every set of `players` different levels."""
    return list(itertools.combinations(tuple(levels), players))


def schedule(
    game: str,
    levels: Iterable[str],
    players: int,
    deals: int,
    budget: str,
    first_seed: int = 0,
    anchor: float = 0.0,
    pairs: set[frozenset[str]] | None = None,
) -> list[Job]:
    """All games of a ladder, deal by deal (so a stopped run has whole deals for every table);
    with `pairs`, only the tables whose every pair of levels is one of them."""
    chosen = [
        t
        for t in tables(levels, players)
        if pairs is None or all(frozenset(ab) in pairs for ab in itertools.combinations(t, 2))
    ]
    out = []
    for seed in range(first_seed, first_seed + deals):
        for table in chosen:
            for seats in arrangements(table):
                out.append(Job(game, seats, seed, budget, anchor if "ismcts" in seats else 0.0))
    return out


# -- the seats ---------------------------------------------------------------------------------
def bot_spec(level: str, budget: str) -> str:
    """A searching level's name with the ladder's budget (see the module docstring)."""
    key, _, text = budget.partition("=")
    value = float(text)
    if level == "medium":
        value *= MEDIUM_SHARE
    if level not in ("medium", "hard", "cheat"):
        return level
    if key == "iterations":
        return f"{level}:iterations={max(1, round(value))}"
    return f"{level}:time={value:g}"


class TrueStateSeat(BotSeat):
    """A seat that reads the match's true state: `cheat` searches it, and the OpenSpiel seat
    hands it to the adapter, whose resampler sees only the seat's view."""

    match: Match | None = None

    def choose(self, view: State) -> Action:
        assert self.match is not None
        return super().choose(self.match.state)


class IsmctsSeat:
    """OpenSpiel's ISMCTSBot in a seat: each decision wraps the true state in the adapter's
    state, and the bot samples worlds only through `resample_from_infostate` (the game's
    `determinize` of this seat's view)."""

    asks_forced = False

    def __init__(self, game_name: str, players: int, budget: str, seed: int) -> None:
        from openspiel_strength import TimedOpenSpielBot

        from leafpile.interop import openspiel as adapter

        self.spiel = adapter.load(game_name, players=players)
        key, _, text = budget.partition("=")
        self.bot = TimedOpenSpielBot("ismcts", self.spiel, float(text), seed)
        if key == "iterations":
            self.bot.rate = float(text)  # simulations = rate * budget = the iterations
            self.bot.budget = 1.0
            self.fixed = True
        else:
            self.fixed = False
        self.match: Match | None = None

    def choose(self, view: State) -> Action:
        assert self.match is not None
        state = self.spiel.from_leafpile_state(self.match.state)
        rate = self.bot.rate
        action_id = self.bot.step(state)
        if self.fixed:
            self.bot.rate = rate
        notation = state.action_to_string(view.current_player, action_id)
        return next(a for a in view.legal_actions() if str(a) == notation)


def play(job: Job) -> dict[str, Any]:
    """Play one game of the ladder; its result as a JSON-ready dict."""
    game = get_game(job.game)
    players = len(job.seats)
    match = Match.start(game, players, seed=job.seed)
    seats: list[Any] = []
    started = time.perf_counter()
    from bots import bench_bot  # benchmarks/bots.py: make_bot plus `cheat`

    for p, level in enumerate(job.seats):
        rng = seat_rng(job.seed, p)
        if level == "ismcts":
            budget = f"time={job.anchor:g}" if job.anchor else job.budget
            seat: Any = IsmctsSeat(job.game, players, budget, job.seed * 8 + p)
        else:
            bot = bench_bot(bot_spec(level, job.budget), game)
            seat = TrueStateSeat(bot, rng) if level == "cheat" else BotSeat(bot, rng)
        seat.match = match
        seats.append(seat)
    run_match(match, seats)
    state = match.state
    thinking = []
    for seat in seats:
        bot = getattr(seat, "bot", None)
        if isinstance(bot, MCTSBot):
            thinking.append(round(bot.total_seconds, 3))
        elif isinstance(seat, IsmctsSeat):
            thinking.append(round(seat.bot.seconds, 3))
        else:
            thinking.append(0.0)
    return {
        "key": job.key,
        "game": job.game,
        "seats": list(job.seats),
        "seed": job.seed,
        "budget": job.budget,
        "anchor": job.anchor,
        "returns": [float(r) for r in state.returns()],
        "scores": [float(s) for s in state.scores()],
        "thinking": thinking,
        "seconds": round(time.perf_counter() - started, 3),
        "actions": match.length,
    }


# -- running, resumably --------------------------------------------------------------------------
def finished(path: Path) -> dict[str, dict[str, Any]]:
    """The games already in the results file, by key (a torn last line is ignored)."""
    out: dict[str, dict[str, Any]] = {}
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # the line a stopped run was writing
        if isinstance(row, dict) and "key" in row:
            out[row["key"]] = row
    return out


def run(
    jobs: list[Job],
    path: Path,
    workers: int,
    player: Callable[[Job], dict[str, Any]] = play,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Play the jobs not yet in `path`, appending each result as it finishes; how many played."""
    done = finished(path)
    todo = [j for j in jobs if j.key not in done]
    path.parent.mkdir(parents=True, exist_ok=True)
    played = 0
    with path.open("a") as out:
        if path.stat().st_size and not path.read_bytes().endswith(b"\n"):
            out.write("\n")  # a stopped run left half a line: start a fresh one

        def write(row: dict[str, Any]) -> None:
            nonlocal played
            out.write(json.dumps(row) + "\n")
            out.flush()
            played += 1
            if progress is not None:
                progress(played, len(todo))

        if workers <= 1:
            for job in todo:
                write(player(job))
            return played
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: set[Future[dict[str, Any]]] = set()
            queue = iter(todo)
            for job in itertools.islice(queue, workers * 2):
                pending.add(pool.submit(player, job))
            while pending:
                ready, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in ready:
                    write(future.result())
                    for job in itertools.islice(queue, 1):
                        pending.add(pool.submit(player, job))
    return played


# -- the report ----------------------------------------------------------------------------------
def complete_deals(rows: list[dict[str, Any]]) -> list[FitGame]:
    """The games of deals played in every seat arrangement of their table (only those are
    mirrored; a stopped run's half-played deal waits for the rerun)."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row in rows:
        table = tuple(sorted(row["seats"]))
        groups.setdefault((table, row["seed"]), []).append(row)
    out = []
    for (table, seed), group in groups.items():
        if {tuple(r["seats"]) for r in group} != set(arrangements(table)):
            continue
        deal = f"{'/'.join(table)}#{seed}"
        out.extend(FitGame(deal, tuple(r["seats"]), tuple(r["returns"])) for r in group)
    return out


def report(
    rows: list[dict[str, Any]],
    game: str,
    players: int,
    budget: str,
    out: Path,
    anchor: float = 0.0,
) -> tuple[str, dict[str, tuple[float, float, float]]]:
    """The Markdown table (and a PNG plot in `out`) of one game at one player count."""
    rows = [
        r
        for r in rows
        if r["game"] == game
        and len(r["seats"]) == players
        and r["budget"] == budget
        and r.get("anchor", 0.0) == (anchor if "ismcts" in r["seats"] else 0.0)
    ]
    games = complete_deals(rows)
    levels = [lv for lv in LEVELS if any(lv in g.seats for g in games)]
    if "random" not in levels:
        return f"{game}, {players} players: no complete deals yet\n", {}
    ratings = fit(games, levels, "random")
    intervals = bootstrap(games, levels, "random")
    shares: dict[str, list[float]] = {lv: [] for lv in levels}
    for g in games:
        best = max(g.returns)
        winners = [s for s, r in zip(g.seats, g.returns, strict=True) if r == best]
        for s in g.seats:
            shares[s].append(1.0 / len(winners) if s in winners else 0.0)
    seconds = sum(r["seconds"] for r in rows)
    deals = len({g.deal for g in games})
    outside = f"; ismcts {anchor:g} s" if anchor else ""
    lines = [
        f"**{game}, {players} players**, {budget.replace('=', ' ')} per decision "
        f"(medium {MEDIUM_SHARE:g} of it{outside}); {len(games)} games in {deals} mirrored deals, "
        f"{seconds / 60:.0f} core-minutes",
        "",
        "| level | rating (random = 0) | 95% interval | games | win share "
        "| against the next level up: share (games) |",
        "|---|---|---|---|---|---|",
    ]
    order = sorted(levels, key=lambda lv: ratings[lv])
    pairs = pair_results(games)
    for k, lv in enumerate(order):
        lo, hi = intervals[lv]
        share = sum(shares[lv]) / max(1, len(shares[lv]))
        above = "-"
        if k + 1 < len(order):
            up = order[k + 1]
            met = [s if a == lv else 1 - s for a, b, s in pairs if {a, b} == {lv, up}]
            above = f"{sum(met) / len(met):.0%} ({len(met)})" if met else "did not meet"
        lines.append(
            f"| {lv} | {ratings[lv]:.0f} | {lo:.0f} to {hi:.0f} | {len(shares[lv])} | "
            f"{share:.0%} | {above} |"
        )
    plot(game, players, budget, order, ratings, intervals, out)
    table = {lv: (ratings[lv], *intervals[lv]) for lv in levels}
    return "\n".join(lines) + "\n", table


def plot(
    game: str,
    players: int,
    budget: str,
    order: list[str],
    ratings: dict[str, float],
    intervals: dict[str, tuple[float, float]],
    out: Path,
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.2))
    ys = range(len(order))
    values = [ratings[lv] for lv in order]
    low = [ratings[lv] - intervals[lv][0] for lv in order]
    high = [intervals[lv][1] - ratings[lv] for lv in order]
    ax.errorbar(values, list(ys), xerr=[low, high], fmt="o", color="#1f4e79", capsize=4)
    ax.set_yticks(list(ys), order)
    ax.set_xlabel("Bradley-Terry rating, Elo scale (random = 0), 95% interval")
    ax.set_title(f"{game}, {players} players, {budget.replace('=', ' ')} per decision")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / f"{game}-{players}p.png", dpi=100)
    plt.close(fig)


def write_ratings(
    tables_by_game: dict[str, dict[str, tuple[float, float, float]]], budget: str
) -> None:
    """The 2-player ratings as data in the bots package (the lobby shows them)."""
    data = {
        "about": "Bradley-Terry ratings, Elo scale, random = 0, 2 players, mirrored deals; "
        f"written by benchmarks/ladder.py at {budget} per decision",
        "budget": budget,
        "games": {
            g: {lv: [round(r), round(lo), round(hi)] for lv, (r, lo, hi) in t.items()}
            for g, t in tables_by_game.items()
        },
    }
    RATINGS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", default="2", help="player counts, comma-separated")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--time", type=float, default=0.05, help="seconds per decision")
    parser.add_argument("--iterations", type=int, default=0, help="instead of --time")
    parser.add_argument(
        "--ismcts-time", type=float, default=0.0, help="seconds per decision for ismcts"
    )
    parser.add_argument(
        "--pairs",
        default="",
        help="only these pairs of levels meet, e.g. random-easy,easy-medium (default: all)",
    )
    parser.add_argument("--deals", type=int, default=20, help="deals per table of levels")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--results", type=Path, default=ROOT / "docs" / "ladder" / "results.jsonl")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "ladder")
    parser.add_argument("--report-only", action="store_true", help="fit and write, play none")
    parser.add_argument("--write-ratings", action="store_true", help="2-player ratings to bots/")
    args = parser.parse_args(argv)
    if args.time <= 0 and args.iterations <= 0:
        parser.error("give a positive --time or --iterations")
    budget = f"iterations={args.iterations}" if args.iterations else f"time={args.time:g}"
    names = [g for g in args.games.split(",") if g]
    levels = [lv for lv in args.levels.split(",") if lv]
    for lv in levels:
        if lv not in LEVELS:
            parser.error(f"unknown level {lv!r}; use {', '.join(LEVELS)}")
    counts = [int(p) for p in args.players.split(",") if p]
    pairs = None
    if args.pairs:
        pairs = {frozenset(p.split("-")) for p in args.pairs.split(",") if p}
        if any(len(p) != 2 or not p <= set(levels) for p in pairs):
            parser.error("--pairs takes two different levels of --levels per pair: a-b,c-d")
    jobs: list[Job] = []
    for name in names:
        info = get_game(name).info
        for n in counts:
            if info.min_players <= n <= info.max_players and n <= len(levels):
                jobs.extend(
                    schedule(
                        name, levels, n, args.deals, budget, anchor=args.ismcts_time, pairs=pairs
                    )
                )
    jobs.sort(key=lambda j: j.seed)  # deal by deal across games: a stopped run stays balanced
    started = time.perf_counter()
    if not args.report_only:

        def progress(done: int, total: int) -> None:
            elapsed = time.perf_counter() - started
            print(f"\r{done}/{total} games, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)

        played = run(jobs, args.results, args.jobs, progress=progress)
        print(f"\nplayed {played} games in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    rows = list(finished(args.results).values())
    two: dict[str, dict[str, tuple[float, float, float]]] = {}
    text = []
    for name in names:
        for n in counts:
            if not get_game(name).info.min_players <= n <= get_game(name).info.max_players:
                continue
            table, ratings = report(rows, name, n, budget, args.out, args.ismcts_time)
            text.append(table)
            if n == 2 and ratings:
                two[name] = ratings
    out = "\n".join(text)
    args.out.mkdir(parents=True, exist_ok=True)
    players = "-".join(str(n) for n in counts)
    (args.out / f"ladder-{budget.replace('=', '-')}-{players}p.md").write_text(out)
    print(out)
    if args.write_ratings:
        write_ratings(two, budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
