"""Take-backs within a Momiji turn (leafpile.engine.takeback, rules.TAKE_BACKS): card plays,
composts and discards may be undone; anything that reveals the deck may not."""

from __future__ import annotations

from leafpile.games import GAMES
from leafpile.games.momiji.actions import Place, Refresh, Stop
from leafpile.games.momiji.state import PLAY, TURN
from tests.conformance.take_backs import chain_of, find_decision

GAME = GAMES["momiji"]


def test_a_play_may_be_taken_back_card_by_card() -> None:
    """§4.2: a Play continues card by card; each card and the closing `stop` may be undone."""
    before, action, after = find_decision(
        "momiji", 2, lambda s, a: isinstance(a, Place) and s.phase == TURN
    )
    assert GAME.may_take_back(before, action, after)
    state = after.clone()
    chain = [action]
    while state.phase == PLAY:
        nxt = next((a for a in state.legal_actions() if isinstance(a, Place)), Stop())
        chain.append(nxt)
        state.apply(nxt)
    assert all(chain_of("momiji", before, chain))


def test_a_paid_refresh_reveals_cards_and_may_not_be_taken_back() -> None:
    """§4.1: a refresh turns up 4 cards of the deck."""
    before, action, after = find_decision(
        "momiji", 3, lambda s, a: isinstance(a, Refresh) and len(s.deck) >= 4
    )
    assert not GAME.may_take_back(before, action, after)


def test_ending_the_turn_may_not_be_taken_back() -> None:
    before, action, after = find_decision(
        "momiji", 2, lambda s, a: str(a) == "end" and len(s.hands[s.to_move]) <= 8
    )
    assert after.current_player != before.current_player
    assert not GAME.may_take_back(before, action, after)


def test_a_take_that_empties_the_display_refills_it_and_may_not_be_taken_back() -> None:
    """§4.1: an emptied display is refilled from the deck at once."""

    def empties(s, a) -> bool:  # type: ignore[no-untyped-def]
        after = s.clone()
        after.apply(a)
        return str(a).startswith("take") and len(after.deck) < len(s.deck)

    before, action, after = find_decision("momiji", 2, empties)
    assert not GAME.may_take_back(before, action, after)
