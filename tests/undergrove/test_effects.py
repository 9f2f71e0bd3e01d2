"""Activation and each kind of mushroom effect (docs/rules/undergrove.md §4.1, §6).

P0's first seedling sits on corner (0,0); a tile put on cell (-1,-1) touches that corner, so a
root from (0,0) into it lets P0 activate it.
"""

from __future__ import annotations

from leafpile.games.undergrove.scoring import tile_vp
from tests.undergrove.helpers import (
    PINK,
    B,
    G,
    Y,
    c,
    fresh,
    give_root,
    legal,
    pass_turn,
    play,
    put_piece,
    put_tile,
    rooted,
    set_res,
)


def test_activate_pays_its_carbon_onto_the_tile_and_flips_its_token():
    s = rooted(6)  # Vermillion Waxcap: p, 1 C; +1 N +3 K, others +1 K
    play(s, "activate 6")
    assert s.carbon[6] == 1
    assert s.res[0] == [3, 3, 2, 5]
    assert s.res[1] == [4, 2, 2, 3]  # the other player gains 1 K
    assert s.ready[0] == 0b1111 & ~PINK
    assert s.current_player == 1


def test_activate_needs_a_root_on_the_tile_its_token_ready_and_its_carbon():
    s = fresh()
    put_tile(s, 6, -1, -1)
    assert "activate 6" not in legal(s)
    give_root(s, 0, 0, 0, 6)
    assert "activate 6" in legal(s)
    s.ready[0] = 0b1111 & ~PINK
    assert "activate 6" not in legal(s)
    s.ready[0] = 0b1111
    set_res(s, 0, C=0, N=2)
    assert "activate 6" not in legal(s)


def test_starting_mushrooms_refresh_another_token():
    s = rooted(2)
    give_root(s, 0, 0, 0, 2)
    s.ready[0] = G
    play(s, "activate 2")  # Painted Suillus: g; +1 N +1 P, refresh b
    assert s.ready[0] == B
    assert s.res[0] == [3, 3, 3, 2]


def test_extra_action_tiles_give_another_action_but_each_tile_activates_once_per_turn():
    s = rooted(19)  # Red-bleeding Milkcap: p, 0 C; refresh b and y, take another action
    s.ready[0] = PINK
    play(s, "activate 19")
    assert s.ready[0] == B | Y
    assert s.current_player == 0 and "activate 19" not in legal(s)  # [D] once per turn
    pass_turn(s)
    assert s.current_player == 1


def test_refresh_then_a_nutrient_or_another_action():
    s = rooted(45)  # Mouse Trich: p; refresh b, then +1 N or another action
    s.ready[0] = PINK
    play(s, "activate 45")
    assert legal(s) == ["nutrient", "again"]
    play(s, "nutrient")
    assert s.res[0][1] == 3 and s.ready[0] == B and s.current_player == 1
    s = rooted(45)
    play(s, "activate 45", "again")
    assert s.current_player == 0 and "photosynthesize" in legal(s)


def test_gain_four_nutrients_of_choice():
    s = rooted(23)  # Zeller's Bolete: g, 2 C
    play(s, "activate 23", "gain P", "gain P", "gain K", "gain N")
    assert s.res[0] == [2, 3, 4, 3] and s.carbon[23] == 2


def test_fixed_gains_plus_one_of_choice_and_three_refreshes():
    s = rooted(27)  # Pig's Ears: y, 2 C; +1 N +1 P +1 K +1 choice; refresh b, p, g
    s.ready[0] = Y
    play(s, "activate 27", "gain K")
    assert s.res[0] == [2, 3, 3, 4] and s.ready[0] == B | PINK | G


def test_earthlover_gains_one_nutrient_then_swaps_up_to_two():
    s = fresh()
    play(s, "activate 1", "gain N")
    assert "swap N>K" in legal(s) and "done" in legal(s)
    play(s, "swap N>K", "swap N>K")
    assert s.res[0] == [4, 1, 2, 4] and s.current_player == 1
    s = fresh()
    play(s, "activate 1", "gain N", "done")
    assert s.res[0] == [4, 3, 2, 2] and s.current_player == 1


def test_absorb_two_carbon_from_any_tiles_moves_the_track_once():
    s = rooted(33)  # Woolly Pine Spike: b, 2 C + 1 nutrient; absorb up to 2
    play(s, "activate 33", "pay K")
    assert "carbon 33>0,0" in legal(s) and "carbon 3>0,0" in legal(s)
    assert "stop" not in legal(s)  # the first carbon is the effect itself
    play(s, "carbon 33>0,0")  # rooted here: no movement
    play(s, "carbon 3>0,0", "pay P")  # one step from the Earthlover
    assert s.pcarbon[c(0, 0)] == 2 and s.carbon[33] == 1 and s.carbon[3] == 0
    assert s.track[0] == 1  # one step for the whole turn (§6.2)
    assert s.res[0] == [2, 3, 1, 1]  # track space 1: +1 N


def test_the_second_carbon_of_an_absorb_effect_is_optional():
    s = rooted(33)
    play(s, "activate 33", "pay K", "carbon 33>0,0", "stop")
    assert s.pcarbon[c(0, 0)] == 1 and s.track[0] == 1 and s.current_player == 1


def test_absorb_from_this_tile_uses_the_carbon_just_paid():
    s = rooted(37)  # Woolly Owl Eyes: g, 2 C + 1; absorb up to 2 from this tile
    play(s, "activate 37", "pay N")
    assert legal(s) == ["carbon 37>0,0"]
    play(s, "carbon 37>0,0")
    assert legal(s) == ["carbon 37>0,0", "stop"]
    play(s, "carbon 37>0,0")
    assert s.carbon[37] == 0 and s.pcarbon[c(0, 0)] == 2


