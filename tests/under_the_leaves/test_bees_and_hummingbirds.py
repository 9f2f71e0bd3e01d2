"""Bees (§5) and hummingbirds (§6), on scripted gardens.

Player 0 starts with S1 at tile (0, 0): spaces (0,0) puddle, (1,0) pink, (0,1) purple,
(1,1) yellow with a mushroom. Pictures in the comments: rows of spaces, `.` empty, lowercase =
mushroom, W = puddle, V = purple.
"""

from __future__ import annotations

from leafpile.games.under_the_leaves.components import PINK, tile_bit

from .garden import bees, birds, lay, new_game, picture


def sector_bees(state, colour):
    return sorted(b for c, _, b in state.sectors[0] if c == colour)


def test_bee_arrives_on_a_new_pollinated_sector():
    s = new_game()
    lay(s, 1, 0, "P G* / P O")  # pink (1,0) (2,0) (2,1): 3 spaces
    assert picture(s) == ["WPPg", "VyPO"]
    assert bees(s) == 1
    assert sector_bees(s, PINK) == [1]


def test_two_spaces_are_not_a_pollinated_sector():
    s = new_game()
    lay(s, 1, 0, "O G* / P P")  # the pink pair touches no other pink
    assert bees(s) == 0 and s.sectors[0] == ()


def test_growing_a_pollinated_sector_brings_no_bee():
    s = new_game()
    lay(s, 1, 0, "P G* / P O")
    lay(s, 1, -1, "Y* V / P P")  # pink grows to 5
    assert bees(s) == 1
    assert [(c, m.bit_count(), b) for c, m, b in s.sectors[0]] == [(PINK, 5, 1)]


def test_new_sector_adds_a_bee_to_every_other_sector_of_its_colour():
    s = new_game()
    lay(s, 1, 0, "P G* / P O")
    lay(s, 1, -1, "Y* V / P P")
    lay(s, -1, 0, "V* P / O O")  # a lone pink at (-1,0)
    lay(s, -1, -1, "O* Y / P P")  # pink (-2,-1) (-1,-1) (-1,0): a second pink sector
    assert bees(s) == 3
    assert sector_bees(s, PINK) == [1, 2]


def test_new_sector_of_another_colour_adds_nothing_to_pink():
    s = new_game()
    lay(s, 1, 0, "P W / P G")  # pink sector: 1 bee
    lay(s, 2, 0, "G O* / G P")  # green (3,1) (4,0) (4,1): new green sector
    assert sector_bees(s, PINK) == [1]
    assert bees(s) == 2


def test_bees_join_when_sectors_merge():
    s = new_game()
    lay(s, 1, 0, "P G* / P O")
    lay(s, 1, -1, "Y* V / P P")
    lay(s, -1, 0, "V* P / O O")
    lay(s, -1, -1, "O* Y / P P")  # pink sectors with 2 and 1 bees
    lay(s, 0, -1, "G* Y / P P")  # the pink pair joins both sectors
    assert picture(s)[1] == "PPPPPP"
    assert [(c, m.bit_count(), b) for c, m, b in s.sectors[0]] == [(PINK, 10, 3)]
    assert bees(s) == 3  # summed, no new bee


def test_a_puddle_breaks_a_sector():
    s = new_game()
    lay(s, -1, 0, "O* P / G G")  # pink (-1,0) next to the starting puddle (0,0)
    lay(s, 0, -1, "Y* V / P P")  # pink (0,-1) (1,-1) touches pink (1,0) only
    assert picture(s)[1:3] == ["..PP", "oPWP"]
    # pink (0,-1) (1,-1) (1,0) = 3: a sector; (-1,0) is cut off by the puddle, and being
    # diagonal to (0,-1) does not connect it either
    assert [(c, m.bit_count()) for c, m, _ in s.sectors[0]] == [(PINK, 3)]


def test_hummingbird_on_a_puddle_tile_needs_its_three_terrain_spaces_pollinated():
    s = new_game()
    lay(s, 1, 0, "P W / P G")  # pink pollinated, green (3,1) alone: no bird
    assert birds(s) == 0
    lay(s, 2, 0, "G O* / G P")  # green (3,1) (4,0) (4,1) pollinated
    assert picture(s) == ["WPPWGo", "VyPGGP"]
    assert s.humm_base[0] == 1 << tile_bit(1, 0)  # the puddle (3,0) is ignored
    assert birds(s) == 1


def test_row_of_three_hummingbird_tiles_gives_the_middle_one_a_bird():
    s = new_game()
    for x, y, pic in [
        (0, 1, "Y Y / G P*"),
        (1, 0, "P P / Y W"),
        (-1, 0, "G O* / V V"),
        (-1, 1, "V* Y / G G"),
        (1, 1, "Y O* / P P"),
    ]:
        lay(s, x, y, pic)
    assert s.humm_row[0] == 0
    lay(s, 2, 1, "O O / P V*")
    assert picture(s) == ["GoWPPP..", "VVVyYW..", "vYYYYoOO", "GGGpPPPv"]
    # birds on S1, (1,0), and the row (-1,1) (0,1) (1,1); (2,1) has a lone purple
    assert s.humm_row[0] == 1 << tile_bit(0, 1)
    assert s.humm_col[0] == 0
    assert birds(s) == 5 + 1


