"""A linear probe of the final result on the observation tensors, against the rule "score
difference > 0": from seat 0's observation before the last decision of random games (the
last observation before the end), predict whether seat 0 wins. Prints held-out accuracies
(needs the `research` extra).

    .venv/bin/python benchmarks/probe.py                 # Autumn, 2 players, 5,000 games
    .venv/bin/python benchmarks/probe.py --game momiji --games 1500

The probe is an L2-regularised logistic regression fitted by full-batch gradient descent on
the first two thirds of the games and scored once on the rest. Its set-up (features
standardized or as the tensor gives them, and the L2 weight) is chosen on the last quarter of
the training games, never on the held-out third. A probe that beats the score rule reads more
than the score from the tensor (the board, the cards still to come); one that loses to it
means the tensor hides what decides the game, or that a linear read of it cannot find it.

Two rules are printed: the score difference as `scores()` gives it (Autumn: finished rounds
only), and, where the game's statistics chart counts a round being played (Autumn's live
largest areas, `statistics.running`), the difference as the table shows it.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable

import numpy as np

from leafpile.engine import State
from leafpile.games import get_game


def _lead(scores: list[float]) -> float:
    return scores[0] - max(scores[1:])


def sample(
    name: str, players: int, games: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """Seat 0's tensors before each game's last decision, whether seat 0 won, and the rules'
    guesses (seat 0's score minus the best other score > 0) at the same moment: by
    `scores()`, and by the statistics' running score where the game has one."""
    game = get_game(name)
    module = importlib.import_module(f"{type(game).__module__}.statistics")
    running: Callable[[State], list[float]] | None = getattr(module, "running", None)
    xs, ys, rule, live = [], [], [], []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(players, seed=seed)
        played = []
        while not state.is_terminal():
            played.append(state.random_action(rng))  # rng.choice(legal_actions()), faster
            state.apply(played[-1])
        winners = state.winners()
        before = game.new_state(players, seed=seed)  # replayed to before the last decision
        for action in played[:-1]:
            before.apply(action)
        if len(winners) != 1:
            continue  # a draw is neither a win nor a loss
        xs.append(game.observation_tensor(before, 0))
        ys.append(1.0 if winners == [0] else 0.0)
        rule.append(1.0 if _lead(list(before.scores())) > 0 else 0.0)
        if running is not None:
            live.append(1.0 if _lead(running(before)) > 0 else 0.0)
    shown = np.asarray(live) if running is not None else None
    return np.asarray(xs, np.float32), np.asarray(ys), np.asarray(rule), shown


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 400) -> np.ndarray:
    """Logistic-regression weights (last one the bias) by gradient descent with momentum
    (all in float32: a float64 weight would copy the whole matrix at every step)."""
    x1 = np.hstack([x, np.ones((len(x), 1), np.float32)])
    y = y.astype(np.float32)
    w = np.zeros(x1.shape[1], np.float32)
    velocity = np.zeros_like(w)
    rate = 1.0 / (0.25 * _top_eigenvalue(x1) + l2)  # 1 / the loss's curvature bound
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x1 @ w, -30, 30)))
        grad = x1.T @ (p - y) / len(y) + l2 * np.r_[w[:-1], np.float32(0)]
        velocity = 0.9 * velocity - rate * grad
        w += velocity
    return w


def _top_eigenvalue(x: np.ndarray, rounds: int = 30) -> float:
    """The largest eigenvalue of x'x / n, by power iteration."""
    v = np.random.default_rng(0).standard_normal(x.shape[1]).astype(np.float32)
    value = 0.0
    for _ in range(rounds):
        u = x.T @ (x @ v) / len(x)
        value = float(np.linalg.norm(u))
        v = u / value
    return value


def accuracy(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    x1 = np.hstack([x, np.ones((len(x), 1), np.float32)])
    return float(np.mean((x1 @ w > 0) == (y > 0.5)))


def standardizer(x: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
    """Scale to mean 0 and deviation 1 as measured on `x` (the training games only)."""
    mean, sd = x.mean(axis=0), x.std(axis=0)
    scale = np.where(sd > 0, sd, 1.0)
    return lambda z: ((z - mean) / scale).astype(np.float32)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="autumn")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=5000)
    args = parser.parse_args()
    start = time.perf_counter()
    x, y, rule, live = sample(args.game, args.players, args.games)
    cut = len(y) * 2 // 3
    inner = cut * 3 // 4
    best: tuple[float, bool, float] | None = None
    for scaled in (False, True):
        # scaling measured on the games it is fitted on
        scale = standardizer(x[:inner]) if scaled else (lambda z: z)
        for l2 in (1e-3, 1e-2, 1e-1):
            w = fit(scale(x[:inner]), y[:inner], l2)
            score = accuracy(w, scale(x[inner:cut]), y[inner:cut])
            if best is None or score > best[0]:
                best = (score, scaled, l2)
    assert best is not None
    _, scaled, l2 = best
    scale = standardizer(x[:cut]) if scaled else (lambda z: z)
    w = fit(scale(x[:cut]), y[:cut], l2)
    held = accuracy(w, scale(x[cut:]), y[cut:])
    ruled = float(np.mean(rule[cut:] == y[cut:]))
    shown = "" if live is None else f", as the table shows it {np.mean(live[cut:] == y[cut:]):.1%}"
    print(
        f"{args.game} {args.players}p: {len(y)} decided games ({len(y) - cut} held out), "
        f"tensor size {x.shape[1]}; held-out accuracy: linear probe {held:.1%} "
        f"({'standardized' if scaled else 'tensor scale'}, L2 {l2:g}); score difference > 0: "
        f"by scores() {ruled:.1%}{shown}; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
