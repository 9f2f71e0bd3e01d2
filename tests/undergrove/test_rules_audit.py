"""Rules that the first test files left unpinned (docs/rules/undergrove.md, section by
section), found in the rule-by-rule audit of issue 5."""

from __future__ import annotations

import json

import pytest

from leafpile.engine import IllegalActionError, InvalidNotationError
from leafpile.games.undergrove import GAME
from leafpile.games.undergrove.components import GOAL_CARDS, tile
from leafpile.games.undergrove.payments import PaySteps
from leafpile.games.undergrove.scoring import piece_points, score_parts, tile_vp
from tests.undergrove.helpers import (
    B,
    G,
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
from tests.undergrove.test_views_and_notation import text_of


# -- §3 set-up ----------------------------------------------------------------------------------
def test_random_goals_are_one_side_of_three_different_cards():
    seen = set()
    for seed in range(40):
        s = GAME.new_state(2, seed=seed)
        cards = {(g - 1) // 2 for g in s.goals}
        assert len(s.goals) == 3 and len(cards) == 3
        seen.update(s.goals)
    assert seen == {g for card in GOAL_CARDS for g in card}  # both sides of every card occur


def test_bonus_tiles_are_laid_out_in_sets_at_spaces_two_four_and_six():
    s = fresh(3)
    assert s.bonus_sets == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    s = fresh(4)
    assert s.bonus_sets == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]


def test_the_discard_pile_is_reshuffled_into_an_empty_deck():
    s = fresh()
    s.discard = s.deck[:]
    s.deck = []
    pile = sorted([*s.discard, 6])
    play(s, "photosynthesize", "convert 0", "discard 6", "done")
    assert len(s.hands[0]) == 3 and s.discard == []  # the whole pile became the deck
    assert sorted(s.deck + [t for t in s.hands[0] if t not in (7, 8)]) == pile


# -- §4 turn structure --------------------------------------------------------------------------
def test_the_absorb_action_must_absorb_a_carbon():
    s = fresh()
    play(s, "absorb")
    assert "stop" not in legal(s) and "skip" not in legal(s)
    assert all(a.startswith("carbon ") for a in legal(s))


def test_carbon_movement_costs_the_distance_to_the_nearest_rooted_tile_under_bga_carbon_moves():
    s = fresh(carbon_moves="bga")
    for t in (2, 3, 4, 5):
        s.carbon[t] = 0
    put_tile(s, 20, -3, 0, carbon=1)  # 3 steps from Painted Suillus (-1,0), 3 from (0,0)
    play(s, "absorb", "carbon 20>0,0", "flip b", "pay N")
    assert s.pending[-1] == PaySteps(3)
    s = fresh(carbon_moves="bga")
    for t in (2, 3, 4, 5):
        s.carbon[t] = 0
    put_tile(s, 20, -3, 0, carbon=1)
    give_root(s, 0, 0, 0, 2)  # now rooted in (-1,0): only 2 steps
    play(s, "absorb", "carbon 20>0,0", "flip b", "pay N")
    assert s.pending[-1] == PaySteps(2)


def test_carbon_moves_by_manhattan_distance_even_across_empty_cells_under_bga_carbon_moves():
    s = fresh(carbon_moves="bga")
    for t in (2, 3, 4, 5):
        s.carbon[t] = 0
    put_tile(s, 20, 2, 2, carbon=1)  # diagonal from the Earthlover, no tile between
    play(s, "absorb", "carbon 20>0,0", "flip b", "pay N")
    assert s.pending[-1] == PaySteps(4)


def test_the_track_moves_once_even_when_an_extra_action_absorbs_again():
    s = rooted(19)  # Red-bleeding Milkcap: take another action
    give_root(s, 0, 0, 0, 2)
    s.carbon[2] = 2
    play(s, "activate 19", "absorb", "carbon 2>0,0", "flip b", "pay N")
    assert s.track[0] == 1 and s.current_player == 1


def test_bonus_tile_carbon_counts_for_goal_1_in_the_turn_it_is_spent():
    s = fresh(goals=(1, 3, 5))
    s.bonus[0] = [7, 8]
    set_res(s, 0, C=0, N=2)
    play(s, "use B7", "use B8", "photosynthesize", "convert 2", "done")  # 1 + 1 + 2 + 2 = 6
    assert s.big_turns[0] == 1


def test_a_bonus_tile_is_spent_once_and_scoring_tiles_count_at_the_end():
    s = fresh()
    s.bonus[0] = [1, 11, 16]
    assert [a for a in legal(s) if a.startswith("use")] == ["use B1"]
    play(s, "use B1")
    assert s.res[0][1] == 3 and "use B1" not in legal(s)
    assert score_parts(s, 0)["bonus"] == 1 + 2


# -- §4.3 / §4.4 placement bonuses --------------------------------------------------------------
def test_candy_cap_rooted_during_this_reproduce_gives_no_extra_root_yet():
    s = fresh()
    put_tile(s, 28, -1, -1)  # Candy Cap: its top-right corner is (0,-1); P0 has no root on it
    play(s, "reproduce", "skip", "seedling 0,-1")
    assert "root 0,-1>28" in legal(s)
    play(s, "root 0,-1>28")
    assert s.current_player == 1  # [BGA] no extra root in the action that earned the bonus
    assert s.roots_left[0] == 16


def test_slippery_jack_gives_no_free_mushroom_without_the_paid_one():
    s = rooted(30)
    play(s, "reproduce", "skip")
    assert legal(s)[0].startswith("seedling ")  # straight to the seedling: no free placement


def test_reproduce_with_no_free_corner_must_place_a_tile_that_opens_one():
    s = fresh()
    put_tile(s, 20, -1, -1)
    corners = {cc + o for cc in s.tile_at for o in (0, 1, 256, 257)}
    for corner in corners:
        s.piece.setdefault(corner, 8)
    play(s, "reproduce")
    assert "skip" not in legal(s)
    # every offered cell brings at least one corner with no piece on it
    for text in legal(s):
        x, y = (int(v) for v in text.split("@")[1].split(","))
        cell_corners = {c(x, y), c(x + 1, y), c(x, y + 1), c(x + 1, y + 1)}
        assert cell_corners - set(s.piece)
    assert legal(s)  # and there is such a cell


def test_a_partner_root_may_come_from_a_tree():
    s = fresh()
    put_tile(s, 20, -2, 0)  # its top-right corner is (-1,0)
    put_piece(s, 0, -1, 0, tree=True)
    give_root(s, 0, -1, 0, 2)
    play(s, "partner", "skip")
    assert legal(s) == ["root -1,0>20", "root 0,0>2", "root 0,0>4"]
    play(s, "root -1,0>20", "root 0,0>4")
    assert s.roots[4 * 20 + 1] == 0


# -- §5 carbon track ----------------------------------------------------------------------------
def absorb_once(s, p=0, corner="0,0"):
    s.carbon[2] = max(s.carbon[2], 1)
    s.ready[p] = 0b1111
    s.res[p][1] += 1
    play(s, "absorb", f"carbon 2>{corner}", "flip b", "pay N")


def test_spaces_four_and_six_offer_their_own_bonus_sets():
    s = fresh()
    give_root(s, 0, 0, 0, 2)
    s.track[0] = 3
    absorb_once(s)
    assert legal(s) == ["take B4", "take B5", "take B6"]
    play(s, "take B6")
    pass_turn(s)
    s.track[0] = 5
    absorb_once(s)
    assert legal(s) == ["take B7", "take B8", "take B9"]


def test_the_track_root_reward_is_lost_without_a_root_in_supply():
    s = fresh()
    give_root(s, 0, 0, 0, 2)
    s.roots_left[0] = 0
    s.track[0] = 2
    absorb_once(s)
    assert s.track[0] == 3 and s.current_player == 1


def test_a_second_player_at_the_end_takes_another_space_and_the_end_is_not_delayed():
    s = fresh(2)
    give_root(s, 0, 0, 0, 2)
    give_root(s, 1, 1, 0, 3)
    s.track = [8, 8]
    absorb_once(s)
    play(s, "end E3")
    assert s.final_round == 1
    s.carbon[3] = 1
    s.res[1][1] += 1
    play(s, "absorb", "carbon 3>1,0", "flip b", "pay N")
    assert legal(s) == ["end E1", "end E2", "end E4", "end E5"]
    play(s, "end E5")
    assert s.final_round == 1  # still the round after the first trigger
    pass_turn(s)
    pass_turn(s)
    assert s.is_terminal()


def test_the_end_round_counts_from_the_first_player_not_seat_zero():
    s = fresh(3, first_player="1")  # setup order 1, 2, 0: P1 on (0,0), P2 (1,0), P0 (0,1)
    give_root(s, 2, 1, 0, 3)
    assert s.current_player == 1
    pass_turn(s)  # P1
    s.track[2] = 8
    s.carbon[3] = 1
    play(s, "absorb", "carbon 3>1,0", "flip b", "pay N", "end E3")  # P2 triggers
    turns = []
    while not s.is_terminal():
        turns.append(s.current_player)
        pass_turn(s)
    assert turns == [0, 1, 2, 0]


# -- §6 mushroom effects ------------------------------------------------------------------------
def test_others_gain_one_of_the_listed_nutrient_each():
    s = rooted(9, players=3)  # Black Elfin Saddle: +3 P +1 K; others +1 P
    play(s, "activate 9")
    assert s.res[0] == [3, 2, 5, 3] and s.res[1] == [4, 2, 3, 2] and s.res[2] == [4, 2, 3, 2]


def test_earthlover_activation_needs_no_token():
    s = fresh()
    s.ready[0] = 0
    assert "activate 1" in legal(s)


def test_extra_action_chains_end_when_each_tile_has_been_used():
    s = rooted(19)  # Red-bleeding Milkcap, p: refresh b and y; another action
    put_tile(s, 22, -2, -1)  # Gassy Webcap, b: refresh p and g; another action
    put_piece(s, 0, -1, -1)  # a second P0 seedling, at 22's top-right corner
    give_root(s, 0, -1, -1, 22)
    play(s, "activate 19", "activate 22")
    assert s.current_player == 0
    assert "activate 19" not in legal(s) and "activate 22" not in legal(s)  # [D] once a turn


def test_a_copycat_copying_absorb_from_this_tile_absorbs_from_the_copycat():
    s = rooted(51)  # Rosy Slime Spike: b copycat
    put_tile(s, 38, 2, 0)  # Western Matsutake (b): absorb up to 2 from this tile
    play(s, "activate 51", "copy 38", "pay N")
    assert s.carbon[51] == 2 and s.carbon[38] == 0
    assert legal(s) == ["carbon 51>0,0"]
    play(s, "carbon 51>0,0", "carbon 51>0,0")
    assert s.pcarbon[c(0, 0)] == 2 and s.carbon[51] == 0


def test_a_copycat_never_copies_the_earthlover_an_ongoing_tile_or_a_copycat():
    s = rooted(53)  # Suede Bolete: g copycat
    put_tile(s, 30, 2, 0)  # Slippery Jack (g, ongoing)
    put_tile(s, 35, 3, 0)  # Admirable Bolete (g)
    play(s, "activate 53")
    assert legal(s) == ["copy 2", "copy 35"]


def test_ongoing_bonuses_help_only_players_with_a_root_on_the_tile():
    s = rooted(32)  # Brown Roll-rim: P0 rooted, P1 not
    pass_turn(s)
    assert s.res[0][0] == 4 + 3
    pass_turn(s)
    assert s.res[1][0] == 4 + 2


def test_stored_resources_raise_the_tile_for_everyone_and_are_not_leftovers():
    s = rooted(43)  # Green Russula: +3 N then store N
    put_piece(s, 1, -1, -1)
    give_root(s, 1, -1, -1, 43)
    s.pcarbon[c(-1, -1)] = 1
    play(s, "activate 43", "store 3")
    assert s.res[0] == [3, 2, 2, 2]
    assert score_parts(s, 0)["resources"] == 4
    assert piece_points(s, c(-1, -1)) == 3  # P1's seedling scores the 3 stored


def test_seedling_scoring_ignores_carbon_beyond_its_roots():
    s = fresh()
    s.trees[0] = 0
    s.pcarbon[c(0, 0)] = 4
    assert piece_points(s, c(0, 0)) == 2  # one root (Earthlover) however much carbon


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["activate", "carbon 2>0", "gain X", "root 0,0", "swap N>N>K"])
def test_malformed_notation_is_refused_and_changes_nothing(text):
    s = fresh()
    before = json.dumps(s.to_dict())
    with pytest.raises(InvalidNotationError):
        s.play(text)
    assert json.dumps(s.to_dict()) == before


