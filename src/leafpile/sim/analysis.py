"""Balance numbers from many games: seat and turn-order advantage, scores, lengths, and the
effect of each component or option on who wins.

Every share comes with a 95% interval, so a reader can tell a real imbalance from noise.
Effects are measured two ways, because components come in two kinds:

* a component **someone holds** (a Momiji landscape tile): the holder's win share against the
  fair share 1/players. +8 points means its holders win 8 points more often than fair.
* a component **everyone shares** (a dweller card, a goal, a varied option): everyone faces it,
  so it cannot favour a seat; what it can change is the one asymmetry between identical
  seats, the first player's win share (the solo win rate in a one-player game). The effect is
  that share in games with the component minus the share in games without it (Newcombe's
  interval for a difference of two proportions).

The two are different measures, so components are ranked within one measure only
(`ranked(held=...)`). Testing 12-27 components at once, some intervals would exclude zero by
chance alone, so the ranked components of one report are one family corrected with **Holm's
method** (step-down Bonferroni; family-wise error 5%): each effect has a p-value (an exact test:
binomial for the holders' share against the fair share, Fisher's for two shares), Holm's adjusted
p-value, and an interval at the level Holm tests it at (1 - 0.05 / (m - k + 1) for the k-th
smallest of m p-values). An effect is *clear* when its adjusted p-value is below 5%.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from statistics import NormalDist
from typing import Any

from leafpile.sim.components import SHARED
from leafpile.sim.runner import GameResult
from leafpile.sim.stats import wilson_interval

#: Components seen in fewer games than this (or, when shared, missing from fewer) are listed
#: but not ranked: their intervals are too wide to say anything.
MIN_GAMES = 20
#: The family-wise error rate of a report's "clear" effects (Holm's method).
ALPHA = 0.05
_NORMAL = NormalDist()


@dataclass(frozen=True)
class Share:
    """A win share with its 95% Wilson interval, over `n` trials."""

    value: float
    lo: float
    hi: float
    n: int

    @classmethod
    def of(cls, wins: float, n: int, z: float | None = None) -> Share:
        lo, hi = wilson_interval(wins, n) if z is None else wilson_interval(wins, n, z)
        return cls(wins / n if n else 0.0, lo, hi, n)

    @property
    def wins(self) -> float:
        return self.value * self.n


@dataclass(frozen=True)
class Effect:
    """How one component or option moved the win share (see the module docstring). `label`
    (English, from the game's data) is its key in `summary.json`; `shown` is its name as the
    game words it (a `Msg`, localized by the report), and is left out of `summary.json`."""

    label: str
    kind: str
    held: bool  # True: measured on its holders; False: shared, with against without
    games: int  # games in which it was in play
    share: Share  # the measured win share while in play
    baseline: float  # fair share (held) or the share without it (shared)
    delta: float  # share - baseline
    delta_lo: float
    delta_hi: float
    score_delta: float  # mean score of holders minus the others' / with minus without
    ranked: bool  # enough games to rank it
    p_value: float = 1.0  # of "no effect", before the correction
    p_holm: float = 1.0  # Holm's adjusted p-value across the report's ranked effects
    level: float = 0.95  # confidence of [delta_lo, delta_hi] (Holm's level for this effect)
    shown: str = field(default="", compare=False)  # the name readers see (see above)
    #: The games without it (a shared component), for recomputing its interval.
    without: Share | None = field(default=None, compare=False, repr=False)

    @property
    def clear(self) -> bool:
        """Ranked, and its effect is not zero after Holm's correction (family-wise 5%)."""
        return self.ranked and self.p_holm < ALPHA


@dataclass
class Analysis:
    game: str
    title: str
    players: int
    seats: list[str]
    games: int
    seed: int
    options: dict[str, Any]
    varied: dict[str, list[Any]]
    seat_shares: list[Share]
    turn_shares: list[Share]  # by position in turn order: first player, second, ...
    draws: int
    scores: list[list[float]]  # per seat
    margins: list[float]  # winner's score minus the best other score
    lengths: list[int]
    effects: list[Effect] = field(default_factory=list)
    #: The game's scoring categories (`Game.score_parts`; `Msg`s, English in the data) and
    #: each seat's mean points in each: `category_means[c][seat]`.
    categories: list[str] = field(default_factory=list)
    category_means: list[list[float]] = field(default_factory=list)

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def fair(self) -> float:
        return 1.0 / self.players

    def ranked(self, held: bool) -> list[Effect]:
        """Effects of one measure (held: on their holders; else shared: with against without)
        with enough games, most decisive (largest effect) first. The two measures are never
        ranked together: a point of one is not a point of the other."""
        chosen = (e for e in self.effects if e.ranked and e.held == held)
        return sorted(chosen, key=lambda e: -abs(e.delta))

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out.pop("scores")
        out.pop("margins")
        out.pop("lengths")
        out["mean_length"] = statistics.fmean(self.lengths) if self.lengths else 0.0
        out["mean_scores"] = [statistics.fmean(s) if s else 0.0 for s in self.scores]
        means = [statistics.fmean(game) for game in zip(*self.scores, strict=True)]
        spread = len(set(means)) > 1 and len(set(self.lengths)) > 1
        out["length_score_correlation"] = (
            statistics.correlation([float(n) for n in self.lengths], means) if spread else None
        )
        for effect in out["effects"]:
            effect.pop("shown")  # the data keep their English labels only
            effect.pop("without")
        out["correction"] = "holm"
        out.pop("categories")
        out.pop("category_means")
        out["score_by_category"] = {
            str(label): means
            for label, means in zip(self.categories, self.category_means, strict=True)
        }
        return out


def _wins(result: GameResult, player: int) -> float:
    """1 for a sole winner, 1/k for a k-way draw, 0 otherwise."""
    return 1.0 / len(result.winners) if player in result.winners else 0.0


def difference_interval(a: Share, b: Share) -> tuple[float, float]:
    """95% interval of a.value - b.value (Newcombe's hybrid score method): the two Wilson
    intervals combined, which behaves well near 0 and 1 where the normal one does not."""
    d = a.value - b.value
    lo = d - math.sqrt((a.value - a.lo) ** 2 + (b.hi - b.value) ** 2)
    hi = d + math.sqrt((a.hi - a.value) ** 2 + (b.value - b.lo) ** 2)
    return lo, hi


def _reference(result: GameResult, solo: bool) -> float:
    """The share a shared component is measured on: the first player's (the player's own in
    a solo game)."""
    return _wins(result, 0 if solo else result.first_player)


def analyze(
    game: str,
    title: str,
    seats: Sequence[str],
    results: Sequence[GameResult],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    varied: Mapping[str, Sequence[Any]] | None = None,
) -> Analysis:
    """The balance numbers of `results` (games of `game` between `seats`)."""
    if not results:
        raise ValueError("an analysis needs at least one game")
    players = len(seats)
    n = len(results)
    seat_shares = [Share.of(sum(_wins(r, p) for r in results), n) for p in range(players)]
    turn_shares = [
        Share.of(sum(_wins(r, (r.first_player + k) % players) for r in results), n)
        for k in range(players)
    ]
    margins = []
    for r in results:
        if r.winners and players > 1:
            best = max(r.scores[w] for w in r.winners)
            others = [s for p, s in enumerate(r.scores) if p not in r.winners]
            margins.append(best - max(others) if others else 0.0)
    analysis = Analysis(
        game=game,
        title=title,
        players=players,
        seats=list(seats),
        games=n,
        seed=seed,
        options=dict(options or {}),
        varied={k: list(v) for k, v in (varied or {}).items()},
        seat_shares=seat_shares,
        turn_shares=turn_shares,
        draws=sum(1 for r in results if len(r.winners) > 1),
        scores=[[r.scores[p] for r in results] for p in range(players)],
        margins=margins,
        lengths=[r.length for r in results],
    )
    analysis.effects = _effects(results, players)
    analysis.categories, analysis.category_means = _categories(results, players)
    return analysis


def _categories(results: Sequence[GameResult], players: int) -> tuple[list[str], list[list[float]]]:
    """The scoring categories in the order the game gives them, and each seat's mean points
    in each over all games (a category a game does not list counts 0 in it)."""
    labels: dict[str, str] = {}  # English -> the Msg
    totals: dict[str, list[float]] = {}
    for r in results:
        for part in r.parts:
            key = str(part.label)
            labels.setdefault(key, part.label)
            row = totals.setdefault(key, [0.0] * players)
            for p, value in enumerate(part.points[:players]):
                row[p] += value
    n = len(results)
    return list(labels.values()), [[v / n for v in totals[k]] for k in labels]


def _effects(results: Sequence[GameResult], players: int) -> list[Effect]:
    solo = players == 1
    held: dict[str, list[tuple[GameResult, int]]] = defaultdict(list)
    shared: dict[str, set[int]] = defaultdict(set)  # label -> indices of games
    kinds: dict[str, str] = {}
    shown: dict[str, str] = {}
    for i, r in enumerate(results):
        for c in r.components:
            kinds[c.label] = c.kind
            shown[c.label] = c.display
            if c.holder == SHARED:
                shared[c.label].add(i)
            else:
                held[c.label].append((r, c.holder))
    out = []
    fair = 1.0 / players
    for label, pairs in held.items():
        share = Share.of(sum(_wins(r, p) for r, p in pairs), len(pairs))
        own = [r.scores[p] for r, p in pairs]
        rest = [s for r, p in pairs for q, s in enumerate(r.scores) if q != p]
        out.append(
            Effect(
                label=label,
                kind=kinds[label],
                held=True,
                games=len(pairs),
                share=share,
                baseline=fair,
                delta=share.value - fair,
                delta_lo=share.lo - fair,
                delta_hi=share.hi - fair,
                score_delta=_mean(own) - _mean(rest),
                ranked=len(pairs) >= MIN_GAMES,
                p_value=_p_held(share, fair),
                shown=shown[label],
            )
        )
    for label, games in shared.items():
        with_ = [results[i] for i in sorted(games)]
        without = [r for i, r in enumerate(results) if i not in games]
        a = Share.of(sum(_reference(r, solo) for r in with_), len(with_))
        b = Share.of(sum(_reference(r, solo) for r in without), len(without))
        lo, hi = difference_interval(a, b) if without else (-1.0, 1.0)
        out.append(
            Effect(
                label=label,
                kind=kinds[label],
                held=False,
                games=len(with_),
                share=a,
                baseline=b.value,
                delta=a.value - b.value if without else 0.0,
                delta_lo=lo,
                delta_hi=hi,
                score_delta=_mean_score(with_) - _mean_score(without) if without else 0.0,
                ranked=len(with_) >= MIN_GAMES and len(without) >= MIN_GAMES,
                p_value=_p_shared(a, b) if without else 1.0,
                shown=shown[label],
                without=b if without else None,
            )
        )
    out = holm(out, fair)
    out.sort(key=lambda e: (e.kind, e.label))
    return out


def _p_held(share: Share, fair: float) -> float:
    """Two-sided exact binomial p-value of "the holders win the fair share" (probabilities
    no larger than the observed one added up; a shared win counts as its rounded total)."""
    n = share.n
    if n == 0 or not 0 < fair < 1:
        return 1.0
    k = round(share.wins)
    logs = [_log_binomial(n, i, fair) for i in range(n + 1)]
    return _two_sided(logs, logs[k])


def _p_shared(a: Share, b: Share) -> float:
    """Two-sided Fisher exact p-value of "the share is the same with and without"."""
    wins_a, wins_b = round(a.wins), round(b.wins)
    wins = wins_a + wins_b
    low, high = max(0, wins - b.n), min(wins, a.n)
    logs = [_log_hypergeometric(x, a.n, b.n, wins) for x in range(low, high + 1)]
    return _two_sided(logs, _log_hypergeometric(wins_a, a.n, b.n, wins))


def _two_sided(logs: list[float], observed: float) -> float:
    """The total probability of the outcomes no likelier than the observed one."""
    top = max(logs)
    edge = observed + 1e-7 * abs(observed) + 1e-12  # ties in floating point count as equal
    total = sum(math.exp(v - top) for v in logs)
    tail = sum(math.exp(v - top) for v in logs if v <= edge)
    return min(1.0, tail / total)


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def _log_binomial(n: int, k: int, p: float) -> float:
    return _log_choose(n, k) + k * math.log(p) + (n - k) * math.log(1 - p)


def _log_hypergeometric(x: int, n_a: int, n_b: int, wins: int) -> float:
    return _log_choose(n_a, x) + _log_choose(n_b, wins - x) - _log_choose(n_a + n_b, wins)


def holm(effects: list[Effect], fair: float) -> list[Effect]:
    """The effects with Holm's adjusted p-values and intervals at Holm's level, over the
    ranked ones (one family per report; unranked effects keep 95% intervals, never clear)."""
    family = sorted((e for e in effects if e.ranked), key=lambda e: e.p_value)
    m = len(family)
    adjusted: dict[str, tuple[float, float]] = {}
    running = 0.0
    for k, e in enumerate(family):
        running = max(running, min(1.0, (m - k) * e.p_value))
        adjusted[e.label] = (running, 1 - ALPHA / (m - k))
    out = []
    for e in effects:
        if e.label not in adjusted:
            out.append(e)
            continue
        p_holm, level = adjusted[e.label]
        z = _NORMAL.inv_cdf(1 - (1 - level) / 2)
        share = Share.of(e.share.wins, e.share.n, z)
        if e.held:
            lo, hi = share.lo - fair, share.hi - fair
        else:
            assert e.without is not None
            lo, hi = difference_interval(share, Share.of(e.without.wins, e.without.n, z))
        out.append(replace(e, share=share, delta_lo=lo, delta_hi=hi, p_holm=p_holm, level=level))
    return out


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def _mean_score(results: Sequence[GameResult]) -> float:
    return _mean([s for r in results for s in r.scores])
