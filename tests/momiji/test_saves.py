"""Broken saves are refused with InvalidStateError (a broken file must not become a stuck or
inconsistent game): each case below was accepted before the audit."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from leafpile.engine import InvalidStateError
from leafpile.games.momiji import GAME
from leafpile.games.momiji.components import CARD_KIND, KIND_INDEX
from tests.momiji.helpers import table

Save = dict[str, Any]


def good() -> Save:
    s = table(
        hands=["G0L G0R Y2", "O1L"],
        rows=[["G0L G1L", "Y0L"], ["O0L O1R O2"]],
        display="R0L R1L Y0R",
        acorns=[2, 2],
    )
    return json.loads(json.dumps(s.to_dict()))


def _kind_id(d: Save, kind: str) -> int:
    """The id of a card of this kind that sits in the deck of save `d`."""
    return next(c for c in d["deck"] if CARD_KIND[c] == KIND_INDEX[kind])


def _swap_into_pile(d: Save, kind: str, player: int, pile: int, at: int) -> None:
    c = _kind_id(d, kind)
    d["deck"].remove(c)
    d["rows"][player][pile].insert(at, c)


def unsorted_display(d: Save) -> None:
    d["display"].reverse()


def unsorted_hand(d: Save) -> None:
    d["hands"][0].reverse()


def pile_of_two_types(d: Save) -> None:
    _swap_into_pile(d, "R2", 0, 0, 0)  # a red card under the green pile


def pile_going_down(d: Save) -> None:
    _swap_into_pile(d, "G0R", 0, 0, 2)  # G0L G1L G0R: the top is lower than the card below


def pile_with_a_three_under_its_top(d: Save) -> None:
    _swap_into_pile(d, "O3", 1, 0, 2)  # O0L O1R O3 O2


def pile_starting_with_a_two(d: Save) -> None:
    _swap_into_pile(d, "Y2", 0, 1, 0)  # Y2 Y0L


def pick_with_an_empty_display(d: Save) -> None:
    d["deck"] += d["display"]
    d["display"] = []
    d["phase"] = "pick"
    d["land_used"] = True


def compost_with_an_empty_hand(d: Save) -> None:
    d["deck"] += d["hands"][0]
    d["hands"][0] = []
    d["phase"] = "compost"
    d["composted"] = True


def swap_without_two_open_piles(d: Save) -> None:
    d["phase"] = "swap"
    d["land_used"] = True
    d["deck"] += [c for pile in d["rows"][0][1:] for c in pile]
    d["rows"][0] = d["rows"][0][:1]


def swap_without_the_landscape(d: Save) -> None:
    d["phase"] = "swap"


def negative_turn(d: Save) -> None:
    d["turn"] = -5


def discard_phase_within_the_limit(d: Save) -> None:
    d["phase"] = "discard"


def played_types_outside_a_play(d: Save) -> None:
    d["played"] = [0, 0]


def unknown_power_bits(d: Save) -> None:
    d["mods"] = 1 << 10


def type_objective_for_a_type_not_in_play(d: Save) -> None:
    d["objectives"][0] = 5  # "type-P": purple is not in a 2-player game of G, Y, O, R


def draft_position_out_of_range(d: Save) -> None:
    d["phase"] = "draft"
    d["draft_pool"] = [0, 1, 2]
    d["draft_position"] = 7


def tiles_in_the_wrong_panorama_slot(d: Save) -> None:
    d["tiles"][0] = [5, 0, 10]  # C1, L1, R1


def missing_a_landscape_after_the_draft(d: Save) -> None:
    d["tiles"][0] = [0, 5]


def one_tile_for_two_players(d: Save) -> None:
    d["tiles"][1] = list(d["tiles"][0])


BROKEN: list[Callable[[Save], None]] = [
    unsorted_display,
    unsorted_hand,
    pile_of_two_types,
    pile_going_down,
    pile_with_a_three_under_its_top,
    pile_starting_with_a_two,
    pick_with_an_empty_display,
    compost_with_an_empty_hand,
    swap_without_two_open_piles,
    swap_without_the_landscape,
    negative_turn,
    discard_phase_within_the_limit,
    played_types_outside_a_play,
    unknown_power_bits,
    type_objective_for_a_type_not_in_play,
    draft_position_out_of_range,
    tiles_in_the_wrong_panorama_slot,
    missing_a_landscape_after_the_draft,
    one_tile_for_two_players,
]


def test_the_base_save_is_accepted():
    d = good()
    assert GAME.state_from_dict(d).to_dict() == d


@pytest.mark.parametrize("breakage", BROKEN, ids=[f.__name__ for f in BROKEN])
def test_broken_save_is_refused(breakage: Callable[[Save], None]):
    d = good()
    breakage(d)
    with pytest.raises(InvalidStateError):
        GAME.state_from_dict(d)
