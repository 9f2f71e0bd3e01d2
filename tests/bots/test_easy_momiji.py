"""Momiji's `easy` plays the game (a scripted check): it starts piles and activates objectives,
and scores within reach of `medium`, in 3-player games where it sits in each seat in turn.

Strength is measured by benchmarks/ladder.py; this only checks that the beginner's level is a
beginner at Momiji, not a random player (which fails the same check)."""

from __future__ import annotations

from leafpile.bots import BotSeat, make_bot
from leafpile.engine.match import Match, run_match, seat_rng
from leafpile.games import get_game

MOMIJI = get_game("momiji")
MEDIUM = "medium:iterations=20"


def against_medium(level: str, games: int) -> tuple[list[int], int, float, float]:
    """`level` in one seat of 3-player games against two `medium`s: the piles it started in
    each game, the objectives it activated, its mean score and medium's."""
    piles: list[int] = []
    objectives = 0
    mine: list[float] = []
    theirs: list[float] = []
    for seed in range(games):
        seat = seed % 3
        names = [MEDIUM] * 3
        names[seat] = level
        match = Match.start(MOMIJI, 3, seed=seed)
        bots = [BotSeat(make_bot(s, MOMIJI), seat_rng(seed, p)) for p, s in enumerate(names)]
        run_match(match, bots)
        state = match.state
        piles.append(len(state.rows[seat]))
        objectives += state.owners.count(seat)
        scores = state.scores()
        mine.append(scores[seat])
        theirs.extend(s for p, s in enumerate(scores) if p != seat)
    return piles, objectives, sum(mine) / len(mine), sum(theirs) / len(theirs)


def test_easy_starts_piles_takes_objectives_and_scores_near_medium():
    piles, objectives, easy, medium = against_medium("easy", 6)
    assert min(piles) >= 2, piles
    assert objectives >= 3, "easy hardly ever activates an objective"
    assert easy >= 0.6 * medium, (easy, medium)


def test_random_play_fails_that_check():
    """The check can fail: a random player in easy's seat scores far below medium."""
    _, _, score, medium = against_medium("random", 3)
    assert score < 0.6 * medium, (score, medium)
