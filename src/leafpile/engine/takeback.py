"""Take-backs within a turn: which of a player's own decisions may be undone.

Where a turn is a chain of decisions, a player may take back the decisions of the turn so far,
but undoing must never teach anything. So a decision may be taken back only when:

- the same player is still deciding, in the same turn (the game's `turn` key is unchanged);
- it drew nothing at random (the state's RNG did not move);
- no card or tile left a place closed to that player (the deck, a bag, a face-down pile,
  another player's hand): what they would learn by looking, they never saw.

A card leaving the player's *own* hand (a card played, a card discarded face down) shows the
others what the player chose to show; taking it back gives the player nothing they did not
know ([D], as on the tables of Board Game Arena). Each game states its part as data, a
`TakeBackRule` on its `Game`; the conformance suite checks it over random games (the player's
view after a take-back-able decision is the same whatever the hidden parts were).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from leafpile.engine.state import State


@dataclass(frozen=True)
class TakeBackRule:
    """A game's data for take-backs.

    `turn(state)` names the turn being played (equal values: the same turn of the same
    player); `closed(state, player)` lists the places whose contents `player` cannot see, each
    a sequence of card or tile ids (the same number of places in every state of a game)."""

    turn: Callable[[Any], Hashable]
    closed: Callable[[Any, int], Sequence[Sequence[int]]]


def may_take_back(rule: TakeBackRule, before: State, after: State) -> bool:
    """Whether the decision that led from `before` to `after` may be taken back (see the
    module docstring). Both are true states (not views)."""
    player = before.current_player
    if player < 0 or after.current_player != player:
        return False
    if after.rng.state != before.rng.state:
        return False
    if rule.turn(after) != rule.turn(before):
        return False
    was, now = rule.closed(before, player), rule.closed(after, player)
    if len(was) != len(now):
        return False
    return all(
        list(a) == list(b) or not Counter(a) - Counter(b) for a, b in zip(was, now, strict=True)
    )
