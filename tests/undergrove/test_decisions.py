"""The pending decisions as classes: one per kind, saved as `[kind, *ints]`, and the shortcut
that says whether a droppable decision still asks something agrees with its options."""

from __future__ import annotations

import random

import pytest

from leafpile.engine import InvalidStateError
from leafpile.games.undergrove import GAME, UndergroveState
from leafpile.games.undergrove.decision import Decision, load
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.payments import PaySteps


def test_every_kind_has_one_class_with_words_unless_automatic():
    for kind in Kind:
        e = load([kind.value, *[0] * _width(kind)])
        assert e.kind is kind
        assert bool(e.prompt) != e.auto


def _width(kind: Kind) -> int:
    for width in range(5):
        try:
            load([kind.value, *[0] * width])
        except InvalidStateError:
            continue
        return width
    raise AssertionError(kind)


def test_a_decision_saves_as_its_old_tuple_and_loads_back():
    assert PaySteps(3).to_list() == ["step", 3]
    assert load(["step", 3]) == PaySteps(3)
    assert load(["place", 1, 1, 0]).to_list() == ["place", 1, 1, 0]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_has_choice_agrees_with_the_options(players, seed):
    state = GAME.new_state(players, seed=seed)
    assert isinstance(state, UndergroveState)
    chooser = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        p = state.to_move
        for e in state.pending:  # asked in this state, whether on top or not
            if e.droppable:
                assert e.has_choice(state, p) == Decision.has_choice(e, state, p), e
                checked += 1
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    assert checked > 100
