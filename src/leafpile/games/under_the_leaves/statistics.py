"""Under the Leaves' end-of-game statistics (see engine/statistics.py): each garden's figures
by kind at the end with the majority bonuses and Burly (§8), and the figures by kind at the
thirds of the game, so one sees who built what when."""

from __future__ import annotations

from leafpile.engine import GameRecord
from leafpile.engine.game import Game
from leafpile.engine.statistics import Statistics, StatTable, score_curve, states_of
from leafpile.engine.study import ScorePart
from leafpile.games.under_the_leaves.components import BURLY_POINTS
from leafpile.games.under_the_leaves.scoring import figures, hummingbirds, majority_bonus
from leafpile.games.under_the_leaves.state import OVER, UnderTheLeavesState
from leafpile.i18n import Msg

FAMILIES = (Msg("Leaf dwellers"), Msg("Mushroom dwellers"), Msg("Puddle dwellers"))


def kinds(s: UnderTheLeavesState, p: int) -> list[int]:
    """p's figures by kind: bees, hummingbirds, then the dwellers of each family."""
    return [s.bees[p], hummingbirds(s, p), *s.dwellers[3 * p : 3 * p + 3]]


def score_parts(s: UnderTheLeavesState) -> list[ScorePart]:
    """The score by category (`Game.score_parts`, §8): figures by kind, then the majority
    bonuses and Burly (both counted once the game is over, as `scores()` counts them)."""
    n = s.num_players
    counts = [kinds(s, p) for p in range(n)]
    labels = [Msg("Bees"), Msg("Hummingbirds"), *FAMILIES]
    parts = [
        ScorePart(label, tuple(float(counts[p][k]) for p in range(n)))
        for k, label in enumerate(labels)
    ]
    over = s.phase == OVER
    bonus = majority_bonus(s)
    parts.append(
        ScorePart(Msg("Majority bonuses"), tuple(float(sum(bonus[p]) * over) for p in range(n)))
    )
    burly = tuple(float(BURLY_POINTS if over and s.burly_holder == p else 0) for p in range(n))
    parts.append(ScorePart(Msg("Burly"), burly))
    return parts


def statistics(game: Game, record: GameRecord) -> Statistics:
    states = states_of(game, record)
    end = states[-1]
    assert isinstance(end, UnderTheLeavesState)
    n = end.num_players
    labels = [Msg("Bees"), Msg("Hummingbirds"), *FAMILIES]
    by_kind = StatTable(Msg("Figures by kind"))
    counts = [kinds(end, p) for p in range(n)]
    for k, label in enumerate(labels):
        by_kind.add(label, [counts[p][k] for p in range(n)])
    bonus = majority_bonus(end)
    by_kind.add(Msg("Majority bonuses"), [sum(bonus[p]) for p in range(n)])
    burly = [BURLY_POINTS if end.burly_holder == p else 0 for p in range(n)]
    by_kind.add(Msg("Burly"), burly)
    by_kind.add(Msg("Total"), [int(v) for v in end.scores()])

    over = StatTable(Msg("Figures over the game (bees / hummingbirds / dwellers)"))
    last = len(states) - 1
    for part in (1, 2, 3):
        s = states[last * part // 3]
        assert isinstance(s, UnderTheLeavesState)
        cells: list[int | float | str] = []
        for p in range(n):
            bees, birds, *dwellers = kinds(s, p)
            cells.append(f"{figures(s, p)}: {bees} / {birds} / {sum(dwellers)}")
        over.add(Msg("After action {n} of {total}", n=last * part // 3, total=last), cells)
    return Statistics([by_kind, over], score_curve(states))