def test_column_of_three_hummingbird_tiles_gives_the_middle_one_a_bird():
    s = new_game()
    for x, y, pic in [
        (0, 1, "V V / G Y*"),
        (0, -1, "W P / O P"),
        (1, 0, "Y V / Y G*"),
        (1, -1, "P W / V V"),
        (-1, -1, "P* O / G O"),
    ]:
        lay(s, x, y, pic)
    assert birds(s) == 3
    lay(s, 1, 1, "Y G / W G")  # completes the column (1,-1) (1,0) (1,1)
    assert s.humm_col[0] == 1 << tile_bit(1, 0)
    assert s.humm_row[0] == 0
    assert birds(s) == 5 + 1


def test_a_tile_holds_at_most_three_hummingbirds_row_and_column():
    s = new_game()
    for x, y, pic in [
        (0, 1, "Y Y / V G*"),
        (1, 0, "P P / Y W"),
        (-1, 0, "Y P* / V V"),
        (1, 1, "Y V* / G G"),
        (0, 2, "V V / P W"),
        (-1, 2, "W V / P P"),
    ]:
        lay(s, x, y, pic)
    assert s.humm_col[0] == 1 << tile_bit(0, 1)  # column (0,0) (0,1) (0,2)
    lay(s, 2, 1, "V G* / V P")
    assert s.humm_row[0] == 0  # (2,1) has a lone green mushroom: no bird
    lay(s, -1, 1, "Y Y / W V")  # row (-1,1) (0,1) (1,1)
    assert picture(s) == [
        "YpWPPP..",
        "VVVyYW..",
        "YYYYYvVg",
        "WVVgGGVP",
        "WVVV....",
        "PPPW....",
    ]
    assert s.humm_row[0] == s.humm_col[0] == 1 << tile_bit(0, 1)
    assert birds(s) == 7 + 2  # 7 tiles with a bird, (0,1) holds 3
    lay(s, 0, 3, "P G* / P O")  # nothing more for (0,1), whatever comes later
    assert (s.humm_row[0] | s.humm_col[0]) & (1 << tile_bit(0, 1))
    assert birds(s) >= 9


def test_hummingbirds_never_leave_and_tiles_get_the_base_bird_once():
    s = new_game()
    lay(s, 1, 0, "P W / P G")
    lay(s, 2, 0, "G O* / G P")
    assert birds(s) == 1
    lay(s, 1, 1, "G* Y / P P")  # more pollination elsewhere: the bird is not doubled
    assert birds(s) == 1


def test_third_sector_of_a_colour_gets_one_bee_and_each_earlier_one_gains_one():
    # §5 example: pink sectors with 1 and 2 bees; a new pink sector -> 1, 2 -> 3, 1 -> 2
    s = new_game()
    lay(s, 1, 0, "P G* / P O")
    lay(s, 1, -1, "Y* V / P P")
    lay(s, -1, 0, "V* P / O O")
    lay(s, -1, -1, "O* Y / P P")
    assert sector_bees(s, PINK) == [1, 2] and bees(s) == 3
    lay(s, 0, 1, "G* Y / P P")  # pink (0,3) (1,3): two spaces, no sector yet
    assert bees(s) == 3
    lay(s, 1, 1, "O* V / P P")  # pink (0,3)-(3,3): a third pink sector
    assert picture(s)[4:] == ["..gYoV", "..PPPP"]
    assert sector_bees(s, PINK) == [1, 2, 3]
    assert bees(s) == 6


ROW_OF_FIVE = [
    (-1, 0, "Y* V / G V"),
    (0, 1, "V O / V W"),
    (-2, 0, "Y Y / O* G"),
    (-2, 1, "O G / O W"),
    (1, 0, "P* O / Y Y"),
    (1, 1, "O Y / O V*"),
    (2, 1, "Y W / V V"),
]


def test_every_inner_tile_of_a_longer_row_of_hummingbird_tiles_gets_a_bird():
    s = new_game()
    for x, y, pic in ROW_OF_FIVE:
        lay(s, x, y, pic)
    assert s.humm_row[0] == 1 << tile_bit(1, 1)
    # the starting tile and (1,0) fill the row (-2,0)..(1,0): two inner tiles at once
    lay(s, 1, -1, "Y* O / P O")
    assert s.humm_base[0] >> tile_bit(0, 0) & 1 and s.humm_base[0] >> tile_bit(1, 0) & 1
    row = [x for x in range(-3, 4) if s.humm_row[0] >> tile_bit(x, 0) & 1]
    assert row == [-1, 0]
    lay(s, 2, 0, "O P / W P")
    lay(s, 2, -1, "V V / W P")  # (2,0) qualifies: a row of five, three inner tiles
    assert picture(s)[2:4] == ["YYyVWPpOOP", "oGGVVyYYWP"]
    row = [x for x in range(-3, 4) if s.humm_row[0] >> tile_bit(x, 0) & 1]
    assert row == [-1, 0, 1]
    assert s.humm_col[0] == 0
    assert birds(s) == 9 + 4  # 9 tiles with the base bird, 4 row bonuses
