"""Take-backs within an Undergrove turn (leafpile.engine.takeback, rules.TAKE_BACKS): payments,
placements and roots may be undone until the turn's end draws tiles."""

from __future__ import annotations

import random

from leafpile.engine import Action, State
from leafpile.games import GAMES
from leafpile.games.undergrove.web.choices import choices
from tests.conformance.take_backs import find_decision

GAME = GAMES["undergrove"]


def _is(verb: str) -> object:
    return lambda _s, a: str(a).startswith(verb)


def test_a_nutrient_payment_may_be_taken_back() -> None:
    before, action, after = find_decision("undergrove", 2, _is("pay "))
    assert GAME.may_take_back(before, action, after)
    assert after.res != before.res  # the nutrient was paid: there is something to undo


def test_an_activation_token_flip_may_be_taken_back() -> None:
    before, action, after = find_decision("undergrove", 3, _is("flip "))
    assert GAME.may_take_back(before, action, after)


def test_the_turn_action_may_be_taken_back() -> None:
    before, action, after = find_decision(
        "undergrove", 2, lambda s, a: str(a) in ("absorb", "reproduce", "partner")
    )
    assert GAME.may_take_back(before, action, after)


def _ends_turn(before: State, action: Action) -> bool:
    after = before.clone()
    after.apply(action)
    return after.current_player != before.current_player and not after.is_terminal()


def test_the_decision_that_ends_the_turn_and_draws_may_not_be_taken_back() -> None:
    """§4 step 5: the hand is drawn back up from the hidden deck, and the turn passes."""
    before, action, after = find_decision("undergrove", 2, _ends_turn)
    assert not GAME.may_take_back(before, action, after)


def test_a_draw_from_the_deck_within_the_turn_is_refused_even_for_the_same_player() -> None:
    """A tile drawn from the deck is seen: the rule refuses it whatever else holds."""
    before, action, after = find_decision("undergrove", 2, _is("pay "))
    drew = after.clone()
    drew.hands[drew.to_move].append(drew.deck.pop(0))
    assert not GAME.may_take_back(before, action, drew)


def test_a_choice_is_final_on_the_movers_view_exactly_when_it_cannot_be_taken_back() -> None:
    """The page asks a phone to confirm only the `final` choices (web/choices.py), told from
    the mover's own view: it must agree with the true state's `may_take_back` everywhere."""
    game = GAME
    for seed in range(2):
        state, rng = game.new_state(2, seed=seed), random.Random(seed)
        while not state.is_terminal():
            view = game.player_view(state, state.current_player)
            told = choices(view)
            for action in state.legal_actions():
                after = state.clone()
                after.apply(action)
                assert told[str(action)]["final"] is not game.may_take_back(state, action, after)
            state.apply(rng.choice(state.legal_actions()))
