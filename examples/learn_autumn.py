"""Train an agent on Autumn (2 players, one round) with sb3-contrib's MaskablePPO through
leafpile's adapters, then play 200 games against `random` and print the win share.

    pip install -e '.[learn]'
    nice -n 10 .venv/bin/python examples/learn_autumn.py --steps 150000 --out learned-autumn

The environment is `leafpile.interop.versus.Versus` (one seat against a uniformly random
opponent, on the PettingZoo adapter's Box tensor and action mask). The policy reads the
observation tensor's layout (`games/autumn/observation.py`): the three 40 x 40 planes go
through a small convolutional net, the card, colour owner and phase fields are broadcast as
extra planes, and a placement's logit is the net's output at the card's anchor cell, one
channel per rotation, so a move learnt in one place carries over to the others (ids 0-2737
are rotation x column x row, `games/autumn/vocabulary.py`). The colour choice and the value
come from the pooled features. Rewards: +1 / -1 at the end, plus the change of the lead in
the table's score (shaping, potential-based). Evaluation plays the greedy policy (the most
likely legal id) on seeds never trained on, the learner's seat alternating.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import time
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from stable_baselines3.common.vec_env import DummyVecEnv
from torch import nn

from leafpile.engine import State
from leafpile.games import get_game
from leafpile.games.autumn import rules
from leafpile.interop.versus import Versus

GRID = 40  # the observation's board planes (STRIDE)
PLANES = 4  # red, yellow, anchors, area
CHANNELS = PLANES + 5  # and empty, mine, theirs, mine x area, theirs x area
CARDS = 18
SIDE = 37  # anchors per axis in the vocabulary (2 x REACH + 1)
CROP = (GRID - SIDE) // 2 + 1  # vocabulary column 0 is table x = -18, plane column 2
PLACES = 2 * SIDE * SIDE
VALUE = 64
ROUNDS = 1  # the one-round game ("a quick game")


class Board(BaseFeaturesExtractor):  # type: ignore[misc]
    """Placement logits, then the colour logits and the value features:
    `[2738 placement logits, 2 colour logits, VALUE]`.

    A placement's logit is read from the 4 x 4 cells around the card's anchor (the card's
    2 x 2 and its neighbours) by a kernel of its own for each card and rotation: a
    convolution whose weights the observation's `card` field chooses. The kernel sees the
    planes (red, yellow, empty, anchors, area sizes) and, once colours are chosen, the cells
    and area sizes as "mine" and "the other's" (from the `red_player` field). The same
    kernel is used at every anchor, so what is learnt in one place holds in all."""

    def __init__(self, space: spaces.Box) -> None:
        super().__init__(space, PLACES + 2 + VALUE)
        layout = get_game("autumn").observation_layout(2, {})
        where = {name: start for name, start, _shape in layout.describe()}
        assert where["card"] == PLANES * GRID * GRID  # the planes come first
        self.board = PLANES * GRID * GRID
        self.card = where["card"] - self.board  # 18 one-hot, in `rest`
        self.owner = where["red_player"] - self.board  # nobody, me, the other, in `rest`
        self.flat = layout.size - self.board
        self.kernels = nn.Parameter(torch.zeros(CARDS, 2, CHANNELS * 16))
        self.bias = nn.Parameter(torch.zeros(CARDS, 2))
        self.head = nn.Sequential(nn.Linear(2 * CHANNELS + self.flat, 64), nn.ReLU())
        self.colour = nn.Linear(64, 2)
        self.value = nn.Linear(64, VALUE)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[0]
        planes = x[:, : self.board].reshape(n, PLANES, GRID, GRID)
        rest = x[:, self.board :]
        red, yellow, area = planes[:, 0:1], planes[:, 1:2], planes[:, 3:4]
        me = rest[:, self.owner + 1, None, None, None]
        other = rest[:, self.owner + 2, None, None, None]
        mine = me * red + other * yellow
        theirs = me * yellow + other * red
        empty = 1 - red - yellow
        h = torch.cat([planes, empty, mine, theirs, mine * area, theirs * area], dim=1)
        # patch o covers cells o-2..o+1 (padding 2): the anchor x's patch is x + 1
        patches = nn.functional.unfold(h, 4, padding=2)  # (n, CHANNELS * 16, 41 * 41)
        card = rest[:, self.card : self.card + CARDS]
        kernel = torch.einsum("nc,crk->nrk", card, self.kernels)
        out = (
            torch.einsum("nrk,nkp->nrp", kernel, patches)
            + (card @ self.bias.reshape(CARDS, 2))[:, :, None]
        )
        out = out.reshape(n, 2, GRID + 1, GRID + 1)
        place = out[:, :, CROP + 1 : CROP + 1 + SIDE, CROP + 1 : CROP + 1 + SIDE]
        place = place.transpose(2, 3).reshape(n, PLACES)  # (rot, column, row) as the ids
        pooled = torch.cat([h.mean(dim=(2, 3)), h.amax(dim=(2, 3)), rest], dim=1)
        g = self.head(pooled)
        return torch.cat([place, self.colour(g), torch.relu(self.value(g))], dim=1)


class Take(nn.Module):
    """Columns [start, stop) of the features."""

    def __init__(self, start: int, stop: int) -> None:
        super().__init__()
        self.start, self.stop = start, stop

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x[:, self.start : self.stop]


class BoardPolicy(MaskableActorCriticPolicy):  # type: ignore[misc]
    """MaskablePPO's policy with the logits taken straight from `Board` (no extra layer)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.update(features_extractor_class=Board, net_arch={"pi": [], "vf": []})
        super().__init__(*args, **kwargs)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        self.action_net = Take(0, PLACES + 2)
        self.value_net = nn.Sequential(Take(PLACES + 2, PLACES + 2 + VALUE), nn.Linear(VALUE, 1))
        self.optimizer = self.optimizer_class(
            self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs
        )


