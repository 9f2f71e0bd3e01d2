"""The set-up and the five actions with their payments (docs/rules/undergrove.md §3, §4)."""

from __future__ import annotations

import pytest

from leafpile.engine import IllegalActionError
from leafpile.games.undergrove import GAME
from leafpile.games.undergrove.components import BLOCKER
from leafpile.games.undergrove.forest import forest_changed
from tests.undergrove.helpers import (
    c,
    fresh,
    give_root,
    legal,
    pass_turn,
    play,
    put_tile,
    set_res,
)


# -- set-up (§3) ---------------------------------------------------------------------------------
def test_setup_lays_the_cross_with_one_carbon_on_each_starting_mushroom():
    s = fresh()
    assert s.pos[1] == c(0, 0) and s.carbon[1] == 0
    assert [(s.pos[t], s.carbon[t]) for t in (2, 3, 4, 5)] == [
        (c(-1, 0), 1),
        (c(1, 0), 1),
        (c(0, -1), 1),
        (c(0, 1), 1),
    ]


def test_setup_gives_each_player_supplies_resources_and_three_tiles():
    s = fresh(3)
    for p in range(3):
        assert s.res[p] == [4, 2, 2, 2]
        assert s.ready[p] == 0b1111
        assert (s.seedlings[p], s.trees[p], s.roots_left[p]) == (5, 4, 17)
    assert s.hands == [[6, 7, 8], [9, 10, 11], [12, 13, 14]]


def test_bonus_sets_hold_three_tiles_with_two_or_three_players_and_four_with_four():
    assert [len(b) for b in fresh(2).bonus_sets] == [3, 3, 3]
    assert [len(b) for b in fresh(4).bonus_sets] == [4, 4, 4]


def test_first_seedlings_go_on_earthlover_corners_with_a_free_root_into_it():
    s = GAME.new_state(2, seed=3, options={"first_player": "1"})
    assert s.current_player == 1
    assert legal(s) == ["seedling 0,0", "seedling 1,0", "seedling 0,1", "seedling 1,1"]
    play(s, "seedling 1,1")
    assert s.current_player == 0
    assert "seedling 1,1" not in legal(s)
    play(s, "seedling 0,0")
    assert s.roots[4 * 1 + 3] == 1 and s.roots[4 * 1 + 0] == 0
    # §3.6: unclaimed Earthlover corners get neutral place-holders
    assert s.piece[c(1, 0)] == BLOCKER and s.piece[c(0, 1)] == BLOCKER
    assert s.current_player == 1 and legal(s)[-1] == "photosynthesize"


def test_four_players_claim_all_earthlover_corners_and_no_place_holder_is_used():
    s = fresh(4)
    assert BLOCKER not in s.piece.values()


# -- Absorb (§4.2) ----------------------------------------------------------------------------
def test_absorb_from_a_rooted_tile_costs_one_token_and_one_nutrient():
    s = fresh()
    give_root(s, 0, 0, 0, 2)  # P0's seedling also roots into Painted Suillus
    play(s, "absorb", "carbon 2>0,0")
    assert legal(s) == ["flip b", "flip p", "flip g", "flip y"]
    play(s, "flip y")
    assert legal(s) == ["pay N", "pay P", "pay K"]
    play(s, "pay K")
    assert s.carbon[2] == 0 and s.pcarbon[c(0, 0)] == 1
    assert s.ready[0] == 0b0111
    # then the carbon track's first space gives 1 N (§5.1)
    assert s.res[0] == [4, 3, 2, 1] and s.track[0] == 1
    assert s.current_player == 1


def test_carbon_movement_costs_one_token_or_nutrient_per_orthogonal_step():
    s = fresh()
    play(s, "absorb", "carbon 3>0,0")  # Fly Agaric (1,0) is 1 step from the Earthlover
    play(s, "flip b", "pay N")
    assert legal(s) == ["flip p", "flip g", "flip y", "pay N", "pay P", "pay K"]
    play(s, "flip g")
    assert s.ready[0] == 0b1010 and s.res[0][1:] == [2, 2, 2]  # N: paid 1, track +1


