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

"Decisive" ranks components by the size of that effect.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from leafpile.sim.components import SHARED
from leafpile.sim.runner import GameResult
from leafpile.sim.stats import wilson_interval

#: Components seen in fewer games than this (or, when shared, missing from fewer) are listed
#: but not ranked: their intervals are too wide to say anything.
MIN_GAMES = 20


@dataclass(frozen=True)
class Share:
    """A win share with its 95% Wilson interval, over `n` trials."""

    value: float
    lo: float
    hi: float
    n: int

    @classmethod
    def of(cls, wins: float, n: int) -> Share:
        lo, hi = wilson_interval(wins, n)
        return cls(wins / n if n else 0.0, lo, hi, n)


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
    shown: str = field(default="", compare=False)  # the name readers see (see above)

    @property
    def clear(self) -> bool:
        """The interval of the effect excludes zero."""
        return self.delta_lo > 0 or self.delta_hi < 0


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

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def fair(self) -> float:
        return 1.0 / self.players

    def ranked(self) -> list[Effect]:
        """Effects with enough games, most decisive (largest effect) first."""
        return sorted((e for e in self.effects if e.ranked), key=lambda e: -abs(e.delta))

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out.pop("scores")
        out.pop("margins")
        out.pop("lengths")
        out["mean_length"] = statistics.fmean(self.lengths) if self.lengths else 0.0
        out["mean_scores"] = [statistics.fmean(s) if s else 0.0 for s in self.scores]
        for effect in out["effects"]:
            effect.pop("shown")  # the data keep their English labels only
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
    return analysis


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
                shown=shown[label],
            )
        )
    out.sort(key=lambda e: (e.kind, e.label))
    return out


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def _mean_score(results: Sequence[GameResult]) -> float:
    return _mean([s for r in results for s in r.scores])
