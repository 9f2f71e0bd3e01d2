"""The twelve dweller cards (§7, §12) and Burly (§9), on scripted gardens.

Player 0 starts with S1 at tile (0, 0): (0,0) puddle, (1,0) pink, (0,1) purple, (1,1) yellow
mushroom. Figures are listed as (family, (x, y)) with family 0 leaf, 1 mushroom, 2 puddle; a
Thoughtful or Flirty figure is recorded on the top-left space of its square.
"""

from __future__ import annotations

import pytest

from leafpile.engine import IllegalActionError
from leafpile.games.under_the_leaves.components import LEAF, MUSH, WATER
from leafpile.games.under_the_leaves.scoring import figures as garden_figures
from leafpile.games.under_the_leaves.scoring import majority_bonus
from leafpile.games.under_the_leaves.state import Phase

from .garden import figures, lay, new_game, picture, spots

# -- leaf dwellers -----------------------------------------------------------------------------


def pink_square(**cards):
    """Pink 2x2 square at spaces (3,0)-(4,1)."""
    s = new_game(**cards)
    lay(s, 1, 0, "G* P / O P")
    lay(s, 2, 0, "P O* / P Y")
    assert picture(s) == ["WPgPPo", "VyOPPY"]
    return s


def test_thoughtful_arrives_on_a_square_of_one_colour():
    s = pink_square(leaf="thoughtful")
    assert spots(s, family=LEAF) == [(LEAF, (3, 0))]


def test_thoughtful_needs_four_spaces_of_one_colour():
    s = new_game(leaf="thoughtful")
    lay(s, 1, 0, "P G* / P O")  # an L of three pinks, no square
    assert figures(s, family=LEAF) == 0


def test_thoughtful_square_overlapping_an_earlier_one_never_scores():
    s = pink_square(leaf="thoughtful")
    lay(s, 1, -1, "Y* V / P P")
    lay(s, 2, -1, "G* Y / P P")  # pink square (3,-1)-(4,0) shares (3,0) (4,0)
    assert picture(s)[1] == "..PPPP"
    assert spots(s, family=LEAF) == [(LEAF, (3, 0))]


def test_thoughtful_scan_takes_the_first_of_two_overlapping_squares():
    s = new_game(leaf="thoughtful")
    lay(s, 0, 1, "G G / O* P")
    lay(s, 1, 1, "P P / V Y*")
    lay(s, 2, 1, "P* O / Y Y")
    lay(s, 2, 0, "G Y / P* Y")
    assert figures(s, family=LEAF) == 0
    lay(s, 1, 0, "O* Y / P P")  # squares (2,1)-(3,2) and (3,1)-(4,2) share (3,1) (3,2)
    assert picture(s) == ["WPoYGY", "VyPPpY", "GGPPpO", "oPVyYY"]
    assert spots(s, family=LEAF) == [(LEAF, (2, 1))]  # (row, column) order: §12 U1


def test_flirty_arrives_on_four_different_types():
    s = new_game(leaf="flirty")
    lay(s, 1, 0, "O* G / V V")  # window (1,0)-(2,1): pink, orange, yellow, purple
    assert picture(s) == ["WPoG", "VyVV"]
    assert spots(s, family=LEAF) == [(LEAF, (1, 0))]


def test_flirty_never_counts_the_starting_tile_alone():
    s = new_game(leaf="flirty")
    assert figures(s, family=LEAF) == 0  # S1 has four types
    lay(s, 0, 1, "G* Y / P P")  # windows below the start: none has four types
    assert figures(s, family=LEAF) == 0


def test_flirty_window_overlapping_an_earlier_one_never_scores():
    s = new_game(leaf="flirty")
    lay(s, 1, 0, "O* G / V V")
    lay(s, 1, -1, "V V / P* Y")  # window (2,-1)-(3,0) has 4 types but shares (2,0)
    assert picture(s)[1] == "..pY"
    assert figures(s, family=LEAF) == 1


