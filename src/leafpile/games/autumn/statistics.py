"""Autumn's end-of-game statistics (see engine/statistics.py): each round's largest area of
each player's colour and the totals (§5); solo: the sizes of the areas and the challenge's
score. The chart counts the round being played by its live largest areas."""

from __future__ import annotations

from leafpile.engine import GameRecord
from leafpile.engine.game import Game
from leafpile.engine.state import State
from leafpile.engine.statistics import Statistics, StatTable, score_curve, states_of
from leafpile.engine.study import ScorePart
from leafpile.games.autumn.components import RED, YELLOW
from leafpile.games.autumn.rules import live_areas
from leafpile.games.autumn.state import AutumnState, Phase
from leafpile.games.autumn.words import COLOUR_WORDS
from leafpile.i18n import Msg


def score_parts(s: AutumnState) -> list[ScorePart]:
    """The score by category (`Game.score_parts`): each round's largest area of the player's
    colour (§5.2; a round not played yet counts 0); solo: the challenge's score."""
    if s.num_players == 1:
        return [ScorePart(Msg("Score"), tuple(s.scores()))]
    rows = list(s.round_scores) + [[0, 0]] * (s.rounds - len(s.round_scores))
    return [
        ScorePart(Msg("Round {n}", n=n + 1), (float(row[0]), float(row[1])))
        for n, row in enumerate(rows)
    ]


def running(state: State) -> list[float]:
    """Finished rounds plus, during a round whose colours are chosen, the largest area of
    each player's colour on the table now."""
    s = state
    assert isinstance(s, AutumnState)
    if s.num_players == 1:
        return list(s.scores())
    out = [float(sum(r[p] for r in s.round_scores)) for p in range(2)]
    if s.red_player is not None and s.phase != Phase.OVER and len(s.round_scores) == s.round:
        red, yellow = live_areas(s)
        out[s.red_player] += red
        out[1 - s.red_player] += yellow
    return out


def statistics(game: Game, record: GameRecord) -> Statistics:
    states = states_of(game, record)
    end = states[-1]
    assert isinstance(end, AutumnState)
    curve = score_curve(states, running)
    if end.num_players == 1:
        areas = end.solo_areas
        table = StatTable(Msg("Areas at the end"))
        table.add(Msg("Areas"), [len(areas)])
        table.add(Msg("Largest areas"), [", ".join(str(a) for a in areas[:6])])
        table.add(Msg("Score"), [int(end.scores()[0])])
        return Statistics([table], curve)
    rounds = StatTable(Msg("Largest area of your colour, each round"))
    for n, (row, red) in enumerate(zip(end.round_scores, end.round_red, strict=True)):
        cells: list[int | float | str] = [
            Msg(
                "{size} ({colour})",
                size=row[p],
                colour=COLOUR_WORDS[RED if p == red else YELLOW],
            )
            for p in range(2)
        ]
        rounds.add(Msg("Round {n}", n=n + 1), cells)
    totals = [sum(r[p] for r in end.round_scores) for p in range(2)]
    won = [sum(1 for r in end.round_scores if r[p] > r[1 - p]) for p in range(2)]
    best = [max((r[p] for r in end.round_scores), default=0) for p in range(2)]
    summary = StatTable(Msg("Totals"))
    summary.add(Msg("Total"), list(totals))
    summary.add(Msg("Rounds won"), list(won))
    summary.add(Msg("Best round"), list(best))
    return Statistics([rounds, summary], curve)
