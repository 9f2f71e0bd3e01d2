"""Autumn has no take-backs (rules.TAKE_BACKS): a turn is one decision, and each decision
passes the turn or reveals the next card of the deck (§3.1)."""

from __future__ import annotations

import random

from leafpile.games import GAMES

GAME = GAMES["autumn"]


def test_no_autumn_decision_may_be_taken_back() -> None:
    for players in (1, 2):
        for seed in range(3):
            state = GAME.new_state(players, seed=seed)
            chooser = random.Random(seed)
            while not state.is_terminal():
                before = state.clone()
                action = chooser.choice(state.legal_actions())
                state.apply(action)
                assert not GAME.may_take_back(before, action, state), str(action)


def test_the_colour_choice_reveals_the_next_card_and_may_not_be_taken_back() -> None:
    state = GAME.new_state(2, seed=1, options={"first_player": 0})
    state.apply(state.legal_actions()[0])  # the first player places the start card's follower
    assert {str(a) for a in state.legal_actions()} == {"red", "yellow"}
    before = state.clone()
    action = state.legal_actions()[0]
    state.apply(action)
    assert state.current_player == before.current_player  # the chooser places next
    assert not GAME.may_take_back(before, action, state)