def test_carbon_too_far_for_the_budget_cannot_be_absorbed():
    s = fresh()
    put_tile(s, 21, 2, 0)
    put_tile(s, 22, 3, 0)
    put_tile(s, 20, 4, 0, carbon=1)  # 4 steps from the Earthlover, over 22, 21 and 3
    for t in (2, 3, 4, 5):
        s.carbon[t] = 0
    set_res(s, 0, C=4, N=1, P=1)  # 4 tokens + 2 nutrients - base 2 = 4 steps: just enough
    assert "absorb" in legal(s)
    set_res(s, 0, C=4, N=1)  # one short
    assert "absorb" not in legal(s)


def test_absorb_needs_a_ready_token_and_a_nutrient():
    s = fresh()
    set_res(s, 0, C=4)
    assert "absorb" not in legal(s)
    set_res(s, 0, C=4, N=3)
    s.ready[0] = 0
    assert "absorb" not in legal(s)


def test_third_carbon_turns_the_seedling_into_a_tree_that_keeps_it_under_bga_carbon_moves():
    s = fresh(carbon_moves="bga")
    give_root(s, 0, 0, 0, 2)
    s.pcarbon[c(0, 0)] = 2
    play(s, "absorb", "carbon 2>0,0", "flip b", "pay N")
    assert s.piece[c(0, 0)] == 4  # P0's tree
    assert s.pcarbon[c(0, 0)] == 3
    assert s.trees[0] == 3 and s.seedlings[0] == 5  # [BGA] the seedling is not returned


def test_trees_never_absorb_again():
    s = fresh()
    s.piece[c(0, 0)] = 4
    forest_changed(s)
    s.pcarbon[c(0, 0)] = 3
    assert "absorb" not in legal(s)


def test_with_no_tree_left_a_seedling_grows_to_four_carbon_and_no_further():
    s = fresh()
    give_root(s, 0, 0, 0, 2)
    s.trees[0] = 0
    s.pcarbon[c(0, 0)] = 2
    s.carbon[2] = 3
    play(s, "absorb", "carbon 2>0,0", "flip b", "pay N")
    assert s.piece[c(0, 0)] == 0 and s.pcarbon[c(0, 0)] == 3
    pass_turn(s)  # P1
    s.ready[0] = 0b1111
    play(s, "absorb", "carbon 2>0,0", "flip b", "pay N", "take B1")  # track space 2
    assert s.pcarbon[c(0, 0)] == 4
    pass_turn(s)
    assert "absorb" not in legal(s)


# -- Reproduce (§4.3) ---------------------------------------------------------------------------
def test_reproduce_pays_two_p_and_one_c_then_seedling_and_one_root():
    s = fresh()
    play(s, "reproduce")
    assert s.res[0] == [3, 2, 0, 2]
    assert "skip" in legal(s)
    play(s, "skip")
    assert "seedling 0,-1" in legal(s) and "seedling 0,0" not in legal(s)
    play(s, "seedling 0,-1")  # any free corner; only tile 4 touches this one
    assert legal(s) == ["root 0,-1>4"]
    play(s, "root 0,-1>4")
    assert s.piece[c(0, -1)] == 0 and s.seedlings[0] == 4 and s.roots_left[0] == 16
    assert s.roots[4 * 4 + 0] == 0


def test_reproduce_may_place_a_mushroom_first_for_one_nutrient():
    s = fresh()
    play(s, "reproduce", "place 6@2,0")
    assert legal(s) == ["pay N", "pay K"]  # P was spent on Reproduce
    play(s, "pay K")
    assert s.pos[6] == c(2, 0) and s.hands[0] == [7, 8]
    play(s, "seedling 3,0", "root 3,0>6")
    assert s.res[0] == [3, 2, 0, 1]
    assert s.hands[0] == [7, 8, 12]  # the replacement is drawn as the turn ends


