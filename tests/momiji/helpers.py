"""Building Momiji positions for rule scenarios."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from leafpile.games.momiji import GAME, MomijiState
from leafpile.games.momiji.components import (
    CARD_KIND,
    KIND_INDEX,
    LANDSCAPE_INDEX,
    OBJECTIVE_INDEX,
    cards_of_types,
)

#: Move notation, which the words a page shows must never contain.
NOTATION = re.compile(
    r"\b(take [A-Z]|[A-Z][0-3][LR]{0,2}>?|obj [a-z-]+|land [LCR]\d|discard [A-Z]|swap \d)\b"
)


def table(
    *,
    players: int = 2,
    hands: Sequence[str] = (),
    display: str = "",
    rows: Sequence[Sequence[str]] = (),
    deck_top: str = "",
    deck_size: int | None = None,
    acorns: Sequence[int] | None = None,
    tiles: Sequence[Sequence[str]] | None = None,
    objectives: Sequence[str] | None = None,
    first: int = 0,
    **options: object,
) -> MomijiState:
    """A position with the given cards, by kind name: `hands=["G0L G1R", ""]`,
    `rows=[["G0L G1L", "Y0R"], []]` (piles left to right, bottom card first), `display="Y2 O0L"`.

    The types in play are the first players + 2 (green, yellow, orange, red, ...). Cards not
    named go to the deck in id order after `deck_top`; with `deck_size`, the deck keeps only
    that many cards and the others go to the discard pile.
    """
    opts: dict[str, object] = {
        "first_player": str(first),
        "types": list(range(players + 2)),
        **options,
    }
    if tiles is not None:
        opts["landscape_tiles"] = [LANDSCAPE_INDEX[t] for seat in tiles for t in seat]
    if objectives is not None:
        opts["objectives"] = [OBJECTIVE_INDEX[o] for o in objectives]
    s = GAME.new_state(players, seed=1, options=opts)
    assert isinstance(s, MomijiState)
    pool = cards_of_types(s.types)

    def take(kind: str) -> int:
        for c in pool:
            if CARD_KIND[c] == KIND_INDEX[kind]:
                pool.remove(c)
                return c
        raise AssertionError(f"no {kind} left")

    hands = list(hands) + [""] * (players - len(hands))
    s.hands = [sorted(take(k) for k in h.split()) for h in hands]
    s.display = sorted(take(k) for k in display.split())
    all_rows = list(rows) + [[]] * (players - len(rows))
    s.rows = [[[take(k) for k in pile.split()] for pile in row] for row in all_rows]
    top = [take(k) for k in deck_top.split()]
    s.deck = top + pool
    s.discard = []
    if deck_size is not None:
        s.discard = s.deck[deck_size:]
        s.deck = s.deck[:deck_size]
    if acorns is not None:
        s.acorns = list(acorns)
    # the position must be one a save could hold
    back = GAME.state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.to_dict() == s.to_dict()
    return s


def legal(s: MomijiState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def hand(s: MomijiState, player: int) -> list[str]:
    from leafpile.games.momiji.words import card_name

    return [card_name(c) for c in s.hands[player]]


def row(s: MomijiState, player: int) -> list[list[str]]:
    from leafpile.games.momiji.words import card_name

    return [[card_name(c) for c in pile] for pile in s.rows[player]]


def play(s: MomijiState, *moves: str) -> None:
    for move in moves:
        s.play(move)
