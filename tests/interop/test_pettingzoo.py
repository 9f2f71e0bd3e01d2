"""The PettingZoo adapter: PettingZoo's api_test, seed_test, render_test and bombardment_test
for every game and player count (bounded), both observation forms, truncation, seeding, masks,
clear errors and the rendering."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="needs the research extra")

from pettingzoo.test import api_test, bombardment_test, render_test, seed_test
from pettingzoo.utils.wrappers import BaseWrapper

from leafpile.games import GAMES
from leafpile.interop.pettingzoo import env, raw_env

CASES = [
    (name, players)
    for name, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
]
IDS = [f"{n}-{p}p" for n, p in CASES]
#: Steps per test: enough for whole games of the small games and part of Undergrove's (whose
#: 1.6-million-id mask makes each of PettingZoo's checks cost milliseconds).
CYCLES = {"autumn": 300, "momiji": 300, "under-the-leaves": 200, "undergrove": 60}


class StepReturnsObservation(BaseWrapper):  # type: ignore[misc]
    """bombardment_test checks what `step` returns against the observation space, while
    api_test requires `step` to return None (PettingZoo 1.27): this test-only wrapper hands
    bombardment_test the observation that follows each step, so it checks real observations."""

    def step(self, action):
        super().step(action)
        return self.observe(self.agent_selection) if self.agents else None


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_api_seed_render_and_bombardment_tests(name, players):
    cycles = CYCLES[name]
    with warnings.catch_warnings():
        # api_test warns that a dict observation (tensor + action mask, the layout of
        # PettingZoo's own classic games) is "not a NumPy array"; that is by design here.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message=".*all zeros")
        api_test(env(name, players, render_mode="ansi"), num_cycles=cycles)
        api_test(env(name, players, observation="box"), num_cycles=cycles // 3)
        seed_test(lambda: env(name, players, max_cycles=cycles), num_cycles=cycles)
        render_test(lambda render_mode=None: env(name, players, render_mode=render_mode))
        bombardment_test(StepReturnsObservation(random_actions(name, players)), cycles=3)


def random_actions(name: str, players: int):
    """The Box form, where bombardment_test plays random ids: an illegal one loses."""
    return env(name, players, observation="box", illegal="lose")


def test_the_bombardment_wrapper_is_needed_and_checks_observations():
    """Without it bombardment_test fails on any game of two or more agents (`step` returns
    None); with it, an observation outside the space is caught."""
    with pytest.raises(AssertionError, match="outside of its observation space"):
        bombardment_test(random_actions("momiji", 2), cycles=1)
    broken = random_actions("momiji", 2)
    broken.unwrapped.observe = lambda agent: np.full(3, -1.0, np.float32)
    with pytest.raises(AssertionError, match="outside of its observation space"):
        bombardment_test(StepReturnsObservation(broken), cycles=1)


def test_reset_seed_deals_that_leafpile_seed_then_the_next():
    e = raw_env("under-the-leaves", 3)
    e.reset(seed=12)
    assert e.game_state.to_dict() == GAMES["under-the-leaves"].new_state(3, seed=12).to_dict()
    e.reset()
    assert e.game_state.seed == 13


def test_observation_is_the_agents_tensor_and_the_mask_its_legal_ids():
    e = raw_env("momiji", 2)
    e.reset(seed=4)
    agent = e.agent_selection
    player = e.possible_agents.index(agent)
    obs = e.observe(agent)
    expected = GAMES["momiji"].observation_tensor(e.game_state, player)
    assert obs["observation"].dtype == np.float32
    assert np.array_equal(obs["observation"], np.asarray(expected, np.float32))
    legal = e.game_state.legal_actions()
    vocabulary = e.game.action_vocabulary(2)
    assert obs["action_mask"].shape == (vocabulary.size,)
    assert list(np.flatnonzero(obs["action_mask"])) == sorted(vocabulary.ids(legal))
    other = e.possible_agents[1 - player]
    assert e.observe(other)["action_mask"].sum() == 0
    for action in legal:
        assert e.action_notation(e.action_id(str(action))) == str(action)


def test_the_box_form_puts_the_mask_in_the_info():
    e = raw_env("autumn", 2, observation="box")
    e.reset(seed=3)
    agent = e.agent_selection
    obs = e.observe(agent)
    assert isinstance(obs, np.ndarray) and e.observation_space(agent).contains(obs)
    mask = e.infos[agent]["action_mask"]
    assert mask.sum() == len(e.game_state.legal_actions())
    e.step(int(np.flatnonzero(mask)[0]))
    assert e.infos[e.agent_selection]["action_mask"].sum() > 0


def test_truncation_after_max_cycles_steps():
    e = raw_env("undergrove", 2, max_cycles=5)
    e.reset(seed=1)
    for _ in range(5):
        assert not any(e.truncations.values())
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.observe(e.agent_selection)["action_mask"].sum() == 0
    assert raw_env("undergrove", 2).max_cycles == GAMES["undergrove"].info.max_length


def test_bad_input_gets_clear_errors():
    with pytest.raises(ValueError, match="1-2 players"):
        raw_env("autumn", 4)
    with pytest.raises(ValueError, match="unknown game"):
        raw_env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("autumn", render_mode="rgb_array")
    with pytest.raises(ValueError, match="observation must be"):
        raw_env("autumn", observation="graph")
    with pytest.raises(ValueError, match="max_cycles"):
        raw_env("autumn", max_cycles=0)
    with pytest.raises(ValueError, match="illegal must be"):
        env("autumn", illegal="ignore")
    e = raw_env("autumn", 2)
    e.reset(seed=1)
    with pytest.raises(ValueError, match="not legal now"):
        e.step(10_000)


def test_render_shows_the_table_as_a_spectator_sees_it(capsys):
    e = raw_env("momiji", 2, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and text.strip()
    assert raw_env("momiji", 2).render() is None
    human = raw_env("momiji", 2, render_mode="human")
    human.reset(seed=2)
    assert human.render() is None
    assert capsys.readouterr().out.strip()