@pytest.mark.parametrize("text", ["skip", "done", "gain N", "place 6@2,0", "end E1", "take B1"])
def test_a_decision_out_of_turn_is_refused_and_changes_nothing(text):
    s = fresh()
    before = json.dumps(s.to_dict())
    with pytest.raises(IllegalActionError):
        s.play(text)
    assert json.dumps(s.to_dict()) == before


# -- hidden information -------------------------------------------------------------------------
def test_no_view_or_log_line_names_a_tile_in_another_hand_or_the_deck_order():
    s = fresh(3)
    play(s, "photosynthesize", "convert 0", "discard 6", "done")
    for viewer in (0, 1, None):
        view = GAME.player_view(s, viewer)
        data = view.to_dict()
        for q in range(3):
            if q != viewer:
                assert set(data["hands"][q]) == {-1}
        assert data["deck"] == sorted(data["deck"])
        out = text_of(GAME.render(view))
        for q in range(3):
            if q != viewer:
                assert f"hand: {len(s.hands[q])} tiles" in out
                for t in s.hands[q]:
                    assert f"{t} {tile(t).name}" not in out
    assert GAME.player_view(s, 1).deck != s.deck  # the order is not the draw order


def test_a_view_does_not_carry_the_seed_that_would_replay_the_deal():
    s = GAME.new_state(3, seed=424242)
    view = GAME.player_view(s, 0)
    assert view.to_dict()["seed"] != 424242
    replay = GAME.new_state(3, seed=view.to_dict()["seed"])
    assert replay.hands[1] != s.hands[1] or replay.hands[2] != s.hands[2]


