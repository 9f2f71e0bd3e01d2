"""Summaries of many games: win shares with confidence intervals, score spread, length."""

from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass
from typing import Any

from leafpile.sim.runner import GameResult

Z95 = 1.959963984540054


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a win share (shared wins count fractionally)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SeatSummary:
    seat: int
    bot: str
    win_share: float
    ci95: tuple[float, float]
    mean_score: float
    score_sd: float
    min_score: float
    max_score: float


@dataclass
class Summary:
    game: str
    players: int
    games: int
    seats: list[SeatSummary]
    mean_length: float
    draws: int
    first_player_win_share: float | None
    seconds: float
    games_per_second: float

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        for seat in out["seats"]:
            seat["ci95"] = list(seat["ci95"])
        return out


def summarize(game: str, seats: list[str], results: list[GameResult], seconds: float) -> Summary:
    n = len(results)
    players = len(seats)
    rows = []
    for p in range(players):
        wins = sum(1 / len(r.winners) for r in results if p in r.winners)
        scores = [r.scores[p] for r in results]
        rows.append(
            SeatSummary(
                seat=p,
                bot=seats[p],
                win_share=wins / n if n else 0.0,
                ci95=wilson_interval(wins, n),
                mean_score=statistics.fmean(scores) if scores else 0.0,
                score_sd=statistics.pstdev(scores) if len(scores) > 1 else 0.0,
                min_score=min(scores, default=0.0),
                max_score=max(scores, default=0.0),
            )
        )
    first_wins = sum(1 / len(r.winners) for r in results if r.first_player in r.winners)
    return Summary(
        game=game,
        players=players,
        games=n,
        seats=rows,
        mean_length=statistics.fmean(r.length for r in results) if results else 0.0,
        draws=sum(1 for r in results if len(r.winners) > 1),
        first_player_win_share=first_wins / n if n and players > 1 else None,
        seconds=seconds,
        games_per_second=n / seconds if seconds > 0 else 0.0,
    )
