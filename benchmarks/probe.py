"""A linear probe of the final result on the observation tensors, against the one rule
"score difference > 0": from seat 0's observation before the last decision of random games,
predict whether seat 0 wins. Prints held-out accuracies (needs the `research` extra).

    .venv/bin/python benchmarks/probe.py                 # Autumn, 2 players, 3,000 games
    .venv/bin/python benchmarks/probe.py --game momiji --games 1500

The probe is an L2-regularised logistic regression on standardized features, fitted by
full-batch gradient descent on two thirds of the games and scored on the rest. A probe that
beats the score rule reads more than the score from the tensor (the board, the cards still to
come); one that loses to it means the tensor hides what decides the game, or that a linear
read of it cannot find it.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from leafpile.games import get_game


def sample(name: str, players: int, games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seat 0's tensors before each game's last decision, whether seat 0 won, and the rule's
    guess (seat 0's score minus the best other score > 0) at the same moment."""
    game = get_game(name)
    xs, ys, rule = [], [], []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(players, seed=seed)
        before = state.clone()
        while not state.is_terminal():
            before = state.clone()
            state.apply(rng.choice(state.legal_actions()))
        winners = state.winners()
        if len(winners) != 1:
            continue  # a draw is neither a win nor a loss
        xs.append(game.observation_tensor(before, 0))
        ys.append(1.0 if winners == [0] else 0.0)
        scores = before.scores()
        rule.append(1.0 if scores[0] - max(scores[1:]) > 0 else 0.0)
    return np.asarray(xs, np.float32), np.asarray(ys), np.asarray(rule)


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 600) -> np.ndarray:
    """Logistic-regression weights (last one the bias) by gradient descent."""
    x1 = np.hstack([x, np.ones((len(x), 1), np.float32)])
    w = np.zeros(x1.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x1 @ w)))
        grad = x1.T @ (p - y) / len(y) + l2 * np.r_[w[:-1], 0.0]
        w -= 0.5 * grad
    return w


def accuracy(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    x1 = np.hstack([x, np.ones((len(x), 1), np.float32)])
    return float(np.mean((x1 @ w > 0) == (y > 0.5)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="autumn")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args()
    start = time.perf_counter()
    x, y, rule = sample(args.game, args.players, args.games)
    cut = len(y) * 2 // 3
    # standardized on the training games: a count scaled small must not weigh less for it
    mean, sd = x[:cut].mean(axis=0), x[:cut].std(axis=0)
    x = (x - mean) / np.where(sd > 0, sd, 1.0)
    best = None
    for l2 in (1e-2, 1e-1, 1.0):  # chosen on the last third of the training games
        inner = cut * 3 // 4
        w = fit(x[:inner], y[:inner], l2)
        score = accuracy(w, x[inner:cut], y[inner:cut])
        if best is None or score > best[0]:
            best = (score, l2)
    assert best is not None
    w = fit(x[:cut], y[:cut], best[1])
    held = accuracy(w, x[cut:], y[cut:])
    ruled = float(np.mean(rule[cut:] == y[cut:]))
    print(
        f"{args.game} {args.players}p: {len(y)} decided games, tensor size {x.shape[1]}; "
        f"held-out accuracy: linear probe {held:.1%} (L2 {best[1]:g}), "
        f"score difference > 0 {ruled:.1%}; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
