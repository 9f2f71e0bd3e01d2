"""`leafpile.interop.versus.Versus`, the single-agent environment the learning example trains
on (no PyTorch needed): the learner is always to move when it is given an observation, the
opponent plays only legal ids, the end pays `returns()`, and the shaping adds up to the last
potential minus the first (potential-based, so it cannot change who should win)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="needs the research extra")

from leafpile.interop.versus import Versus


def play(env: Versus, seed: int, seat: int | None = None) -> tuple[list[float], object]:
    obs, _ = env.reset(seed=seed, options=None if seat is None else {"seat": seat})
    rng = random.Random(seed)
    rewards = []
    done = False
    while not done:
        assert env.observation_space.contains(obs)
        mask = env.action_masks()
        assert mask.any() and env.aec.agent_selection == env.me  # the learner's turn
        obs, reward, ended, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        rewards.append(reward)
        done = ended or truncated
    return rewards, env.aec.game_state


@pytest.mark.parametrize("game", ["autumn", "momiji", "under-the-leaves"])
def test_a_game_against_random_ends_with_the_returns(game: str) -> None:
    env = Versus(game, seed=1)
    for seed in (3, 4):
        rewards, end = play(env, seed)
        seat = env.aec.possible_agents.index(env.me)
        assert end.is_terminal()  # type: ignore[attr-defined]
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == end.returns()[seat]  # type: ignore[attr-defined]
        assert env.winner() == (end.winners() == [seat])  # type: ignore[attr-defined]
        assert not env.action_masks().any()


def test_the_seat_can_be_chosen() -> None:
    env = Versus("autumn", rounds=1)
    for seat in (0, 1, 1, 0):
        env.reset(seed=9, options={"seat": seat})
        assert env.me == f"player_{seat}"


def test_shaping_adds_up_to_the_last_lead_minus_the_first() -> None:
    scale = 20.0
    env = Versus("momiji", shaping=1.0, scale=scale, seed=2)
    env.reset(seed=11, options={"seat": 1})
    first = env.lead()  # the opponent may have moved already
    rewards, end = play(env, 11, seat=1)
    scores = end.scores()  # type: ignore[attr-defined]
    last = (scores[1] - scores[0]) / scale
    shaping = sum(rewards) - end.returns()[1]  # type: ignore[attr-defined]
    assert shaping == pytest.approx(last - first)
    assert any(r != 0 for r in rewards[:-1])  # it does pay along the way


def test_a_given_potential_is_used() -> None:
    calls = []

    def potential(state, seat):
        calls.append(seat)
        return 1.0 if state.is_terminal() else 0.0

    env = Versus("autumn", shaping=0.5, potential=potential, rounds=1)
    rewards, end = play(env, 5, seat=0)
    assert set(calls) == {0}
    assert sum(rewards) == pytest.approx(0.5 + end.returns()[0])  # type: ignore[attr-defined]
