"""The PettingZoo adapter: PettingZoo's api_test and seed_test for every game and player
count, seeding, masks, clear errors and the text rendering."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="needs the research extra")

from pettingzoo.test import api_test, seed_test

from leafpile.games import GAMES
from leafpile.interop.common import hashed_features, view_dict
from leafpile.interop.pettingzoo import env, raw_env

CASES = [
    (name, players)
    for name, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
]
IDS = [f"{n}-{p}p" for n, p in CASES]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(name, players):
    with warnings.catch_warnings():
        # api_test warns that a dict observation (tensor + action mask, the layout of
        # PettingZoo's own classic games) is "not a NumPy array"; that is by design here.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        api_test(env(name, players, render_mode="ansi"), num_cycles=1000)
        seed_test(lambda: env(name, players), num_cycles=1000)


def test_reset_seed_deals_that_leafpile_seed_then_the_next():
    e = raw_env("under-the-leaves", 3)
    e.reset(seed=12)
    assert e.game_state.to_dict() == GAMES["under-the-leaves"].new_state(3, seed=12).to_dict()
    e.reset()
    assert e.game_state.seed == 13


def test_observation_is_the_agents_view_and_the_mask_its_legal_ids():
    e = raw_env("momiji", 2)
    e.reset(seed=4)
    agent = e.agent_selection
    player = e.possible_agents.index(agent)
    obs = e.observe(agent)
    expected = np.zeros_like(obs["observation"])
    np.add.at(expected, hashed_features(view_dict(e.game, e.game_state, player)), 1.0)
    assert np.array_equal(obs["observation"], expected)
    legal = e.game_state.legal_actions()
    vocabulary = e.game.action_vocabulary(2)
    assert obs["action_mask"].shape == (vocabulary.size,)
    assert list(np.flatnonzero(obs["action_mask"])) == sorted(vocabulary.ids(legal))
    other = e.possible_agents[1 - player]
    assert e.observe(other)["action_mask"].sum() == 0
    for action in legal:
        assert e.action_notation(e.action_id(str(action))) == str(action)


def test_bad_input_gets_clear_errors():
    with pytest.raises(ValueError, match="1-2 players"):
        raw_env("autumn", 4)
    with pytest.raises(ValueError, match="unknown game"):
        raw_env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("autumn", render_mode="human")
    e = raw_env("autumn", 2)
    e.reset(seed=1)
    with pytest.raises(ValueError, match="not legal now"):
        e.step(10_000)


def test_render_shows_the_table_as_a_spectator_sees_it():
    e = raw_env("momiji", 2, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and text.strip()
    assert raw_env("momiji", 2).render() is None
