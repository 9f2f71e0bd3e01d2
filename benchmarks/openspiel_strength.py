"""leafpile's `hard` bot against OpenSpiel's own `ISMCTSBot` and `MCTSBot`, through the OpenSpiel
adapter, at equal thinking time per decision.

    .venv/bin/python benchmarks/openspiel_strength.py                    # 0.1 s, 20 games
    .venv/bin/python benchmarks/openspiel_strength.py --time 0.05 --games 4 --only autumn

Every game is 2 players; `hard` sits in seat 0 in even games and seat 1 in odd ones, and game
`i` is dealt from seed `i` (the adapter's chance outcome `i`). A win counts 1, a shared win 1/2;
the interval is Wilson's 95%.

Fairness. `hard` gets `time=T` (it may stop early once its choice cannot change). OpenSpiel's
bots count simulations, not seconds, so each decision gets as many simulations as the bot
managed in T seconds on its earlier decisions (a running rate, at least two simulations); the
table shows the mean seconds per decision each side really used. Neither side sees hidden
information: `hard` gets its player view, `ISMCTSBot` samples worlds through
`resample_from_infostate` (the game's `determinize`), and `MCTSBot`, a perfect-information
search, is given one such sampled world per decision (determinized MCTS). OpenSpiel's bots use
its `RandomRolloutEvaluator` (one random playout to the end) and `uct_c=2`, its usual settings.
OpenSpiel's C++ ISMCTS cannot be used: it cannot reach a Python game's resampler, so the
Python `ISMCTSBot` (OpenSpiel's port of it) and `MCTSBot` play.

Games run one per process (`--workers`, default 2), each on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from leafpile.bots import make_bot
from leafpile.engine.match import seat_rng
from leafpile.games import GAMES, get_game
from leafpile.interop import openspiel as adapter
from leafpile.sim.stats import wilson_interval

OPPONENTS = ("ismcts", "mcts")


class TimedOpenSpielBot:
    """An OpenSpiel search given about `budget` seconds per decision: the simulation count of
    each decision follows the rate measured on the previous ones."""

    def __init__(self, kind: str, game: Any, budget: float, seed: int) -> None:
        self.kind = kind
        self.game = game
        self.budget = budget
        self.random = np.random.RandomState(seed)
        self.sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        self.rate = 0.0  # simulations per second, measured
        self.seconds = 0.0
        self.decisions = 0
        self.simulations = 0

    def step(self, state: Any) -> int:
        # ISMCTSBot spends its first simulation expanding the root: it needs two at least.
        sims = 4 if self.rate == 0 else max(2, round(self.rate * self.budget))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.random)
        start = time.perf_counter()
        if self.kind == "ismcts":
            bot = ismcts.ISMCTSBot(
                self.game, evaluator, uct_c=2.0, max_simulations=sims, random_state=self.random
            )
            action = bot.step(state)
        else:
            bot = mcts.MCTSBot(
                self.game,
                uct_c=2.0,
                max_simulations=sims,
                evaluator=evaluator,
                random_state=self.random,
                solve=False,
            )
            world = state.resample_from_infostate(state.current_player(), self.sampler)
            action = bot.step(world)
        elapsed = time.perf_counter() - start
        observed = sims / max(elapsed, 1e-6)
        self.rate = observed if self.rate == 0 else 0.7 * self.rate + 0.3 * observed
        self.seconds += elapsed
        self.decisions += 1
        self.simulations += sims
        return int(action)


@dataclass
class Outcome:
    game: str
    opponent: str
    share: float  # hard's: 1 win, 0.5 shared, 0 loss
    hard_seconds: float
    hard_decisions: int
    other_seconds: float
    other_decisions: int
    other_simulations: int


def play(args: tuple[str, str, int, float]) -> Outcome:
    """One game of `hard` against an OpenSpiel bot; decisions with one legal action are
    played at once for both."""
    name, opponent, seed, budget = args
    game = get_game(name)
    spiel = adapter.load(name, players=2)
    hard_seat = seed % 2
    hard = make_bot(f"hard:time={budget}", game)
    rng = seat_rng(seed, hard_seat)
    other = TimedOpenSpielBot(opponent, spiel, budget, seed * 2 + 1 - hard_seat)
    state = spiel.new_initial_state()
    state.deal(seed)
    hard_seconds, hard_decisions = 0.0, 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        if player == hard_seat:
            true_state = state.leafpile_state
            start = time.perf_counter()
            chosen = hard.act(game.player_view(true_state, player), rng)
            hard_seconds += time.perf_counter() - start
            hard_decisions += 1
            notation = str(chosen)
            action = next(a for a in legal if state.action_to_string(player, a) == notation)
        else:
            action = other.step(state)
        state.apply_action(action)
    winners = state.leafpile_state.winners()
    share = 1.0 / len(winners) if hard_seat in winners else 0.0
    return Outcome(
        name,
        opponent,
        share,
        hard_seconds,
        hard_decisions,
        other.seconds,
        other.decisions,
        other.simulations,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time", type=float, default=0.1, help="seconds per decision")
    parser.add_argument("--games", type=int, default=20, help="games per game and opponent")
    parser.add_argument("--only", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument(
        "--opponents", default=",".join(OPPONENTS), help="ismcts and/or mcts, comma-separated"
    )
    parser.add_argument("--workers", type=int, default=2, help="games played at once")
    args = parser.parse_args(argv)
    if args.time <= 0 or args.games < 1 or args.workers < 1:
        parser.error("--time must be positive and --games, --workers at least 1")
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    for name in names:
        if name not in GAMES:
            parser.error(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    for opponent in opponents:
        if opponent not in OPPONENTS:
            parser.error(f"unknown opponent {opponent!r}; use {' or '.join(OPPONENTS)}")
    jobs = [(n, o, seed, args.time) for n in names for o in opponents for seed in range(args.games)]
    outcomes: dict[tuple[str, str], list[Outcome]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for done, outcome in enumerate(pool.map(play, jobs), 1):
            outcomes.setdefault((outcome.game, outcome.opponent), []).append(outcome)
            print(
                f"\r{done}/{len(jobs)} games, {time.perf_counter() - started:.0f} s",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)
    print(
        f"hard vs OpenSpiel bots, {args.time:g} s per decision, {args.games} games per row, "
        "seats swapped every game"
    )
    print()
    print(
        "| game | opponent | games | hard's win share | 95% CI | hard s/decision | "
        "opponent s/decision | opponent simulations/decision |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for (name, opponent), rows in outcomes.items():
        wins = sum(r.share for r in rows)
        lo, hi = wilson_interval(wins, len(rows))
        hard_s = sum(r.hard_seconds for r in rows) / max(1, sum(r.hard_decisions for r in rows))
        decisions = max(1, sum(r.other_decisions for r in rows))
        other_s = sum(r.other_seconds for r in rows) / decisions
        sims = sum(r.other_simulations for r in rows) / decisions
        label = "ISMCTSBot" if opponent == "ismcts" else "MCTSBot (determinized)"
        print(
            f"| {name} | {label} | {len(rows)} | {wins / len(rows):.1%} | "
            f"{lo:.1%}-{hi:.1%} | {hard_s:.3f} | {other_s:.3f} | {sims:.1f} |"
        )


if __name__ == "__main__":
    main()
