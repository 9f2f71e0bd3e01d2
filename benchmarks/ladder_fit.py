"""Bradley-Terry ratings of a ladder's results, on the Elo scale, with bootstrap intervals.

A game between several players is counted as every pair of its seats: for two seats, the one
with the higher return wins that pair, equal returns are a draw (half a win each). The model
says player i beats j with probability 1 / (1 + 10 ** ((r_j - r_i) / 400)); the ratings are
its maximum-likelihood fit by Zermelo's iteration (the minorize-maximize of Hunter 2004).

A level that wins every game it plays has no finite maximum-likelihood rating, so every pair
that met gets `prior` virtual drawn games (one by default): the fit stays finite and a short
run's ratings are pulled a little towards each other, never apart.

The 95% intervals come from a bootstrap over deals: a deal (one seed, played in each of its
seat arrangements) is the unit of luck, so whole deals are resampled with replacement within
each table of levels, the fit is redone, and the 2.5% and 97.5% quantiles of each rating are
reported. The anchor (`random` in the ladder) is 0 by definition, so its interval is [0, 0].
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

#: Elo points per factor of 10 in the odds.
ELO = 400.0


@dataclass(frozen=True)
class Game:
    """One finished game: the level in each seat and each seat's return."""

    deal: str  # the key of its deal: games with the same key share their luck
    seats: tuple[str, ...]
    returns: tuple[float, ...]


def pair_results(games: Sequence[Game]) -> list[tuple[str, str, float]]:
    """(a, b, a's share) for every pair of seats of every game (1 win, 0.5 draw, 0 loss)."""
    out = []
    for g in games:
        n = len(g.seats)
        for i in range(n):
            for j in range(i + 1, n):
                if g.seats[i] == g.seats[j]:
                    continue  # a level against itself tells nothing of its rating
                ri, rj = g.returns[i], g.returns[j]
                share = 1.0 if ri > rj else 0.0 if ri < rj else 0.5
                out.append((g.seats[i], g.seats[j], share))
    return out


def fit(
    games: Sequence[Game],
    players: Sequence[str],
    anchor: str,
    prior: float = 1.0,
    tolerance: float = 1e-10,
    steps: int = 10_000,
) -> dict[str, float]:
    """Bradley-Terry ratings (Elo scale) of `players` from `games`, `anchor` at 0.

    A player that met no one gets the anchor's rating (nothing is known of it); players not
    connected to the anchor through games are rated by the fit of their own group, which only
    the prior ties to the anchor, so read such a table with care.
    """
    index = {p: k for k, p in enumerate(players)}
    n = len(players)
    wins = np.zeros((n, n))  # wins[i, j]: i's share against j, summed
    for a, b, share in pair_results(games):
        i, j = index[a], index[b]
        wins[i, j] += share
        wins[j, i] += 1.0 - share
    met = (wins + wins.T) > 0
    wins = wins + np.where(met, prior / 2.0, 0.0)
    games_ij = wins + wins.T
    total = wins.sum(axis=1)
    strength = np.ones(n)
    active = total > 0
    for _ in range(steps):
        denom = (games_ij / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(active, total / np.where(denom > 0, denom, 1.0), 1.0)
        new = new / math.exp(np.log(new[active]).mean()) if active.any() else new
        done = np.max(np.abs(np.log(new) - np.log(strength))) < tolerance
        strength = new
        if done:
            break
    ratings = ELO * np.log10(strength)
    ratings = ratings - ratings[index[anchor]]
    return {p: (float(ratings[index[p]]) if active[index[p]] else 0.0) for p in players}


def bootstrap(
    games: Sequence[Game],
    players: Sequence[str],
    anchor: str,
    rounds: int = 200,
    seed: int = 0,
    prior: float = 1.0,
) -> dict[str, tuple[float, float]]:
    """95% intervals of each rating: deals resampled with replacement within each table."""
    by_table: dict[tuple[str, ...], dict[str, list[Game]]] = {}
    for g in games:
        by_table.setdefault(tuple(sorted(g.seats)), {}).setdefault(g.deal, []).append(g)
    rng = np.random.default_rng(seed)
    samples: dict[str, list[float]] = {p: [] for p in players}
    for _ in range(rounds):
        drawn: list[Game] = []
        for deals in by_table.values():
            keys = list(deals)
            for k in rng.integers(0, len(keys), size=len(keys)):
                drawn.extend(deals[keys[k]])
        for p, r in fit(drawn, players, anchor, prior).items():
            samples[p].append(r)
    return {
        p: (float(np.quantile(v, 0.025)), float(np.quantile(v, 0.975))) for p, v in samples.items()
    }


def expected_share(rating_a: float, rating_b: float) -> float:
    """The model's share for a against b."""
    return 1.0 / (1.0 + 10.0 ** ((rating_b - rating_a) / ELO))