def test_carbon_may_come_from_afar_even_when_a_rooted_tile_holds_some():
    s = fresh()
    give_root(s, 0, 0, 0, 2)  # Painted Suillus holds 1 C and P0 roots into it
    play(s, "absorb")
    assert "carbon 2>0,0" in legal(s) and "carbon 3>0,0" in legal(s)  # Q7: any source (BGA)
    play(s, "carbon 3>0,0", "flip b", "pay N", "pay K")  # 1 step from the Earthlover
    assert s.carbon[3] == 0 and s.carbon[2] == 1 and s.pcarbon[c(0, 0)] == 1


# -- §6.1 absorb tiles: the first carbon is part of the effect, the second is optional ---------
def test_woolly_pine_spike_must_absorb_its_first_carbon_and_may_stop_after_it():
    s = rooted(33)  # b, 2 C + 1 nutrient: absorb up to 2 C, "2nd optional"
    play(s, "activate 33", "pay K")
    assert "stop" not in legal(s)
    play(s, "carbon 33>0,0")
    assert "stop" in legal(s)
    play(s, "stop")
    assert s.pcarbon[c(0, 0)] == 1 and s.track[0] == 1 and s.current_player == 1


def test_woolly_owl_eyes_must_absorb_one_carbon_from_itself():
    s = rooted(37)  # g, 2 C + 1: absorb up to 2 C from this tile
    play(s, "activate 37", "pay N")
    assert legal(s) == ["carbon 37>0,0"]