def test_flirty_takes_every_disjoint_block_one_placement_makes():
    s = new_game(leaf="flirty")
    lay(s, 0, -1, "O O / V* P")
    lay(s, 1, -1, "Y O* / Y V")
    lay(s, 0, 1, "G G / O* P")
    lay(s, 1, 1, "Y G* / Y V")
    assert figures(s, family=LEAF) == 0
    lay(s, 1, 0, "P G* / P O")  # blocks (2,-1)-(3,0) and (2,1)-(3,2): no cap per turn
    assert picture(s) == ["OOYo", "vPYV", "WPPg", "VyPO", "GGYg", "oPYV"]
    assert spots(s, family=LEAF) == [(LEAF, (2, -1)), (LEAF, (2, 1))]


def test_restless_arrives_on_a_sector_of_five_once():
    s = pink_square(leaf="restless")
    assert figures(s, family=LEAF) == 0  # pink 4
    lay(s, 1, -1, "Y* V / P P")  # pink 6: on the new tile's first pink space
    assert spots(s, family=LEAF) == [(LEAF, (2, -1))]
    lay(s, 2, -1, "G* Y / P P")  # the same sector grows to 8: nothing
    assert figures(s, family=LEAF) == 1


def test_runner_needs_four_in_a_straight_line():
    s = pink_square(leaf="runner")
    lay(s, 1, -1, "Y* V / P P")  # pink 6 but the longest line is 3
    assert figures(s, family=LEAF) == 0
    lay(s, 2, -1, "G* Y / P P")  # row (2,-1)-(5,-1)
    assert spots(s, family=LEAF) == [(LEAF, (4, -1))]


def test_runner_scores_once_per_sector():
    s = pink_square(leaf="runner")
    lay(s, 1, -1, "Y* V / P P")
    lay(s, 2, -1, "G* Y / P P")
    lay(s, 3, -1, "O* V / P P")  # the line grows to 6: the same sector
    assert figures(s, family=LEAF) == 1


def test_thoughtful_takes_every_disjoint_square_of_one_sector_in_one_placement():
    # §12 U1: no "one per sector per turn" cap; the middle square overlaps both and is skipped
    s = new_game(leaf="thoughtful")
    lay(s, 1, 0, "O* G / Y Y")
    lay(s, 0, 1, "V Y / O* Y")
    lay(s, 0, 2, "W Y / G G")
    lay(s, 1, 2, "Y* P / O O")
    assert figures(s, family=LEAF) == 0
    lay(s, 1, 1, "Y P* / Y G")  # yellow (1,1)-(2,4): squares at rows 1-2, 2-3 and 3-4
    assert picture(s) == ["WPoG", "VyYY", "VYYp", "oYYG", "WYyP", "GGOO"]
    assert spots(s, family=LEAF) == [(LEAF, (1, 1)), (LEAF, (1, 3))]


def test_thoughtful_never_counts_a_square_of_puddles():
    # a puddle is not a terrain colour, so four puddles are no sector (§4, §7.1)
    s = new_game(leaf="thoughtful", puddle="diver")
    lay(s, 0, -1, "G V / W V")  # puddles (0,-1) (0,0): a Diver
    lay(s, -1, 0, "Y W / O O")
    lay(s, -1, -1, "G V / G W")  # the 2x2 puddle (-1,-1)-(0,0)
    assert picture(s)[1:3] == ["GWWV", "YWWP"]
    assert figures(s, family=LEAF) == 0
    assert spots(s, family=WATER) == [(WATER, (0, -1))]  # the grown puddle gives nothing


def test_restless_scores_every_separate_sector_of_five():
    s = pink_square(leaf="restless")
    lay(s, 1, -1, "Y* V / P P")  # pink 6
    lay(s, 0, 1, "G G / O* P")
    lay(s, 1, 1, "G G / Y* O")  # green 4
    assert figures(s, family=LEAF) == 1
    lay(s, 2, 1, "G V / Y* V")  # green 5: another sector, another leaf dweller
    assert picture(s)[4] == "GGGGGV"
    assert spots(s, family=LEAF) == [(LEAF, (2, -1)), (LEAF, (4, 2))]


