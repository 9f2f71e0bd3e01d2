"""The component data checked entry by entry against the rules file (momiji.md §1, §2)."""

from __future__ import annotations

from leafpile.games.momiji.components import (
    BY_PLAYERS,
    CARDS,
    COMPOST_CARDS,
    DISPLAY_SIZE,
    HAND_LIMIT,
    HAND_SIZE,
    HARVEST_ACORNS,
    LANDSCAPE_COST,
    LANDSCAPES,
    OBJECTIVE_COST,
    OBJECTIVES,
    POSITIONS,
    PRESET,
    REFRESH_COST,
    START_ACORNS,
    TYPE_LETTERS,
    TYPE_NAMES,
)


def test_six_leaf_types_named_as_the_rules_file_proposes():
    """§1.2 / Q1 [D]: GREEN, YELLOW, ORANGE, RED, PURPLE, BROWN."""
    assert TYPE_NAMES == ("green", "yellow", "orange", "red", "purple", "brown")
    assert TYPE_LETTERS == ("G", "Y", "O", "R", "P", "B")


def test_acorn_corners_alternate_on_zeros_and_ones_and_never_on_twos_and_threes():
    """§1.2 / Q2 [D]: per type, the five 0s show L R L R L, the four 1s L R L R, 2s and 3s none;
    no card shows both corners."""
    for t in range(6):
        by_value: dict[int, list[str]] = {v: [] for v in range(4)}
        for c in CARDS:
            if c.type == t:
                by_value[c.value].append(("L" if c.left else "") + ("R" if c.right else ""))
        assert by_value == {
            0: ["L", "R", "L", "R", "L"],
            1: ["L", "R", "L", "R"],
            2: ["", "", ""],
            3: ["", ""],
        }


def test_setup_table_by_player_count():
    """§1.3: types, objectives revealed and torii = players + 2."""
    assert BY_PLAYERS == {2: (4, 4, 4), 3: (5, 5, 5), 4: (6, 6, 6)}


def test_setup_numbers_and_costs():
    """§2, §4.1, §4.3, §4.4, §4.5, §4.6, Q5."""
    assert (HAND_SIZE, DISPLAY_SIZE, HAND_LIMIT) == (6, 4, 8)
    assert (REFRESH_COST, OBJECTIVE_COST, LANDSCAPE_COST) == (1, 3, 1)
    assert (HARVEST_ACORNS, COMPOST_CARDS, START_ACORNS) == (2, 2, 2)


def test_landscape_catalogue_matches_the_rules_table():
    """§1.4 / Q6 [D]: 15 placeholder tiles, five per panorama position, with these powers."""
    expected = {
        "L1": ("L", "reveal4"),
        "L2": ("L", "collect_two"),
        "L3": ("L", "draw3"),
        "L4": ("L", "pick_display"),
        "L5": ("L", "gain3"),
        "C1": ("C", "skip"),
        "C2": ("C", "three_same"),
        "C3": ("C", "start_one"),
        "C4": ("C", "harvest_same"),
        "C5": ("C", "extra_main"),
        "R1": ("R", "cheap_objective"),
        "R2": ("R", "from_discard"),
        "R3": ("R", "swap_piles"),
        "R4": ("R", "no_limit"),
        "R5": ("R", "sell_cards"),
    }
    assert {t.id: (POSITIONS[t.position], t.power) for t in LANDSCAPES} == expected


def test_first_game_preset_gives_seat_n_tiles_ln_cn_rn():
    """§1.4 [D]: seat 1 -> L1/C1/R1, ..., seat 4 -> L4/C4/R4."""
    assert [[LANDSCAPES[i].id for i in seat] for seat in PRESET] == [
        ["L1", "C1", "R1"],
        ["L2", "C2", "R2"],
        ["L3", "C3", "R3"],
        ["L4", "C4", "R4"],
    ]


def test_objective_set_matches_the_rules_table():
    """§1.5 / Q7 [D]: 12 tokens: zero, one per type, visible, closed, piles, biggest, acorns."""
    got = {o.id: (o.metric, o.param) for o in OBJECTIVES}
    expected: dict[str, tuple[str, int | None]] = {
        "zero": ("value_count", 0),
        "visible": ("visible_sum", None),
        "closed": ("closed_piles", None),
        "piles": ("pile_count", None),
        "biggest": ("biggest_pile", None),
        "acorns": ("acorns", None),
    }
    for t, letter in enumerate(TYPE_LETTERS):
        expected[f"type-{letter}"] = ("type_count", t)
    assert got == expected