class Progress(BaseCallback):  # type: ignore[misc]
    """A line per rollout: steps, games, the recent win share, wall and CPU seconds."""

    def __init__(self, start: float, seconds: float, out: Path) -> None:
        super().__init__()
        self.start = start
        self.seconds = seconds
        self.out = out
        self.results: list[float] = []

    def _on_step(self) -> bool:
        """Counts finished games; stops the training once its wall-time budget is spent."""
        for done, env in zip(self.locals["dones"], self.training_env.envs, strict=True):
            if done:
                self.results.append(1.0 if env.unwrapped.last_won else 0.0)
        return time.perf_counter() - self.start < self.seconds

    def _on_rollout_end(self) -> None:
        recent = self.results[-200:]
        share = sum(recent) / len(recent) if recent else float("nan")
        print(
            f"steps {self.num_timesteps} games {len(self.results)} "
            f"recent wins {share:.1%} wall {time.perf_counter() - self.start:.0f} s "
            f"cpu {cpu_seconds():.0f} s load {os.getloadavg()[0]:.2f}",
            flush=True,
        )
        self.model.save(self.out / "model.zip")  # the latest, should the run be cut short


class Recording(Versus):
    """Versus that remembers whether the last finished game was won (for the progress)."""

    last_won = False

    def step(self, action: int) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        out = super().step(action)
        if out[2] or out[3]:
            self.last_won = self.winner()
        return out


def live_lead(state: State, seat: int) -> float:
    """The seat's lead as the table shows it: finished rounds plus the live round's largest
    areas (0 for the live round before the colours are chosen)."""
    totals = rules.scores(state)
    lead = totals[seat] - totals[1 - seat]
    red_player = state.red_player  # type: ignore[attr-defined]
    if not state.is_terminal() and red_player is not None:
        red, yellow = rules.live_areas(state)  # type: ignore[arg-type]
        lead += (red - yellow) if red_player == seat else (yellow - red)
    return float(lead)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def evaluate(model: MaskablePPO, games: int, first_seed: int) -> tuple[int, int]:
    """Wins of the greedy policy in `games` games against random, the seat alternating."""
    env = Versus("autumn", seed=first_seed, rounds=ROUNDS)
    wins = 0
    for k in range(games):
        obs, _ = env.reset(seed=first_seed + k, options={"seat": k % 2})
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, ended, truncated, _ = env.step(int(action))
            done = ended or truncated
        wins += env.winner()
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=150_000, help="learner decisions")
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--shaping", type=float, default=1.0)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--envs", type=int, default=8, help="games played side by side")
    parser.add_argument("--minutes", type=float, default=27.0, help="training wall budget")
    parser.add_argument("--resume", type=Path, help="a model.zip to train on from")
    parser.add_argument("--eval-seed", type=int, default=1_000_000, help="first evaluation seed")
    parser.add_argument("--out", type=Path, default=Path("learned-autumn"))
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    start = time.perf_counter()
    # scores are a round's largest area (at most 76 cells); a lead of 10 cells pays 0.5 x shaping
    envs = DummyVecEnv(
        [
            partial(
                Recording,
                "autumn",
                shaping=args.shaping,
                scale=20.0,
                seed=args.seed + 100_000 * k,  # disjoint seeds, all below the evaluation's
                potential=live_lead,
                rounds=ROUNDS,
            )
            for k in range(args.envs)
        ]
    )
    model = MaskablePPO.load(args.resume, env=envs) if args.resume else None
    model = model or MaskablePPO(
        BoardPolicy,
        envs,
        n_steps=1024 // args.envs,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-3,
        gamma=0.7,
        gae_lambda=0.8,
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    model.learn(
        args.steps,
        callback=Progress(start, args.minutes * 60, args.out),
        reset_num_timesteps=args.resume is None,
    )
    trained_wall, trained_cpu = time.perf_counter() - start, cpu_seconds()
    model.save(args.out / "model.zip")
    wins, n = evaluate(model, args.games, first_seed=args.eval_seed)
    low, high = wilson(wins, n)
    result = {
        "game": "autumn",
        "players": 2,
        "rounds": ROUNDS,
        "steps": int(model.num_timesteps),
        "resumed_from": str(args.resume) if args.resume else None,
        "evaluation_seeds": [args.eval_seed, args.eval_seed + args.games - 1],
        "evaluation_games": n,
        "wins": wins,
        "win_share": wins / n,
        "wilson_95": [low, high],
        "train_wall_s": round(trained_wall),
        "train_cpu_s": round(trained_cpu),
        "total_wall_s": round(time.perf_counter() - start),
        "total_cpu_s": round(cpu_seconds()),
        "load_1min_at_end": os.getloadavg()[0],
    }
    (args.out / "result.json").write_text(json.dumps(result, indent=2) + "\n")
    print(
        f"against random: {wins}/{n} wins = {wins / n:.1%} (95% Wilson {low:.1%}-{high:.1%}); "
        f"training {trained_wall:.0f} s wall, {trained_cpu:.0f} s CPU"
    )


if __name__ == "__main__":
    main()