def test_restless_sector_merged_with_an_unscored_one_gives_nothing():
    # §12 U3: the record is the sector at arrival; a sector overlapping it never scores again,
    # even when the unscored part it swallowed now has 5 spaces
    s = pink_square(leaf="restless")
    lay(s, 1, -1, "Y* V / P P")  # pink 6: a Restless
    lay(s, 3, 0, "P W / G G")
    lay(s, 3, -1, "P O* / P V")  # a second pink sector (6,-2) (6,-1) (6,0): 3 spaces
    assert sorted(b for _, _, b in s.sectors[0]) == [1, 2]
    lay(s, 2, -1, "V* G / P P")  # (4,-1) (5,-1) join both: pink 11
    assert picture(s)[1] == "..PPPPPV"
    assert [(m.bit_count(), b) for _, m, b in s.sectors[0]] == [(11, 3)]
    assert spots(s, family=LEAF) == [(LEAF, (2, -1))]


def test_runner_line_may_be_a_column():
    s = new_game(leaf="runner")
    lay(s, 1, 0, "Y* G / P G")
    assert figures(s, family=LEAF) == 0
    lay(s, 1, 1, "O G / V* G")  # green (3,0)-(3,3): 4 spaces, a straight column
    assert [row[3] for row in picture(s)] == ["G", "G", "G", "G"]
    assert spots(s, family=LEAF) == [(LEAF, (3, 2))]


# -- mushroom dwellers -------------------------------------------------------------------------


def test_host_arrives_on_a_sector_with_two_mushrooms_of_any_size():
    s = new_game(mushroom="host")
    lay(s, 1, 0, "V P / Y* P")  # yellow (1,1) (2,1): two spaces, two mushrooms
    assert picture(s) == ["WPVP", "VyyP"]
    assert spots(s, family=MUSH) == [(MUSH, (2, 1))]


def test_host_needs_two_mushrooms_in_one_sector():
    s = new_game(mushroom="host")
    lay(s, 1, 0, "P Y* / P V")  # mushrooms (1,1) and (3,0) in different sectors
    assert figures(s, family=MUSH) == 0


def test_host_scores_a_sector_once_even_when_it_gains_mushrooms():
    s = new_game(mushroom="host")
    lay(s, 1, 0, "V P / Y* P")
    lay(s, 1, 1, "Y* O / G G")  # (2,2) yellow mushroom joins the same sector
    assert figures(s, family=MUSH) == 1


def test_host_sector_never_scores_again_even_with_two_new_mushrooms():
    # §12 U4: the record is the sector's mushrooms at arrival; a sector whose mushrooms overlap
    # it gives none, however many mushrooms it gains
    s = new_game(mushroom="host")
    lay(s, 0, 1, "G Y* / G P")  # yellow (1,1) (1,2): two mushrooms, a Host
    lay(s, 1, 1, "Y* V / P P")  # (2,2) joins
    lay(s, 1, 0, "O V / Y* V")  # (2,1) joins: (2,1) and (2,2) hold no Host
    assert picture(s) == ["WPOV", "VyyV", "GyyV", "GPPP"]
    assert spots(s, family=MUSH) == [(MUSH, (1, 2))]


def test_explorer_arrives_on_the_middle_of_three_mushrooms_in_a_row():
    s = new_game(mushroom="explorer")
    lay(s, 1, 0, "P V / P Y*")  # mushrooms (1,1) (3,1)
    assert figures(s, family=MUSH) == 0
    lay(s, 2, 0, "P O / P G*")  # (5,1): any distance, any terrain between
    assert spots(s, family=MUSH) == [(MUSH, (3, 1))]


def test_explorer_reuses_only_mushrooms_without_an_explorer():
    s = new_game(mushroom="explorer")
    lay(s, 1, 0, "P V / P Y*")
    lay(s, 2, 0, "P O / P G*")
    lay(s, 3, 0, "P Y / P O*")  # (1,1) (5,1) (7,1) are free: (5,1) is their middle
    assert picture(s)[1] == "VyPyPgPo"
    assert spots(s, family=MUSH) == [(MUSH, (3, 1)), (MUSH, (5, 1))]


def test_explorer_lines_are_orthogonal_only():
    s = new_game(mushroom="explorer")
    lay(s, 1, 0, "Y* P / O O")  # (2,0)
    lay(s, 1, -1, "V V / G O*")  # (3,-1): (1,1) (2,0) (3,-1) is a diagonal
    assert figures(s, family=MUSH) == 0


