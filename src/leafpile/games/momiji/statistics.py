"""Momiji's end-of-game statistics (see engine/statistics.py): each player's piles, the acorns
gained and spent over the game (from one state to the next), the objectives and what each
scored, and the score by part (§6)."""

from __future__ import annotations

import itertools

from leafpile.engine import GameRecord
from leafpile.engine.game import Game
from leafpile.engine.statistics import Statistics, StatTable, score_curve, states_of
from leafpile.engine.study import ScorePart
from leafpile.games.momiji.components import CARD_VALUE, MAX_VALUE, OBJECTIVES
from leafpile.games.momiji.scoring import (
    OTHER_POINTS,
    OWNER_POINTS,
    metric,
    objective_points,
    pile_points,
)
from leafpile.games.momiji.state import MomijiState
from leafpile.games.momiji.words import objective_words
from leafpile.i18n import Msg


def score_parts(s: MomijiState) -> list[ScorePart]:
    """The score by category (`Game.score_parts`, §6): piles, acorns, active objectives."""
    n = s.num_players
    return [
        ScorePart(Msg("Piles"), tuple(float(pile_points(s.rows[p])) for p in range(n))),
        ScorePart(Msg("Acorns"), tuple(float(a) for a in s.acorns)),
        ScorePart(Msg("Objectives"), tuple(float(v) for v in objective_points(s))),
    ]


def statistics(game: Game, record: GameRecord) -> Statistics:
    states = states_of(game, record)
    end = states[-1]
    assert isinstance(end, MomijiState)
    n = end.num_players
    gained, spent = [0] * n, [0] * n
    for before, after in itertools.pairwise(states):
        assert isinstance(before, MomijiState) and isinstance(after, MomijiState)
        for p in range(n):
            change = after.acorns[p] - before.acorns[p]
            if change > 0:
                gained[p] += change
            else:
                spent[p] -= change
    rows = end.rows
    piles = StatTable(Msg("Piles"))
    piles.add(Msg("Piles made"), [len(rows[p]) for p in range(n)])
    piles.add(Msg("Cards in piles"), [sum(len(pile) for pile in rows[p]) for p in range(n)])
    closed = [sum(1 for pile in rows[p] if CARD_VALUE[pile[-1]] == MAX_VALUE) for p in range(n)]
    piles.add(Msg("Closed piles"), closed)
    piles.add(Msg("Biggest pile"), [max((len(x) for x in rows[p]), default=0) for p in range(n)])
    piles.add(Msg("Points from piles"), [pile_points(rows[p]) for p in range(n)])

    acorns = StatTable(Msg("Acorns"))
    acorns.add(Msg("Gained"), gained)
    acorns.add(Msg("Spent"), spent)
    acorns.add(Msg("At the end (points)"), list(end.acorns))

    objectives = StatTable(Msg("Objectives"))
    for index, owner in zip(end.objectives, end.owners, strict=True):
        values = [metric(end, p, index) for p in range(n)]
        best = max(values)
        cells: list[int | float | str] = []
        for p in range(n):
            points = 0
            if owner >= 0 and best > 0 and values[p] == best:
                points = OWNER_POINTS if p == owner else OTHER_POINTS
            mark = Msg("{points} (owner)", points=points) if p == owner else str(points)
            cells.append(mark)
        objectives.add(objective_words(index), cells)
    objectives.add(Msg("Objectives owned"), [end.owners.count(p) for p in range(n)])
    objectives.add(Msg("Points from objectives"), objective_points(end))
    objectives.add(Msg("Total"), [int(v) for v in end.scores()])
    assert len(OBJECTIVES) > 0
    return Statistics([piles, acorns, objectives], score_curve(states))
