"""Undergrove's end-of-game statistics (see engine/statistics.py): carbon (gained over the
game, from one state to the next, and on the pieces at the end), the trees and seedlings, the
goals and what each scored, and the final scoring by line (§9)."""

from __future__ import annotations

import itertools

from leafpile.engine import GameRecord
from leafpile.engine.game import Game
from leafpile.engine.statistics import Statistics, StatTable, score_curve, states_of
from leafpile.engine.study import ScorePart
from leafpile.games.undergrove.forest import piece_corners
from leafpile.games.undergrove.scoring import goal_points
from leafpile.games.undergrove.scoring import score_parts as lines_of
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.words import goal_texts
from leafpile.i18n import Msg

CARBON = 0  # the resource index of carbon (C, N, P, K)


def score_parts(s: UndergroveState) -> list[ScorePart]:
    """The score by category (`Game.score_parts`, §9): roots, bonus tiles and the end
    space, resources left, and the goals (all goals in play as one category: which goals are
    in play changes from game to game)."""
    n = s.num_players
    lines = [lines_of(s, p) for p in range(n)]
    goals = goal_points(s)
    return [
        ScorePart(Msg("Roots"), tuple(float(lines[p]["roots"]) for p in range(n))),
        ScorePart(
            Msg("Bonus tiles and end space"), tuple(float(lines[p]["bonus"]) for p in range(n))
        ),
        ScorePart(
            Msg("Resources left (1 per 2)"), tuple(float(lines[p]["resources"]) for p in range(n))
        ),
        ScorePart(Msg("Goals"), tuple(float(sum(row[p] for row in goals)) for p in range(n))),
    ]


def statistics(game: Game, record: GameRecord) -> Statistics:
    states = states_of(game, record)
    end = states[-1]
    assert isinstance(end, UndergroveState)
    n = end.num_players
    gained = [0] * n
    for before, after in itertools.pairwise(states):
        assert isinstance(before, UndergroveState) and isinstance(after, UndergroveState)
        for p in range(n):
            gained[p] += max(0, after.res[p][CARBON] - before.res[p][CARBON])
    on_pieces = [sum(end.pcarbon.get(c, 0) for c in piece_corners(end, p)) for p in range(n)]
    carbon = StatTable(Msg("Carbon"))
    carbon.add(Msg("Carbon gained"), gained)
    carbon.add(Msg("Carbon on your pieces at the end"), on_pieces)
    carbon.add(Msg("Carbon left over"), [end.res[p][CARBON] for p in range(n)])

    forest = StatTable(Msg("Trees"))
    forest.add(Msg("Trees"), list(end.trees))
    forest.add(Msg("Seedlings"), list(end.seedlings))

    goals = StatTable(Msg("Goals and scoring"))
    for g, points in zip(end.goals, goal_points(end), strict=True):
        goals.add(goal_texts(g)[0], list(points))
    parts = [lines_of(end, p) for p in range(n)]
    goals.add(Msg("Roots"), [parts[p]["roots"] for p in range(n)])
    goals.add(Msg("Bonus tiles and end space"), [parts[p]["bonus"] for p in range(n)])
    goals.add(Msg("Resources left (1 per 2)"), [parts[p]["resources"] for p in range(n)])
    goals.add(Msg("Total"), [int(v) for v in end.scores()])
    return Statistics([carbon, forest, goals], score_curve(states))
