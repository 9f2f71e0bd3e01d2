"""The OpenSpiel adapter: OpenSpiel's own random-simulation checks (with serialization and
cloning) for every game and player count, action ids, information states that hide what they
must, and OpenSpiel's MCTSBot and ISMCTSBot playing whole games through it."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the research extra")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from leafpile.games import GAMES  # noqa: E402
from leafpile.interop import openspiel as lo  # noqa: E402
from leafpile.interop.common import canonical_json  # noqa: E402

CASES = [
    (name, players)
    for name, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
]
IDS = [f"{n}-{p}p" for n, p in CASES]


def dealt(name: str, players: int, seed: int = 3, **options):
    game = lo.load(name, players=players, **options)
    state = game.new_initial_state()
    state.deal(seed)
    return game, state


def advance(state, steps: int, seed: int = 0):
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_openspiel_random_simulations_with_serialization(name, players):
    game = pyspiel.load_game(lo.short_name(name), {"players": players})
    assert game.num_players() == players
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == GAMES[name].action_vocabulary(players).size
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("autumn", {"players": 1, "challenge": "two"}),
        ("autumn", {"players": 2, "rounds": 1}),
        ("momiji", {"players": 3, "landscapes": "draft"}),
        ("under-the-leaves", {"players": 2, "burly": True}),
    ],
)
def test_options_are_game_parameters(name, params):
    game = pyspiel.load_game(lo.short_name(name), params)
    option = next(k for k in params if k != "players")
    assert game.options[option] == params[option]
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_solo_autumn_is_general_sum_in_zero_one():
    game = lo.load("autumn", players=1)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert lo.load("autumn").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_bad_parameters_are_refused_clearly():
    with pytest.raises(Exception, match="1-2 players"):
        lo.load("autumn", players=3)
    with pytest.raises(Exception, match="rounds"):
        lo.load("autumn", players=2, rounds=7)
    with pytest.raises(Exception, match="challenge"):
        lo.load("autumn", players=2, challenge="two")


def test_the_opening_chance_nodes_deal_leafpile_seed_k_digit_by_digit():
    game = lo.load("momiji", players=3)
    assert game.max_chance_outcomes() == lo.RADIX and lo.SEEDS == lo.RADIX**2
    state = game.new_initial_state()
    for digit in (1, 42):  # seed 1 * 256 + 42
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(lo.RADIX))
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, digit) == f"seed digit {digit}"
        state.apply_action(digit)
    native = GAMES["momiji"].new_state(3, seed=298)
    assert state.leafpile_state.to_dict() == native.to_dict()
    assert state.information_state_string(0) != state.information_state_string(1)
    again = game.new_initial_state()
    again.deal(298)
    assert str(again) == str(state)


def test_every_seed_is_equally_likely_when_seeds_is_no_power_of_the_radix():
    """300 seeds: the first digit is 0 with 256/300, 1 with 44/300; then uniform in its range."""
    game = lo.load("autumn", players=2, seeds=300)
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    assert first == pytest.approx({0: 256 / 300, 1: 44 / 300})
    state.apply_action(1)
    second = state.chance_outcomes()
    assert [a for a, _ in second] == list(range(44))
    assert all(p == pytest.approx(1 / 44) for _, p in second)
    with pytest.raises(ValueError, match="not a seed digit"):
        state.apply_action(44)
    state.apply_action(43)
    assert state.leafpile_state.seed == 299


@pytest.mark.parametrize("name", sorted(GAMES))
def test_action_ids_are_the_games_vocabulary_stable_and_round_trip(name):
    game, state = dealt(name, 2)
    advance(state, 7)
    vocabulary = GAMES[name].action_vocabulary(2)
    ids = state.legal_actions()
    native = state.leafpile_state.legal_actions()
    assert ids == sorted(vocabulary.ids(native))
    notations = [state.action_to_string(state.current_player(), a) for a in ids]
    assert sorted(notations) == sorted(str(a) for a in native)
    clone = state.clone()
    assert [clone.action_to_string(clone.current_player(), a) for a in ids] == notations
    assert state.legal_actions() == ids  # asking again changes nothing
    for action_id, text in zip(ids, notations, strict=True):
        assert state.string_to_action(text) == action_id
    if game.num_distinct_actions() < 100_000:
        mask = state.legal_actions_mask()
        assert len(mask) == game.num_distinct_actions() and sum(mask) == len(ids)
        assert [i for i, m in enumerate(mask) if m] == ids
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in ids)
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)


def test_an_id_names_the_same_move_in_every_state():
    """Momiji's `compost` has one id, whatever else is legal beside it."""
    game = lo.load("momiji", players=2)
    compost = GAMES["momiji"].action_vocabulary(2).id_of(GAMES["momiji"].parse_notation("compost"))
    seen = 0
    for seed in range(6):
        state = game.new_initial_state()
        state.deal(seed)
        rng = np.random.RandomState(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in legal:
                if state.action_to_string(state.current_player(), action) == "compost":
                    assert action == compost
                    seen += 1
            state.apply_action(rng.choice(legal))
    assert seen > 5


@pytest.mark.parametrize("name", sorted(GAMES))
def test_information_states_hide_what_the_player_cannot_see(name):
    """A state that differs only in hidden parts (a resample for player p) gives p the same
    information-state string; the strings come from the player's view, never the state."""
    game, state = dealt(name, 2, seed=11)
    advance(state, 9, seed=2)
    player = state.current_player()
    info = state.information_state_string(player)
    differs = 0
    for k in range(6):
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(k, k + 1.0))
        assert other.information_state_string(player) == info
        assert other.current_player() == player
        assert other.legal_actions() == state.legal_actions()
        differs += str(other) != str(state)
    assert differs > 0, "resampling should change some hidden part"
    view = GAMES[name].player_view(state.leafpile_state, player)
    assert info.startswith(canonical_json(view.to_dict()))
    assert state.observation_string(player) == canonical_json(view.to_dict())
    assert len(state.observation_tensor(player)) == game.observation_tensor_size()
    tensor = state.information_state_tensor(player)
    assert len(tensor) == game.information_state_tensor_size()
    for k in range(3):
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(k, k + 1.0))
        assert other.information_state_tensor(player) == tensor
        assert other.observation_tensor(player) == state.observation_tensor(player)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_tensors_are_the_games_own_and_follow_what_the_seat_sees(name):
    """The observation tensor is `Game.observation_tensor` of the seat's view; the
    information-state tensor adds the seat's own decisions, so it changes with them."""
    game, state = dealt(name, 2, seed=4)
    advance(state, 5, seed=1)
    player = state.current_player()
    native = GAMES[name].observation_tensor(state.leafpile_state, player)
    assert state.observation_tensor(player) == pytest.approx(native)
    before = state.information_state_tensor(player)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_tensor(player) != before
    observer = game.make_py_observer()
    assert set(observer.dict) == {f for f, _ in GAMES[name].observation_layout(2).fields}