def test_scarletina_absorbs_one_carbon_with_the_first_two_steps_free():
    s = rooted(49)  # g, 0 C + 1 nutrient
    put_tile(s, 20, 2, 0, carbon=1)  # 2 steps from the Earthlover
    put_tile(s, 21, 3, 0, carbon=1)  # 3 steps
    play(s, "activate 49", "pay N", "carbon 20>0,0")
    assert s.pcarbon[c(0, 0)] == 1 and s.current_player == 1  # nothing more to pay
    s = rooted(49)
    put_tile(s, 20, 2, 0)
    put_tile(s, 21, 3, 0, carbon=1)
    play(s, "activate 49", "pay N", "carbon 21>0,0")
    assert legal(s) == ["flip b", "flip p", "flip y", "pay N", "pay P", "pay K"]


def test_storing_own_resources_raises_the_dynamic_pine_cones():
    s = rooted(42)  # Peppery Bolete: g, 1 C; +3 K, then store 0-3 K (max 4)
    assert tile_vp(s, 42) == 0
    play(s, "activate 42")
    assert legal(s) == ["store 0", "store 1", "store 2", "store 3"]
    play(s, "store 3")
    assert s.stored[42] == 3 and s.res[0][3] == 2 and tile_vp(s, 42) == 3
    pass_turn(s)
    s.ready[0] = 0b1111
    play(s, "activate 42")
    assert legal(s) == ["store 0", "store 1"]  # capacity 4
    play(s, "store 1")
    assert tile_vp(s, 42) == 5  # 4 stored -> 5 VP (§6.2)


def test_yellow_veiled_amanita_stores_one_resource_from_the_supply_up_to_two():
    s = rooted(41)  # b, 1 C; +2 nutrients of choice, 1 stored from supply; VP 2 x stored
    play(s, "activate 41", "gain N", "gain N")
    assert s.stored[41] == 1 and tile_vp(s, 41) == 2 and s.res[0] == [3, 4, 2, 2]
    s.stored[41] = 2
    pass_turn(s)
    s.ready[0] = 0b1111
    play(s, "activate 41", "gain N", "gain N")
    assert s.stored[41] == 2 and tile_vp(s, 41) == 4


def test_adjacent_tiles_of_the_same_symbol_raise_pine_cones():
    s = rooted(45)  # Mouse Trich (p) at (-1,-1): neighbours 2 (g) and 4 (y)
    assert tile_vp(s, 45) == 2
    put_tile(s, 6, -2, -1)  # Vermillion Waxcap, p
    assert tile_vp(s, 45) == 3
    put_tile(s, 13, -1, -2)  # Gooseberry Russula, p
    assert tile_vp(s, 45) == 4


def test_copycat_resolves_a_same_symbol_tile_paying_onto_the_copycat():
    s = rooted(52)  # Golden Waxcap: p copycat
    put_tile(s, 6, 2, 0)  # Vermillion Waxcap (p), P0 has no root on it
    s.ready[0] = PINK
    play(s, "activate 52")
    assert legal(s) == ["copy 5", "copy 6"]  # Common Deceiver (p) and Vermillion Waxcap
    play(s, "copy 6")
    assert s.carbon[52] == 1 and s.carbon[6] == 0
    assert s.res[0] == [3, 3, 2, 5] and s.res[1][3] == 3 and s.ready[0] == 0


def test_copycat_needs_a_target_it_can_pay_for():
    s = rooted(53)  # Suede Bolete: g copycat; tile 2 (g) costs 1 C
    assert "activate 53" in legal(s)
    set_res(s, 0, C=0, N=2, P=2, K=2)
    assert "activate 53" not in legal(s)


def test_ongoing_tiles_cannot_be_activated():
    s = rooted(28)
    assert "activate 28" not in legal(s)


def test_brown_roll_rim_makes_photosynthesize_give_three_carbon():
    s = rooted(32)
    pass_turn(s)
    assert s.res[0][0] == 4 + 3


def test_candy_cap_gives_an_extra_root_around_the_new_seedling():
    s = rooted(28)
    play(s, "reproduce", "skip", "seedling 0,-1", "root 0,-1>4")
    assert legal(s) == ["root 0,-1>28", "skip"]
    play(s, "root 0,-1>28")
    assert s.roots_left[0] == 14


def test_earthfan_gives_a_third_root_when_partnering():
    s = rooted(29)
    put_piece(s, 0, -1, 0)  # a second seedling of P0, between tiles 2 and 29
    play(s, "partner", "skip", "root 0,0>2", "root 0,0>4")
    assert legal(s) == ["root -1,0>2", "root -1,0>29", "skip"]
    play(s, "root -1,0>29")
    assert s.roots_left[0] == 13 and s.current_player == 1


def test_slippery_jack_places_a_second_mushroom_free_after_the_paid_one():
    s = rooted(30)
    play(s, "reproduce", "place 6@2,0", "pay N")
    assert "place 7@3,0" in legal(s) and "skip" in legal(s)
    play(s, "place 7@3,0")
    assert s.res[0] == [3, 1, 0, 2] and s.pos[7] == c(3, 0)
    assert legal(s)[0].startswith("seedling ")


def test_smiths_amanita_places_a_second_mushroom_free_when_partnering():
    s = rooted(31)
    play(s, "partner", "place 6@2,0", "pay N", "place 7@3,0")
    assert s.res[0] == [3, 1, 2, 0] and s.pos[7] == c(3, 0)
    assert legal(s)[0].startswith("root ")
