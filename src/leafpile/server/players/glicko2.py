"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), per game.

A rating carries its own uncertainty (the deviation) and how erratic the player is (the
volatility), so a newcomer's first games move it a lot and a regular's little. A game of 2-4
players counts, for each player, as one result against every other player of the table (1 for
finishing ahead, 1/2 for a tie, 0 behind), all in one rating period: the usual way to rate
multi-player games with a two-player system. People and bot levels are rated alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko-2's scale factor between the displayed scale and its internal one.
SCALE = 173.7178
#: The system constant: how much volatility may change in one period (Glickman: 0.3-1.2).
TAU = 0.5
#: Convergence tolerance of the volatility iteration (Glickman's value).
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A player's rating on the displayed scale (1500 for a newcomer)."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the player's strength."""
        return self.rating - 1.96 * self.deviation, self.rating + 1.96 * self.deviation


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: solve for the new volatility (the Illinois algorithm)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):  # converges in a handful of steps; bounded all the same
        if abs(big_b - big_a) <= EPSILON:
            break
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one period with `results`: (opponent, score 0, 1/2 or 1)."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:  # Step 6 alone: an idle period only makes the rating less certain
        return Rating(player.rating, min(350.0, math.hypot(phi, sigma) * SCALE), sigma)
    inv_v = 0.0
    gain = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - 1500.0) / SCALE
        phi_j = opponent.deviation / SCALE
        e = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        inv_v += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / inv_v
    delta = v * gain
    sigma_new = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(1500.0 + SCALE * mu_new, SCALE * phi_new, sigma_new)


def rate_table(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """New ratings of every player of one finished game; `places[i]` is player i's place
    (0 first; equal places are a tie), from the game's own scores and tie-breaks."""
    if len(ratings) != len(places) or len(ratings) < 2:
        raise ValueError("a rated game needs a place for each of at least two players")
    out = []
    for i, me in enumerate(ratings):
        results = []
        for j, other in enumerate(ratings):
            if i != j:
                score = 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
                results.append((other, score))
        out.append(update(me, results))
    return out