def test_explorer_one_mushroom_can_finish_a_row_line_and_a_column_line():
    s = new_game(mushroom="explorer")
    lay(s, 0, -1, "W Y / G G")
    lay(s, 1, -1, "P P / V Y*")  # (3,-1)
    lay(s, 1, -2, "O O / P V*")  # (3,-3): column x=3 has two mushrooms
    lay(s, 2, -1, "W G / Y Y")
    lay(s, 2, 0, "G G / O V*")  # (5,1): row y=1 has (1,1) and (5,1)
    assert figures(s, family=MUSH) == 0
    lay(s, 1, 0, "Y Y / G O*")  # (3,1): middle of its row, end of the column
    assert picture(s)[4:] == ["WPYYGG", "VyGoOv"]
    assert spots(s, family=MUSH) == [(MUSH, (3, -1)), (MUSH, (3, 1))]


def collector_garden():
    s = new_game(mushroom="collector")
    lay(s, 1, 0, "P V / P Y*")  # mushrooms (1,1) (3,1): not diagonal
    lay(s, 1, 1, "G* O / P P")  # (2,2) is diagonal to both
    return s


def test_collector_pairs_are_choices_in_row_order():
    s = collector_garden()
    assert s.phase == "choose"
    assert [str(a) for a in s.legal_actions()] == ["@1,1", "@2,2"]
    s.play("@1,1")
    assert [str(a) for a in s.legal_actions()] == ["@3,1", "@2,2"]  # both still free
    s.play("@3,1")
    assert spots(s, family=MUSH) == [(MUSH, (1, 1)), (MUSH, (3, 1))]
    assert s.phase == "take"


def test_collector_space_taken_by_a_pair_is_not_offered_again_while_the_other_is_free():
    s = collector_garden()
    s.play("@2,2")
    assert [str(a) for a in s.legal_actions()] == ["@3,1"]  # §12 U5
    with pytest.raises(IllegalActionError):
        s.play("@2,2")
    s.play("@3,1")
    assert figures(s, family=MUSH) == 2


def test_collector_leaves_the_empty_mushroom_for_later_pairs():
    s = collector_garden()
    s.play("@2,2")
    s.play("@3,1")
    s.to_move = 0
    # (1,1) is still free: a new mushroom at (0,2) makes the pair (1,1)-(0,2)
    lay(s, 0, 1, "O* P / G G")
    assert [str(a) for a in s.legal_actions()] == ["@1,1", "@0,2"]
    s.play("@0,2")
    assert figures(s, family=MUSH) == 3


def test_collector_needs_diagonal_mushrooms():
    s = new_game(mushroom="collector")
    lay(s, 1, 0, "P V / P Y*")  # (1,1) and (3,1) in one row
    assert s.phase == "take" and figures(s, family=MUSH) == 0


def test_loner_needs_eight_neighbours_without_mushrooms():
    s = new_game(mushroom="loner")
    lay(s, 1, 0, "O G* / P P")
    lay(s, 1, 1, "P Y / P G*")
    assert figures(s, family=MUSH) == 0  # (1,1) is not surrounded yet
    lay(s, 0, 1, "P P / O* Y")
    assert picture(s) == ["WPOg", "VyPP", "PPPY", "oYPg"]
    assert spots(s, family=MUSH) == [(MUSH, (1, 1))]
    lay(s, 2, 0, "V O / V P*")  # (1,1) is still a loner: once per mushroom
    assert figures(s, family=MUSH) == 1


def test_loner_refuses_a_mushroom_among_the_neighbours():
    s = new_game(mushroom="loner")
    lay(s, 1, 0, "O G* / P P")
    lay(s, 1, 1, "P Y / P G*")
    lay(s, 0, 1, "P O* / G G")  # a mushroom on (1,2), next to (1,1)
    assert figures(s, family=MUSH) == 0


# -- puddle dwellers ---------------------------------------------------------------------------


