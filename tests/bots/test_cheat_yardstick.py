"""The benchmark's `cheat` bot searches the true state; no game or seat list offers it."""

from __future__ import annotations

import pytest

from leafpile.bots import BOTS, make_bot
from leafpile.engine import LeafpileError
from leafpile.engine.match import Match, run_match
from leafpile.games import get_game
from tests.benchmark_modules import load_benchmark


def test_cheat_is_not_a_seat_anywhere():
    assert "cheat" not in BOTS
    with pytest.raises(LeafpileError):
        make_bot("cheat")


def test_cheat_searches_the_true_state_with_hards_settings(monkeypatch):
    bench = load_benchmark("bots")
    game = get_game("momiji")
    cheat = bench.bench_bot("cheat:iterations=30", game)
    hard = make_bot("hard:iterations=30", game)
    assert isinstance(cheat, bench.CheatBot)
    assert (cheat.iterations, cheat.rollout_depth, cheat.c) == (30, hard.rollout_depth, hard.c)
    match = Match.start(game, 2, seed=3)
    seat = bench.CheatSeat(cheat, bench.seat_rng(3, 0))
    seat.match = match
    searched = []
    sample = bench.CheatBot.sample

    def spy(self, game, view, me, rng):
        state = sample(self, game, view, me, rng)
        searched.append((state.redacted, state.to_dict() == match.state.to_dict()))
        return state

    monkeypatch.setattr(bench.CheatBot, "sample", spy)
    other = bench.CountingSeat(make_bot("random"), bench.seat_rng(3, 1))
    decisions = 0

    def stop_after_a_few(_state, _player, _action):
        nonlocal decisions
        decisions += 1
        if decisions >= 12:
            raise StopIteration

    with pytest.raises(StopIteration):
        run_match(match, [seat, other], stop_after_a_few)
    assert searched and all(s == (False, True) for s in searched)
