"""Goals (§7), final scoring (§9) and tie-breaks."""

from __future__ import annotations

from leafpile.games.undergrove.forest import forest_changed
from leafpile.games.undergrove.scoring import (
    goal_measure,
    goal_points,
    piece_points,
    ranking_points,
    score_parts,
)
from tests.undergrove.helpers import (
    fresh,
    give_root,
    pass_turn,
    play,
    put_piece,
    put_tile,
    set_res,
)


def points_of(s, goal: int) -> list[int]:
    return goal_points(s)[s.goals.index(goal)]


def test_ranking_goals_give_9_5_3_1_and_tied_players_share_rounded_down():
    assert ranking_points([5, 2]) == [9, 5]
    assert ranking_points([5, 5]) == [7, 7]
    assert ranking_points([0, 0, 0]) == [5, 5, 5]  # (9 + 5 + 3) // 3
    assert ranking_points([3, 2, 2, 1]) == [9, 4, 4, 1]


def test_goal_1_counts_turns_making_six_carbon_per_six():
    s = fresh(goals=(1, 3, 5))
    set_res(s, 0, C=0, N=10)
    play(s, "photosynthesize", "convert 10", "done")  # 10 + 2 = 12 carbon: two sixes
    assert s.big_turns[0] == 2 and points_of(s, 1) == [5, 0]
    s.big_turns[0] = 5
    assert points_of(s, 1)[0] == 9


def test_goal_2_ranks_nitrogen_conversions():
    s = fresh(goals=(2, 3, 5))
    play(s, "photosynthesize", "convert 2", "done")
    assert goal_measure(s, 0, "conversions") == 2 and points_of(s, 2) == [9, 5]


def test_goal_3_counts_columns_holding_your_pieces():
    s = fresh(goals=(1, 3, 5))
    put_piece(s, 0, -1, 0)
    put_piece(s, 0, 1, 1)  # x = 1 (the corner below P1's)
    assert goal_measure(s, 0, "columns") == 3 and points_of(s, 3)[0] == 1
    put_piece(s, 0, 2, 0)
    put_piece(s, 0, -1, 1, tree=True)
    assert goal_measure(s, 0, "columns") == 4 and points_of(s, 3)[0] == 3


def test_goal_4_ranks_mushrooms_touched_by_your_pieces():
    s = fresh(goals=(1, 4, 5))
    # P0 on (0,0) touches 1, 2, 4; P1 on (1,0) touches 1, 3, 4
    assert goal_measure(s, 0, "touched_tiles") == 3 == goal_measure(s, 1, "touched_tiles")
    put_piece(s, 0, 0, 2)  # touches Common Deceiver (0,1)
    assert goal_measure(s, 0, "touched_tiles") == 4 and points_of(s, 4) == [9, 5]


def test_goal_5_scores_trees_0_1_2_4():
    s = fresh(goals=(1, 3, 5))
    for n, expected in ((1, 1), (2, 2), (3, 4), (4, 4)):
        put_piece(s, 0, n, 2 + n, tree=True)
        assert points_of(s, 5)[0] == expected


def test_goal_6_counts_pieces_with_two_roots():
    s = fresh(goals=(1, 3, 6))
    for t, x, y in ((20, -1, -1), (21, 1, -1)):  # fill the cross's corners: a 3x3 block
        put_tile(s, t, x, y)
    give_root(s, 0, 0, 0, 2)
    assert goal_measure(s, 0, "well_rooted") == 1 and points_of(s, 6)[0] == 0
    for x, y, tiles in ((0, -1, (4, 20)), (1, -1, (21, 4)), (-1, 0, (2, 20))):
        put_piece(s, 0, x, y)
        for t in tiles:
            give_root(s, 0, x, y, t)
    assert goal_measure(s, 0, "well_rooted") == 4 and points_of(s, 6)[0] == 1


def test_goal_7_ranks_roots_placed():
    s = fresh(goals=(1, 3, 7))
    play(s, "partner", "skip", "root 0,0>2", "root 0,0>4")
    assert goal_measure(s, 0, "roots") == 3 and points_of(s, 7) == [9, 5]


def test_goal_8_scores_turns_with_two_roots_on_one_symbol():
    s = fresh(goals=(1, 3, 8))
    put_tile(s, 10, -1, -1)  # King Bolete (g) next to Painted Suillus (g)
    play(s, "partner", "skip", "root 0,0>2", "root 0,0>10")
    assert s.symbol_turns[0] == 1 and points_of(s, 8) == [2, 0]
    pass_turn(s)
    s.res[0] = [4, 2, 2, 2]
    play(s, "partner", "skip", "root 0,0>4")
    assert s.symbol_turns[0] == 1


def test_goals_9_and_10_count_roots_by_even_or_odd_pine_cones():
    s = fresh(goals=(1, 3, 9))
    put_tile(s, 42, -1, -1)  # dynamic, 0 stored: counts as even
    give_root(s, 0, 0, 0, 2)  # 3 VP: odd
    give_root(s, 0, 0, 0, 42)
    assert goal_measure(s, 0, "even_roots") == 2  # Earthlover (2) and 42 (0)
    assert goal_measure(s, 0, "odd_roots") == 1
    s.stored[42] = 1
    assert goal_measure(s, 0, "even_roots") == 1 and goal_measure(s, 0, "odd_roots") == 2


