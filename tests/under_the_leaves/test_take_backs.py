"""Take-backs within an Under the Leaves turn (leafpile.engine.takeback, rules.TAKE_BACKS):
the take, the placement and each dweller's figure but the last may be undone; the last
decision refills the market from the bag (§3) and may not."""

from __future__ import annotations

from leafpile.games import GAMES
from leafpile.games.under_the_leaves.actions import Choose, Place, Take
from tests.conformance.take_backs import find_decision

GAME = GAMES["under-the-leaves"]


def test_taking_a_market_tile_may_be_taken_back() -> None:
    before, action, after = find_decision("under-the-leaves", 2, lambda s, a: isinstance(a, Take))
    assert GAME.may_take_back(before, action, after)


def test_a_placement_that_makes_a_dweller_choice_may_be_taken_back() -> None:
    """§7.4: a Collector or Friendly pair waits for its figure; the turn goes on."""

    def asks(s, a) -> bool:  # type: ignore[no-untyped-def]
        after = s.clone()
        after.apply(a)
        return isinstance(a, Place) and bool(after.pending)

    before, action, after = find_decision("under-the-leaves", 2, asks)
    assert GAME.may_take_back(before, action, after)


def test_a_dweller_choice_before_the_last_may_be_taken_back() -> None:
    def more_follow(s, a) -> bool:  # type: ignore[no-untyped-def]
        return isinstance(a, Choose) and len(s.pending) > 1

    before, action, after = find_decision("under-the-leaves", 3, more_follow, range(60))
    assert GAME.may_take_back(before, action, after)


def test_the_last_decision_refills_the_market_from_the_bag_and_may_not_be_taken_back() -> None:
    def last(s, a) -> bool:  # type: ignore[no-untyped-def]
        after = s.clone()
        after.apply(a)
        return not after.is_terminal() and after.current_player != s.current_player

    before, action, after = find_decision("under-the-leaves", 2, last)
    assert len(after.bag) == len(before.bag) - 1  # the refill came from the bag
    assert not GAME.may_take_back(before, action, after)
