"""What an Undergrove seat remembers (perfect recall of public events): the discard pile is
face up, so when it is reshuffled into an empty deck [BGA] everyone knows which tiles the new
deck holds, and a hidden hand tile drawn after that comes from them."""

from __future__ import annotations

import json
import random

import pytest

from leafpile.engine import InvalidStateError, Rng
from leafpile.games.undergrove import GAME, UndergroveState
from leafpile.games.undergrove.actions import Numbered, Place
from leafpile.games.undergrove.state import deck_count
from leafpile.games.undergrove.view import contradiction
from tests.undergrove.helpers import fresh, play


def reshuffled_game() -> UndergroveState:
    """P0 discards a tile into a pile holding every other deck tile: the deck is empty, so the
    pile becomes the deck, and P0 draws from it."""
    s = fresh()
    s.discard = sorted(s.deck)
    s.deck = []
    play(s, "photosynthesize", "convert 0", "discard 7", "done")
    return s


def test_a_tile_drawn_after_a_reshuffle_is_remembered_as_one_of_the_reshuffled_tiles():
    s = reshuffled_game()
    assert s.hands[0][:2] == [6, 8] and s.reshuffled[s.hands[0][2]] == 1
    assert all(s.reshuffled[t] == 1 for t in s.deck) and s.reshuffled[7] == 1
    view = GAME.player_view(s, 1)
    assert view.hands[0] == [-1, -1, -2]  # two tiles from the first deck, one after reshuffle 1
    for seed in range(10):
        full = GAME.determinize(view, 1, Rng(seed))
        # the only tiles of the first deck P1 has not seen are the two P0 still holds
        assert sorted(full.hands[0][:2]) == [6, 8]
        assert full.reshuffled[full.hands[0][2]] == 1
        assert contradiction(view, full) is None
        assert GAME.player_view(full, 1).to_dict() == view.to_dict()


def test_before_any_reshuffle_nothing_more_is_remembered():
    s = fresh()
    play(s, "photosynthesize", "convert 0", "discard 7", "done")
    assert max(s.reshuffled) == 0
    assert GAME.player_view(s, 1).hands[0] == [-1, -1, -1]


def test_a_save_from_before_reshuffles_were_remembered_loads_remembering_none():
    data = json.loads(json.dumps(reshuffled_game().to_dict()))
    del data["reshuffled"]
    s = GAME.state_from_dict(data)
    assert isinstance(s, UndergroveState) and max(s.reshuffled) == 0
    assert GAME.player_view(s, 1).hands[0] == [-1, -1, -1]


def _broken(change) -> dict:
    data = json.loads(json.dumps(reshuffled_game().to_dict()))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(reshuffled=d["reshuffled"][:-1]),  # too short
        lambda d: d["reshuffled"].__setitem__(12, -1),
        lambda d: d["reshuffled"].__setitem__(3, 1),  # a starting mushroom is never dealt
        lambda d: d["reshuffled"].__setitem__(d["deck"][0], 0),  # a deck tile of an older deck
        lambda d: d.update(reshuffled="all"),
        lambda d: d.update(reshuffled=[0] * 6 + [10**9] * 48),  # more than a game could do
    ],
)
def test_broken_reshuffles_in_a_save_are_refused(change):
    with pytest.raises(InvalidStateError):
        GAME.state_from_dict(_broken(change))


def test_a_view_cannot_hide_a_tile_from_a_reshuffle_that_never_was():
    view = GAME.player_view(reshuffled_game(), 1).to_dict()
    GAME.state_from_dict(view)
    view["hands"][0][2] = -3
    with pytest.raises(InvalidStateError):
        GAME.state_from_dict(view)


@pytest.mark.parametrize("seed", range(3))
def test_the_remembered_reshuffles_are_what_a_replay_of_the_public_events_gives(seed):
    """Rebuilt from what one seat saw: every action is public in Undergrove (the tiles placed
    and discarded are named), hand sizes and the deck count are public, and the discard pile
    is face up until it becomes the deck."""
    state = GAME.new_state(4, seed=seed)
    chooser = random.Random(seed)
    viewer = seed % 4
    last: dict[int, int] = {}  # tile -> the last reshuffle it went through
    reshuffles = 0
    drawn = [[0] * len(h) for h in state.hands]  # per hand: the deck each tile came from
    while not state.is_terminal():
        before = GAME.player_view(state, viewer)
        q = state.current_player
        action = state.legal_actions()[chooser.randrange(len(state.legal_actions()))]
        state.apply(action)
        after = GAME.player_view(state, viewer)
        left = []
        if isinstance(action, Place) or (isinstance(action, Numbered) and action.verb == "discard"):
            left.append(action.tile if isinstance(action, Place) else action.n)
        for t in left:
            drawn[q].remove(last.get(t, 0))
        draws = len(after.hands[q]) - len(before.hands[q]) + len(left)
        old = deck_count(before)
        drawn[q] += [reshuffles] * min(draws, old)
        if draws > old:  # the deck ran out: the face-up discard pile became the new deck
            reshuffles += 1
            pile = before.discard + [t for t in left if not isinstance(action, Place)]
            for t in pile:
                last[t] = reshuffles
            drawn[q] += [reshuffles] * (draws - old)
        for p, hand in enumerate(after.hands):
            if p != viewer:
                assert sorted(-1 - t for t in hand) == sorted(drawn[p])
        assert contradiction(after, state) is None
    assert reshuffles >= 1  # random 4-player games run through the deck


def test_a_world_with_a_tile_from_the_wrong_deck_contradicts_the_view():
    s = reshuffled_game()
    view = GAME.player_view(s, 1)
    assert contradiction(view, s) is None
    wrong = s.clone()
    wrong.hands[0][0], wrong.deck[0] = wrong.deck[0], wrong.hands[0][0]  # tile 6 into the deck
    assert contradiction(view, wrong) is not None


def test_the_log_reads_every_action_from_views_with_tiles_of_several_reshuffles():
    state = GAME.new_state(4, seed=2)
    chooser = random.Random(2)
    while not state.is_terminal():
        action = chooser.choice(state.legal_actions())
        for audience in (None, 1):
            assert GAME.describe(GAME.player_view(state, audience), action)
        state.apply(action)
    assert max(state.reshuffled) >= 2
