"""End-of-game statistics: what a game's players look at once it is over, computed from its
record alone (so every finished game has them, live or replayed). Each game's package has a
`statistics.py` with `statistics(game, record) -> Statistics`: a few small tables, one column
per player, and each player's score after every action (the chart).

The words are `Msg`s, so one computation serves every language (`as_json(stats, lang)`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from leafpile.engine.game import Game
from leafpile.engine.record import GameRecord
from leafpile.engine.state import State
from leafpile.i18n import localize_tree

Cell = int | float | str  # a number, or words (a `Msg`, or a name)
CURVE_POINTS = 300  # at most this many points of the score chart (evenly kept, last always)


@dataclass
class Row:
    label: str  # a `Msg`
    cells: list[Cell]  # one per player


@dataclass
class StatTable:
    title: str  # a `Msg`
    rows: list[Row] = field(default_factory=list)

    def add(self, label: str, cells: Sequence[Cell]) -> StatTable:
        self.rows.append(Row(label, list(cells)))
        return self


@dataclass
class Statistics:
    """A finished game's tables and score curve (`curve[i][p]`: player p's score after `i`
    actions, the first point before any)."""

    tables: list[StatTable]
    curve: list[list[float]]


def states_of(game: Game, record: GameRecord) -> list[State]:
    """The record's states from the start to the end (each its own copy)."""
    return record.states(game)


def score_curve(
    states: list[State], score: Callable[[State], list[float]] | None = None
) -> list[list[float]]:
    """Each player's score along the states (their running `scores()`, or `score`), thinned
    evenly to at most `CURVE_POINTS` points, the last always kept."""
    points = [list(score(s) if score else s.scores()) for s in states]
    if len(points) <= CURVE_POINTS:
        return points
    step = len(points) / (CURVE_POINTS - 1)
    kept = [points[int(i * step)] for i in range(CURVE_POINTS - 1)]
    return [*kept, points[-1]]


def statistics_of(game: Game, record: GameRecord) -> Statistics:
    """The statistics of a game's record, from its package's `statistics` module."""
    module = importlib.import_module(f"{type(game).__module__}.statistics")
    result = module.statistics(game, record)
    assert isinstance(result, Statistics)
    return result


def as_json(stats: Statistics, lang: str) -> dict[str, Any]:
    """The statistics as the pages draw them, words in `lang`."""
    tables = [
        {
            "title": t.title,
            "rows": [{"label": r.label, "cells": list(r.cells)} for r in t.rows],
        }
        for t in stats.tables
    ]
    return {"tables": localize_tree(tables, lang), "curve": stats.curve}