def test_scarletina_bolete_must_absorb_its_carbon():
    s = rooted(49)  # g, 0 C + 1 nutrient: absorb 1 C, the first 2 steps free
    play(s, "activate 49", "pay N")
    assert "stop" not in legal(s) and "carbon 2>0,0" in legal(s)


def test_an_absorb_tile_cannot_be_activated_when_nothing_could_be_absorbed():
    s = rooted(49)
    for t in (2, 3, 4, 5):
        s.carbon[t] = 0
    assert "activate 49" not in legal(s)  # no carbon anywhere
    s = rooted(33)
    s.trees[0] = 0
    s.pcarbon[c(0, 0)] = 4  # the only seedling is full
    assert "activate 33" not in legal(s)
    s = rooted(49)
    for t in (2, 3, 4, 5):
        s.carbon[t] = 0
    put_tile(s, 21, 2, 0)
    put_tile(s, 22, 3, 0)
    put_tile(s, 20, 4, 0, carbon=1)  # 4 steps from the Earthlover, 2 of them free
    set_res(s, 0, C=4, N=1)  # after paying N: 3 tokens (g is flipped), 0 nutrients
    assert "activate 49" in legal(s)
    s.ready[0] = G | B  # after flipping g: 1 token for 2 paid steps: not enough
    assert "activate 49" not in legal(s)