def test_diver_arrives_when_a_puddle_of_two_forms_and_not_when_it_grows():
    s = new_game(puddle="diver")
    lay(s, -1, 0, "O W / P P")
    assert picture(s) == ["OWWP", "PPVy"]
    assert spots(s, family=WATER) == [(WATER, (-1, 0))]
    lay(s, -1, -1, "G G / Y W")  # the puddle grows to 3
    assert figures(s, family=WATER) == 1


def test_diver_needs_two_connected_puddle_spaces():
    s = new_game(puddle="diver")
    lay(s, 0, -1, "P P / O W")  # (1,-1) is diagonal to (0,0)
    assert figures(s, family=WATER) == 0


def test_skipper_arrives_between_two_puddles():
    s = new_game(puddle="skipper")
    lay(s, 1, 0, "W O / P P")  # puddles (0,0) and (2,0) around pink (1,0)
    assert picture(s) == ["WPWO", "VyPP"]
    assert spots(s, family=WATER) == [(WATER, (1, 0))]


def test_skipper_scores_a_middle_space_once_and_needs_adjacent_puddles():
    s = new_game(puddle="skipper")
    lay(s, 1, 0, "W O / P P")
    lay(s, 2, 0, "W Y / G G")  # puddle (4,0): orange (3,0) lies between (2,0) and (4,0)
    assert picture(s) == ["WPWOWY", "VyPPGG"]
    assert spots(s, family=WATER) == [(WATER, (1, 0)), (WATER, (3, 0))]
    lay(s, 0, 1, "G G / W P")  # puddle (0,3): two spaces below (0,0), not one
    assert figures(s, family=WATER) == 2


def test_diver_scores_a_second_separate_puddle():
    s = new_game(puddle="diver")
    lay(s, 1, 0, "O W / P P")  # (3,0): alone
    assert figures(s, family=WATER) == 0
    lay(s, 2, 0, "W Y / G G")  # (3,0) (4,0): a new puddle of two
    assert spots(s, family=WATER) == [(WATER, (4, 0))]


def test_skipper_puddles_may_be_above_and_below():
    s = new_game(puddle="skipper")
    lay(s, 0, -1, "W O / G O")  # puddles (0,-2) and (0,0) around green (0,-1)
    assert picture(s) == ["WO", "GO", "WP", "Vy"]
    assert spots(s, family=WATER) == [(WATER, (0, -1))]


def test_friendly_pairs_that_share_the_new_puddle_give_two_figures():
    s = new_game(puddle="friendly")
    lay(s, 0, 1, "W O / G G")  # (0,2): no diagonal puddle yet
    assert s.phase == "take"
    lay(s, -1, 0, "P P / Y W")  # (-1,1) is diagonal to (0,0) and to (0,2)
    assert s.phase == "choose"
    assert [str(a) for a in s.legal_actions()] == ["@0,0", "@-1,1"]
    s.play("@-1,1")
    assert [str(a) for a in s.legal_actions()] == ["@0,2"]  # §12 U5
    s.play("@0,2")
    assert spots(s, family=WATER) == [(WATER, (-1, 1)), (WATER, (0, 2))]
    assert s.phase == "take"


def test_friendly_shared_puddle_may_be_chosen_by_the_second_pair_when_the_first_left_it():
    s = new_game(puddle="friendly")
    lay(s, 0, 1, "W O / G G")
    lay(s, -1, 0, "P P / Y W")
    s.play("@0,0")
    assert [str(a) for a in s.legal_actions()] == ["@-1,1", "@0,2"]
    s.play("@-1,1")
    assert figures(s, family=WATER) == 2


def test_friendly_is_a_choice_between_two_diagonal_puddles():
    s = new_game(puddle="friendly")
    lay(s, 0, -1, "P P / O W")
    assert s.phase == "choose"
    assert [str(a) for a in s.legal_actions()] == ["@1,-1", "@0,0"]
    s.play("@1,-1")
    assert spots(s, family=WATER) == [(WATER, (1, -1))]


def test_friendly_pair_with_a_figure_does_not_score_again():
    s = new_game(puddle="friendly")
    lay(s, 0, -1, "P P / O W")
    s.play("@0,0")
    s.to_move = 0
    lay(s, 1, -1, "G G / W Y")  # (2,-1) is orthogonal to (1,-1): no new pair
    assert s.phase == "take"
    assert figures(s, family=WATER) == 1