def test_goals_11_and_12_count_roots_on_colour_and_animal_names():
    s = fresh(goals=(1, 3, 11))
    give_root(s, 0, 0, 0, 4)  # Pacific Golden Chanterelle: a colour
    give_root(s, 1, 1, 0, 3)  # Fly Agaric: an animal
    assert goal_measure(s, 0, "colour_roots") == 1 and goal_measure(s, 1, "colour_roots") == 0
    assert goal_measure(s, 1, "animal_roots") == 1 and goal_measure(s, 0, "animal_roots") == 0
    assert points_of(s, 11) == [9, 5]


def test_final_scoring_of_a_scripted_game_by_hand():
    s = fresh(goals=(1, 3, 5))
    # P0: seedling on (0,0) with 2 C and roots in Earthlover (2), Painted Suillus (3) and
    # Pacific Golden Chanterelle (3): its 2 best roots score 3 + 3 = 6.
    give_root(s, 0, 0, 0, 2)
    give_root(s, 0, 0, 0, 4)
    s.pcarbon[s.pos[1]] = 2
    # a tree on (-1,0) rooted in Painted Suillus: all its roots, 3
    put_piece(s, 0, -1, 0, carbon=3, tree=True)
    give_root(s, 0, -1, 0, 2)
    set_res(s, 0, C=5, N=2, P=1, K=0)  # 8 resources: 4
    s.bonus[0] = [14]  # 2 VP
    s.end_space[0] = 4  # E5: 2 VP
    s.big_turns[0] = 2  # goal 1: 5
    # goal 3: columns x=-1 and x=0 -> 0; goal 5: one tree -> 1
    assert score_parts(s, 0) == {"roots": 9, "bonus": 4, "resources": 4}
    # P1: seedling on (1,0) with no carbon scores no roots; 10 resources -> 5; goals 0
    assert s.scores() == [9 + 4 + 4 + 5 + 0 + 1, 5]
    s.over = True
    assert s.winners() == [0]


def test_a_seedling_scores_only_as_many_roots_as_it_holds_carbon():
    s = fresh()
    give_root(s, 0, 0, 0, 2)
    corner = s.pos[1]
    assert piece_points(s, corner) == 0
    s.pcarbon[corner] = 1
    assert piece_points(s, corner) == 3
    s.pcarbon[corner] = 3
    assert piece_points(s, corner) == 5


def test_ties_go_to_most_trees_then_most_carbon_on_seedlings():
    s = fresh(goals=(2, 8, 12))
    put_tile(s, 42, 2, 0)  # 0 VP while empty
    put_piece(s, 0, 3, 0, carbon=3, tree=True)
    give_root(s, 0, 3, 0, 42)
    s.over = True
    assert s.scores()[0] == s.scores()[1]
    assert s.winners() == [0]
    s.piece[s.pos[42] + 1] = 1  # now P1's seedling holding 3 C, rooted in a 0-VP tile
    forest_changed(s)
    s.trees[0] += 1
    assert s.scores()[0] == s.scores()[1]
    assert s.winners() == [1]
    s.pcarbon[s.pos[42] + 1] = 0
    assert s.winners() == [0, 1]


def test_final_scoring_of_a_short_scripted_game_computed_by_hand():
    s = fresh(goals=(1, 3, 5), round_limit=2)
    # round 1
    play(s, "partner", "skip", "root 0,0>2", "root 0,0>4")  # P0: -2 K -1 C
    play(s, "absorb", "carbon 3>1,0", "flip b", "pay N", "pay K")  # P1: 1 step; track 1: +1 N
    # round 2
    play(s, "absorb", "carbon 2>0,0", "flip g", "pay N")  # P0: rooted, no step; track 1
    play(s, "photosynthesize", "convert 2", "done")  # P1: +2 C from N, +2 C
    assert s.is_terminal()
    assert s.res == [[3, 2, 2, 0], [8, 0, 2, 1]]
    # P0: seedling with 1 C, roots in Earthlover 2, Painted Suillus 3, Chanterelle 3 -> 3;
    #     7 resources -> 3; goals: no big carbon turn, 1 column, no tree -> 0.
    # P1: seedling with 1 C, root in Earthlover 2 -> 2; 11 resources -> 5; goals 0.
    assert s.scores() == [3 + 3, 2 + 5]
    assert s.winners() == [1]
    assert s.returns() == [-1.0, 1.0]


def test_heuristic_rewards_absorbing_and_new_seedlings_and_is_zero_sum_at_the_start():
    from leafpile.games.undergrove import GAME

    s = fresh()
    assert GAME.evaluate(s, 0) == GAME.evaluate(s, 1) == 0.0  # symmetric position
    before = GAME.evaluate(s, 0)
    after = s.clone()
    play(after, "absorb", "carbon 2>0,0", "flip b", "pay N", "pay P")
    assert GAME.evaluate(after, 0) > before  # carbon absorbed, a track step
    grown = s.clone()
    play(grown, "reproduce", "skip", "seedling 0,-1", "root 0,-1>4")
    assert GAME.evaluate(grown, 0) > before  # a second seedling that can absorb
