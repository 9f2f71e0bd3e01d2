"""The components against the rules file's exact lists (§1.2-§1.4, §7, §9, §2.2).

The tables below are transcribed from docs/rules/under-the-leaves.md, not read from
data/*.json, so a slip in the data files shows up here entry by entry.
"""

from __future__ import annotations

from leafpile.games.under_the_leaves.components import (
    BURLY_MIN_SECTOR,
    BURLY_POINTS,
    DWELLERS,
    FIRST_GAME_CARDS,
    GARDEN_TILES,
    MUSHROOM,
    ORIENTED,
    START_TILES,
    TILES,
    TYPE_NAMES,
    orient,
)

#: §1.4 mushroom tiles, layout [A*, B, C, C]: id -> (A*, B, C).
MUSHROOM_TILES = {
    1: ("green", "orange", "pink"),
    2: ("orange", "yellow", "pink"),
    3: ("yellow", "purple", "pink"),
    4: ("orange", "purple", "pink"),
    5: ("purple", "green", "pink"),
    6: ("green", "yellow", "pink"),
    7: ("purple", "pink", "yellow"),
    8: ("pink", "orange", "yellow"),
    9: ("orange", "green", "yellow"),
    10: ("orange", "purple", "yellow"),
    11: ("green", "purple", "yellow"),
    12: ("pink", "green", "yellow"),
    13: ("purple", "yellow", "orange"),
    14: ("yellow", "pink", "orange"),
    15: ("pink", "green", "orange"),
    16: ("purple", "pink", "orange"),
    17: ("green", "yellow", "orange"),
    18: ("green", "purple", "orange"),
    19: ("orange", "green", "purple"),
    20: ("pink", "orange", "purple"),
    21: ("pink", "yellow", "purple"),
    22: ("yellow", "orange", "purple"),
    23: ("yellow", "green", "purple"),
    24: ("green", "pink", "purple"),
    25: ("purple", "orange", "green"),
    26: ("orange", "pink", "green"),
    27: ("yellow", "pink", "green"),
    28: ("yellow", "orange", "green"),
    29: ("purple", "yellow", "green"),
    30: ("pink", "purple", "green"),
}
#: §1.4 puddle tiles, layout [puddle, B, C, C]: id -> (B, C).
PUDDLE_TILES = {
    31: ("orange", "pink"),
    32: ("yellow", "pink"),
    33: ("green", "pink"),
    34: ("purple", "pink"),
    35: ("yellow", "orange"),
    36: ("purple", "orange"),
    37: ("green", "orange"),
    38: ("pink", "orange"),
    39: ("orange", "yellow"),
    40: ("pink", "yellow"),
    41: ("purple", "yellow"),
    42: ("green", "yellow"),
    43: ("orange", "purple"),
    44: ("yellow", "purple"),
    45: ("green", "purple"),
    46: ("pink", "purple"),
    47: ("pink", "green"),
    48: ("orange", "green"),
    49: ("yellow", "green"),
    50: ("purple", "green"),
}
#: §1.3 starting tiles S1-S4 (ids 51-54): [TL, TR, BL, BR], * = mushroom.
STARTING_TILES = {
    "S1": ("puddle", "pink", "purple", "yellow*"),
    "S2": ("puddle", "orange", "yellow", "pink*"),
    "S3": ("puddle", "purple", "pink", "orange*"),
    "S4": ("puddle", "yellow", "orange", "purple*"),
}
#: §7: card -> family; the first-game cards are marked (§2.2).
CARDS = {
    "thoughtful": "leaf",
    "restless": "leaf",
    "flirty": "leaf",
    "runner": "leaf",
    "host": "mushroom",
    "explorer": "mushroom",
    "collector": "mushroom",
    "loner": "mushroom",
    "diver": "puddle",
    "skipper": "puddle",
    "friendly": "puddle",
    "shy": "puddle",
}


def label(code: int) -> str:
    return TYPE_NAMES[code & 7] + ("*" if code & MUSHROOM else "")


def test_garden_tiles_are_exactly_the_rules_list():
    assert list(GARDEN_TILES) == list(range(1, 51))
    for tile, (a, b, c) in MUSHROOM_TILES.items():
        assert tuple(label(x) for x in TILES[tile].spaces) == (a + "*", b, c, c), tile
    for tile, (b, c) in PUDDLE_TILES.items():
        assert tuple(label(x) for x in TILES[tile].spaces) == ("puddle", b, c, c), tile
    assert len(MUSHROOM_TILES) + len(PUDDLE_TILES) == 50


def test_starting_tiles_are_exactly_the_rules_list():
    assert len(START_TILES) == 4
    for tile in START_TILES:
        name = TILES[tile].name
        assert tuple(label(x) for x in TILES[tile].spaces) == STARTING_TILES[name]
    assert sorted(TILES[t].name for t in START_TILES) == sorted(STARTING_TILES)


def test_dweller_cards_families_and_first_game_trio():
    assert {d.name: ("leaf", "mushroom", "puddle")[d.family] for d in DWELLERS} == CARDS
    assert len(DWELLERS) == 12
    assert FIRST_GAME_CARDS == ("thoughtful", "host", "diver")
    assert [d.name for d in DWELLERS if d.first_game] == ["thoughtful", "host", "diver"]


def test_burly_takes_a_sector_of_five_and_is_worth_three():
    assert (BURLY_MIN_SECTOR, BURLY_POINTS) == (5, 3)


def test_quarter_turn_is_clockwise_and_the_mirror_follows_it():
    # [BGA] §1.2: a quarter turn maps [TL, TR, BL, BR] to [BL, TL, BR, TR]; the mirror then
    # swaps TL/TR and BL/BR.
    tl, tr, bl, br = 1, 2, 3, 4
    assert orient((tl, tr, bl, br), 0) == (tl, tr, bl, br)
    assert orient((tl, tr, bl, br), 1) == (bl, tl, br, tr)
    assert orient((tl, tr, bl, br), 2) == (br, bl, tr, tl)
    assert orient((tl, tr, bl, br), 3) == (tr, br, tl, bl)
    assert orient((tl, tr, bl, br), 4) == (tr, tl, br, bl)
    assert orient((tl, tr, bl, br), 5) == (tl, bl, tr, br)


def test_every_garden_tile_has_eight_different_orientations():
    # the back is the mirror image of the front: 4 rotations x 2 sides, all distinct
    for tile in GARDEN_TILES:
        assert len(set(ORIENTED[tile])) == 8, tile