def test_information_state_recalls_the_players_own_decisions():
    _, state = dealt("under-the-leaves", 2, seed=5)
    player = state.current_player()
    first = state.legal_actions()[0]
    text = state.action_to_string(player, first)
    state.apply_action(first)
    assert state.information_state_string(player).endswith("own: " + text)


def test_serialization_round_trips_hidden_state_and_rng():
    game, state = dealt("undergrove", 3, seed=9)
    advance(state, 25)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    advance(again, 30, seed=4)
    advance(state, 30, seed=4)
    assert str(again) == str(state)  # the RNG came along: the same future draws


@pytest.mark.parametrize("name", sorted(GAMES))
def test_openspiel_ismcts_and_mcts_bots_play_whole_games(name):
    """ISMCTSBot searches on resampled states; MCTSBot (a perfect-information search) is
    given a resampled state too, so that neither sees hidden cards or future draws."""
    game = lo.load(name, players=2)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng)
    planner = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rng, solve=False
    )
    state = game.new_initial_state()
    state.deal(5)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded: the same games each run
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            action = searcher.step(state)
        else:
            action = planner.step(state.resample_from_infostate(player, sampler))
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    # zero-sum, and a winner or a tie (which search games a process's hash seed makes
    # depends on set order inside the bots, and a tie is a real result)
    assert abs(sum(returns)) < 1e-9 and all(-1.0 <= r <= 1.0 for r in returns)


def test_a_leafpile_position_can_start_an_openspiel_state():
    native = GAMES["autumn"].new_state(2, seed=8)
    native.apply(native.legal_actions()[0])
    game = lo.load("autumn", players=2)
    state = game.from_leafpile_state(native)
    assert not state.is_chance_node()
    assert state.leafpile_state.to_dict() == native.to_dict()
    assert state.leafpile_state is not native  # a copy: the adapter never changes yours
    advance(state, 200)
    assert state.is_terminal()
    with pytest.raises(ValueError, match="not a 2-player momiji state"):
        lo.load("momiji").from_leafpile_state(native)


def test_fewer_seeds_make_a_smaller_chance_node():
    game = lo.load("under-the-leaves", seeds=16)
    assert game.max_chance_outcomes() == 16
    assert len(game.new_initial_state().chance_outcomes()) == 16
    with pytest.raises(Exception, match="seeds must be at least 1"):
        lo.load("under-the-leaves", seeds=0)