def test_shy_arrives_when_a_tile_without_puddle_closes_the_ring():
    s = new_game(puddle="shy")
    lay(s, 0, -1, "G* Y / P P")
    lay(s, -1, 0, "Y G* / O O")
    assert figures(s, family=WATER) == 0
    lay(s, -1, -1, "O G* / P P")
    assert spots(s, family=WATER) == [(WATER, (0, 0))]
    lay(s, 1, 0, "Y V* / O O")  # (0,0) is still shy: once per puddle
    assert figures(s, family=WATER) == 1


def test_shy_refuses_a_puddle_among_the_neighbours():
    s = new_game(puddle="shy")
    lay(s, 0, -1, "P P / O W")  # a puddle at (1,-1) next to (0,0)
    lay(s, -1, 0, "Y G* / O O")
    lay(s, -1, -1, "O G* / P P")
    assert figures(s, family=WATER) == 0


# -- Burly -------------------------------------------------------------------------------------


def test_burly_goes_to_the_first_sector_of_five_then_to_strictly_larger_ones():
    s = new_game(2, (1, 2), burly=True)
    lay(s, 1, 0, "G* P / O P", player=0)
    lay(s, 2, 0, "P O* / P Y", player=0)
    assert s.burly_holder == -1  # pink 4
    lay(s, 1, -1, "Y* V / P P", player=0)  # pink 6
    assert (s.burly_holder, s.burly_bar) == (0, 6)
    # player 1 (S2: orange at (1,0)) grows an orange sector
    lay(s, 1, 0, "O V* / O Y", player=1)
    lay(s, 1, -1, "Y* P / O O", player=1)  # orange 5
    lay(s, 0, -1, "Y Y / P* O", player=1)  # orange 6: equal is not enough
    assert s.burly_holder == 0
    lay(s, 2, -1, "O P* / O G", player=1)  # orange 8
    assert (s.burly_holder, s.burly_bar) == (1, 8)


def test_burly_holder_raises_the_bar_and_scores_three_at_the_end():
    s = new_game(2, (1, 2), burly=True)
    lay(s, 1, 0, "G* P / O P", player=0)
    lay(s, 2, 0, "P O* / P Y", player=0)
    lay(s, 1, -1, "Y* V / P P", player=0)
    lay(s, 2, -1, "G* Y / P P", player=0)  # the holder's own sector grows to 8
    assert (s.burly_holder, s.burly_bar) == (0, 8)
    before = s.scores()
    s.phase = Phase.OVER
    assert s.scores()[0] >= before[0] + 3


def test_burly_is_not_in_play_without_the_option():
    s = new_game(2, (1, 2))
    lay(s, 1, 0, "G* P / O P", player=0)
    lay(s, 2, 0, "P O* / P Y", player=0)
    lay(s, 1, -1, "Y* V / P P", player=0)  # pink 6
    assert s.burly_holder == -1
    s.phase = Phase.OVER
    assert s.scores()[0] == garden_figures(s, 0) + sum(majority_bonus(s)[0])


def test_burly_adds_exactly_three_and_takes_no_part_in_tie_breaks():
    s = new_game(2, (1, 2), burly=True, leaf="restless", mushroom="loner", puddle="shy")
    lay(s, 1, 0, "G* P / O P", player=0)
    lay(s, 2, 0, "P O* / P Y", player=0)
    lay(s, 1, -1, "Y* V / P P", player=0)  # pink 6: Burly, one bee, one Restless
    assert s.burly_holder == 0
    s.phase = Phase.OVER
    s.bees = [1, 4]
    s.dwellers[:] = [0, 0, 0, 0, 0, 0]
    assert s.scores() == [1 + 3, 4]  # Burly is +3 points and no figure: no majority
    s.bees = [1, 1]
    s.dwellers[3] = 3  # P1: 1 bee + 3 leaf (+2 majority) = 6; P0: 1 bee + Burly = 4
    assert s.scores() == [4, 6]
    s.dwellers[3] = 1  # 1 + 1 + 2 = 4 each: tied on points, hummingbirds and bees
    assert s.scores() == [4, 4] and s.winners() == [0, 1]