def test_absorb_tiles_count_the_carbon_they_put_on_themselves_as_a_source():
    s = rooted(33)
    for t in (2, 3, 4, 5):
        s.carbon[t] = 0
    assert "activate 33" in legal(s)  # the 2 C paid onto 33 can be absorbed at once


def test_a_copycat_copies_an_absorb_tile_only_when_it_could_absorb():
    s = rooted(51)  # Rosy Slime Spike, b copycat
    put_tile(s, 33, 2, 0)  # Woolly Pine Spike (b): absorbs from anywhere, the copycat too
    put_tile(s, 38, 3, 0)  # Western Matsutake (b): absorbs from this tile = the copycat
    s.trees[0] = 0
    s.pcarbon[c(0, 0)] = 4
    play(s, "activate 51")
    assert legal(s) == ["copy 3"]  # Fly Agaric only: 33 and 38 would have nowhere to absorb


# -- §6.2 copycats and storing tiles: the stored resources raise the copied tile ---------------
def test_a_copycat_copying_a_storing_tile_stores_on_the_copied_tile():
    s = rooted(53)  # Suede Bolete: g copycat
    put_tile(s, 42, 2, 0)  # Peppery Bolete (g): +3 K, then store K on it (VP by stored count)
    play(s, "activate 53", "copy 42", "store 2")
    assert s.carbon[53] == 1 and s.carbon[42] == 0  # the carbon paid lands on the copycat
    assert s.stored[42] == 2 and s.stored[53] == 0 and tile_vp(s, 42) == 2
    assert s.res[0] == [3, 2, 2, 3]


def test_a_copycat_copying_yellow_veiled_amanita_fills_the_amanita():
    s = rooted(51)  # Rosy Slime Spike: b copycat
    put_tile(s, 41, 2, 0)  # Yellow-veiled Amanita (b): 2 nutrients, 1 stored from the supply
    s.stored[41] = 1
    play(s, "activate 51", "copy 41", "gain N", "gain N")
    assert s.stored[41] == 2 and s.stored[51] == 0 and tile_vp(s, 41) == 4