def test_reproduce_must_place_a_mushroom_when_the_forest_has_no_free_corner():
    s = fresh()
    corners = {cc + o for cc in s.tile_at for o in (0, 1, 256, 257)}
    for corner in corners:
        s.piece.setdefault(corner, 8)
    play(s, "reproduce")
    assert "skip" not in legal(s) and legal(s)[0].startswith("place ")
    play(s, legal(s)[0], "pay N")
    assert legal(s)[0].startswith("seedling ")


def test_reproduce_needs_a_seedling_a_root_and_its_price():
    s = fresh()
    s.seedlings[0] = 0
    assert "reproduce" not in legal(s)
    s = fresh()
    s.roots_left[0] = 0
    assert "reproduce" not in legal(s) and "partner" not in legal(s)
    s = fresh()
    set_res(s, 0, C=1, P=1, N=2, K=2)
    assert "reproduce" not in legal(s)


# -- Partner (§4.4) -----------------------------------------------------------------------------
def test_partner_pays_two_k_and_one_c_and_places_two_roots_that_never_stack():
    s = fresh()
    play(s, "partner", "skip")
    # P0's seedling on (0,0) touches tiles 1 (rooted already), 2 and 4
    assert legal(s) == ["root 0,0>2", "root 0,0>4"]
    play(s, "root 0,0>4")
    assert legal(s) == ["root 0,0>2"]  # the filled slot is never offered again
    play(s, "root 0,0>2")
    assert s.res[0] == [3, 2, 2, 0] and s.roots_left[0] == 15
    assert s.current_player == 1


def test_partner_second_root_is_optional_under_bga_carbon_moves():
    s = fresh(carbon_moves="bga")
    play(s, "partner", "skip", "root 0,0>4")
    assert legal(s) == ["root 0,0>2", "skip"]
    play(s, "skip")
    assert s.roots_left[0] == 16 and s.current_player == 1


def test_partner_must_place_a_mushroom_touching_your_piece_when_no_root_slot_is_free():
    s = fresh()
    give_root(s, 0, 0, 0, 2)
    give_root(s, 0, 0, 0, 4)
    play(s, "partner")
    options = legal(s)
    assert "skip" not in options
    # the only empty cell touching corner (0,0) is (-1,-1)
    assert options == ["place 6@-1,-1", "place 7@-1,-1", "place 8@-1,-1"]
    play(s, "place 7@-1,-1", "pay N")
    assert legal(s) == ["root 0,0>7"]


def test_partner_is_unavailable_without_a_root_slot_or_a_tile_to_make_one():
    s = fresh()
    give_root(s, 0, 0, 0, 2)
    give_root(s, 0, 0, 0, 4)
    s.hands[0] = []
    assert "partner" not in legal(s)


# -- Photosynthesize (§4.5) ---------------------------------------------------------------------
def test_photosynthesize_converts_n_discards_then_gains_two_carbon_and_refreshes_tokens():
    s = fresh()
    s.ready[0] = 0
    play(s, "photosynthesize")
    assert legal(s) == ["convert 0", "convert 1", "convert 2"]
    play(s, "convert 2", "discard 7", "done")
    assert s.res[0] == [4 + 2 + 2, 0, 2, 2]
    assert s.conversions[0] == 2
    assert s.ready[0] == 0b1111
    assert s.discard == [7] and s.hands[0] == [6, 8, 12]  # drawn back up to 3


# -- bonus tiles (§5.2) ------------------------------------------------------------------------
def test_one_shot_bonus_tiles_are_spent_before_the_action():
    s = fresh()
    s.bonus[0] = [7, 9, 14]
    s.ready[0] = 0
    assert legal(s)[:2] == ["use B7", "use B9"]  # B14 scores at the end: not spendable
    play(s, "use B9", "use B7")
    assert s.ready[0] == 0b1111 and s.res[0][0] == 5 and s.bonus[0] == [14]
    assert s.current_player == 0


# -- bad input ----------------------------------------------------------------------------------
def test_illegal_decisions_are_refused_and_change_nothing():
    s = fresh()
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        s.play("carbon 2>0,0")
    with pytest.raises(IllegalActionError):
        s.play("activate 2")  # no root on it
    assert s.to_dict() == before
