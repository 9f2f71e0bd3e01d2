"""The conformance suite: every registered game, every player count, several seeds.

A game that passes it works with every consumer of the Game protocol (CLI, bots, simulator,
server, adapters). Add a game to the registry and it is tested here without new code.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leafpile.engine import (
    TERMINAL,
    Action,
    GameRecord,
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidStateError,
    Rng,
    State,
)
from leafpile.games import GAMES

SEEDS = range(4)
CASES = [
    (name, players, seed)
    for name, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
    for seed in SEEDS
]
IDS = [f"{n}-{p}p-s{s}" for n, p, s in CASES]


def random_game(name: str, players: int, seed: int, chooser: random.Random) -> list[State]:
    """States of one game played by uniform random choices (each state a clone)."""
    game = GAMES[name]
    state = game.new_state(players, seed=seed)
    states = [state.clone()]
    for _ in range(game.info.max_length + 1):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply(actions[chooser.randrange(len(actions))])
        states.append(state.clone())
    return states


def canon(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


@pytest.mark.parametrize(("name", "players", "seed"), CASES, ids=IDS)
def test_random_game_invariants(name: str, players: int, seed: int) -> None:
    """Legal actions exist exactly when not terminal; notation is unique and round-trips;
    the game ends within max_length; returns and scores stay within bounds."""
    game = GAMES[name]
    states = random_game(name, players, seed, random.Random(seed))
    final = states[-1]
    assert final.is_terminal(), f"{name} did not end within {game.info.max_length} actions"
    assert len(states) - 1 <= game.info.max_length
    for state in states:
        actions = state.legal_actions()
        if state.is_terminal():
            assert actions == []
            assert state.current_player == TERMINAL
            continue
        assert actions, "a non-terminal state must have a legal action"
        assert 0 <= state.current_player < players
        notations = [str(a) for a in actions]
        assert len(set(notations)) == len(notations), "notation must be unique per state"
        assert len(set(actions)) == len(actions)
        for action in actions[:: max(1, len(actions) // 12)]:
            assert state.parse_action(str(action)) == action
            assert state.parse_action(f"  {action} ") == action  # what a person types
            assert game.parse_notation(str(action)) is not None
    lo, hi = game.info.score_bounds
    for score in final.scores():
        assert lo <= score <= hi
    returns = final.returns()
    assert len(returns) == players
    assert all(-1.0 <= r <= 1.0 for r in returns)
    if players > 1:
        assert abs(sum(returns)) < 1e-9, "multi-player returns are zero-sum"
        assert final.winners(), "a finished game has at least one winner"
        assert all(0 <= w < players for w in final.winners())


@pytest.mark.parametrize(("name", "players", "seed"), CASES, ids=IDS)
def test_clone_json_and_views(name: str, players: int, seed: int) -> None:
    """Clones are independent; JSON round-trips; views hide exactly what determinize samples;
    what a view remembers of the hidden parts is true, and every determinized state agrees
    with it (`Game.contradiction`)."""
    game = GAMES[name]
    states = random_game(name, players, seed, random.Random(seed + 100))
    rng = Rng(seed)
    hidden_seen = False
    for i, state in enumerate(states):
        # JSON round-trip
        text = canon(state)
        back = game.state_from_dict(json.loads(text))
        assert canon(back) == text
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in state.legal_actions()]
        # clone independence
        if not state.is_terminal() and i % 3 == 0:
            twin = state.clone()
            twin.apply(twin.legal_actions()[-1])
            assert canon(state) == text, "acting on a clone changed the original"
        # views
        for viewer in [None, *range(players)]:
            view = game.player_view(state, viewer)
            assert view.redacted and view.viewer == viewer
            assert view.seed == 0 and view.rng.state == 0, (
                "a view must not carry the seed or the RNG: they replay every hidden draw"
            )
            vtext = canon(view)
            json.loads(vtext)
            assert canon(state) == text, "player_view must not change the state"
            if viewer is not None and state.current_player == viewer:
                assert [str(a) for a in view.legal_actions()] == [
                    str(a) for a in state.legal_actions()
                ], "a player's view must offer exactly the legal actions"
            assert game.contradiction(view, state) is None, "a view remembers something false"
            full = game.determinize(view, viewer, rng)
            assert not full.redacted
            assert canon(game.player_view(full, viewer)) == vtext, (
                "determinize must be consistent with the view it came from"
            )
            problem = game.contradiction(view, full)
            assert problem is None, f"determinize dealt a world its seat knows is false: {problem}"
            if canon(full) != text:
                hidden_seen = True
            # the view is the same whatever the hidden parts are
            other = game.determinize(game.player_view(state, viewer), viewer, Rng(seed + 7))
            assert canon(game.player_view(other, viewer)) == vtext
            if viewer is not None and not state.is_terminal() and state.current_player == viewer:
                assert [str(a) for a in full.legal_actions()] == [
                    str(a) for a in state.legal_actions()
                ]
    assert hidden_seen, f"{name}: determinize never varied anything hidden"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_seed_same_game(name: str) -> None:
    game = GAMES[name]
    for players in range(game.info.min_players, game.info.max_players + 1):
        a = random_game(name, players, 42, random.Random(1))
        b = random_game(name, players, 42, random.Random(1))
        assert [canon(s) for s in a] == [canon(s) for s in b]
    # different seeds deal different games (seed and RNG fields aside)
    starts = set()
    for seed in range(5):
        data = game.new_state(game.info.max_players, seed=seed).to_dict()
        data.pop("seed")
        data.pop("rng")
        starts.add(json.dumps(data, sort_keys=True))
    assert len(starts) > 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_record_replays_exactly(name: str, tmp_path) -> None:
    game = GAMES[name]
    players = game.info.max_players
    state = game.new_state(players, seed=7)
    record = GameRecord.start(state, seats=["random"] * players)
    chooser = random.Random(7)
    while not state.is_terminal():
        action = chooser.choice(state.legal_actions())
        record.actions.append(str(action))
        state.play(action)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert canon(loaded.final_state(game)) == canon(state)
    replayed = list(loaded.states(game))
    assert len(replayed) == len(record.actions) + 1
    assert canon(replayed[-1]) == canon(state)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bad_input_changes_nothing(name: str) -> None:
    game = GAMES[name]
    state = game.new_state(game.info.min_players, seed=3)
    before = canon(state)
    for text in ["", "???", "this is not an action", "999999,999999", "0"]:
        with pytest.raises((InvalidNotationError, IllegalActionError)):
            state.play(text)
        assert canon(state) == before
    with pytest.raises(InvalidOptionsError):
        game.new_state(game.info.max_players + 1, seed=1)
    with pytest.raises(InvalidOptionsError):
        game.new_state(game.info.min_players, seed=1, options={"no_such_option": 1})
    with pytest.raises(InvalidOptionsError):
        game.new_state(game.info.min_players, seed=1, options=["not", "a", "mapping"])  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        game.state_from_dict({**state.to_dict(), "options": [1, 2]})
    for broken in [{}, {"game": name}, {**state.to_dict(), "players": "two"}, []]:
        with pytest.raises(InvalidStateError):
            game.state_from_dict(broken)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_views_cannot_act_for_others(name: str) -> None:
    game = GAMES[name]
    state = game.new_state(game.info.max_players, seed=5)
    mover = state.current_player
    other = (mover + 1) % game.info.max_players
    if other == mover:
        return
    view = game.player_view(state, other)
    with pytest.raises(IllegalActionError):
        view.play(state.legal_actions()[0])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(GAMES)),
    seed=st.integers(min_value=0, max_value=2**31),
    choices=st.lists(st.integers(min_value=0, max_value=10**6), max_size=400),
    players_pick=st.integers(min_value=0, max_value=3),
)
def test_property_any_action_sequence(name, seed, choices, players_pick) -> None:
    """Any sequence of legal choices keeps the state consistent and serialisable."""
    game = GAMES[name]
    span = game.info.max_players - game.info.min_players + 1
    players = game.info.min_players + players_pick % span
    state = game.new_state(players, seed=seed)
    for pick in choices:
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions
        state.play(str(actions[pick % len(actions)]))
    again = game.state_from_dict(json.loads(canon(state)))
    assert canon(again) == canon(state)


# -- take-backs within a turn (leafpile.engine.takeback) -----------------------------------------
DETERMINIZATIONS = 4
REPLAYED_TAKE_BACKS = 12


def learned_nothing(name: str, before: State, action: Action, after: State) -> bool:
    """The mover's view after `action` is the same in every determinization of its view
    before as in the true game: the action taught it nothing, so undoing it cannot either.
    (Other audiences may learn the cards the mover shows them from its own hand, [D] in
    leafpile.engine.takeback; every other closed place is closed to the mover too.)"""
    game = GAMES[name]
    mover = before.current_player
    expected = canon(game.player_view(after, mover))
    view = game.player_view(before, mover)
    for i in range(DETERMINIZATIONS):
        twin = game.determinize(view, mover, Rng(1000 + i))
        assert action in twin.legal_actions(), "the mover's own view decides its options"
        twin.apply(action)
        if canon(game.player_view(twin, mover)) != expected:
            return False
    return True


@pytest.mark.parametrize(("name", "players", "seed"), CASES, ids=IDS)
def test_take_backs_reveal_nothing(name: str, players: int, seed: int) -> None:
    """Whenever a game says a decision may be taken back, its player learned nothing from it
    (their view after it is the same whatever the hidden parts were), the same player is
    still to move, and replaying the record without it (how the server undoes) gives back
    exactly the state before."""
    game = GAMES[name]
    state = game.new_state(players, seed=seed)
    record = GameRecord.start(state)
    chooser = random.Random(seed + 200)
    chains = 0
    while not state.is_terminal():
        before = state.clone()
        action = chooser.choice(state.legal_actions())
        record.actions.append(str(action))
        state.apply(action)
        if not game.may_take_back(before, action, state):
            continue
        chains += 1
        assert state.current_player == before.current_player
        assert learned_nothing(name, before, action, state), (
            f"taking back {action} after {len(record.actions) - 1} actions would teach a "
            "hidden card"
        )
        if chains <= REPLAYED_TAKE_BACKS:  # each replay costs the whole game so far
            undone = replace(record, actions=record.actions[:-1]).replay(game)
            assert canon(undone) == canon(before)
    if name != "autumn":
        assert chains, f"{name}: no decision of a random game could be taken back"
    else:
        assert not chains, "every Autumn decision passes the turn or reveals a card"
