"""The carbon track, bonus and end spaces, the Earthlover refill and the end of the game
(docs/rules/undergrove.md §5, §6.3, §8)."""

from __future__ import annotations

from tests.undergrove.helpers import fresh, give_root, legal, pass_turn, play, set_res


def absorb_once(s, p=0, corner="0,0"):
    """p absorbs one carbon from Painted Suillus (rooted: no movement cost)."""
    s.carbon[2] = max(s.carbon[2], 1)
    s.ready[p] = 0b1111
    s.res[p][1] += 1
    play(s, "absorb", f"carbon 2>{corner}", "flip b", "pay N")


def prepared(players=2):
    s = fresh(players)
    give_root(s, 0, 0, 0, 2)
    return s


def test_space_one_gives_nitrogen_and_space_two_a_bonus_tile_of_the_set():
    s = prepared()
    absorb_once(s)
    assert s.track[0] == 1 and s.res[0][1] == 3
    pass_turn(s)
    absorb_once(s)
    assert legal(s) == ["take B1", "take B2", "take B3"]
    play(s, "take B2")
    assert s.bonus[0] == [2] and s.bonus_sets[0] == [1, 3]


def test_spaces_three_and_seven_place_a_free_root_if_possible():
    s = prepared()
    s.track[0] = 2
    absorb_once(s)
    assert legal(s) == ["root 0,0>4"]
    roots = s.roots_left[0]
    play(s, "root 0,0>4")
    assert s.roots_left[0] == roots - 1 and s.res[0][0] == 4  # no carbon paid
    pass_turn(s)
    s.track[0] = 6
    absorb_once(s)  # no free root slot left: the reward is skipped
    assert s.track[0] == 7 and s.current_player == 1


def test_space_five_gives_a_nutrient_of_choice_and_space_eight_a_carbon():
    s = prepared()
    s.track[0] = 4
    absorb_once(s)
    play(s, "gain K")
    assert s.res[0][3] == 3
    pass_turn(s)
    s.track[0] = 7
    c_before = s.res[0][0]
    absorb_once(s)
    assert s.res[0][0] == c_before + 1


def test_the_track_moves_only_on_turns_with_an_absorb():
    s = prepared()
    pass_turn(s)
    pass_turn(s)
    assert s.track == [0, 0]


def test_ninth_step_takes_a_free_end_space_and_triggers_the_end():
    s = prepared(3)
    s.track[0] = 8
    s.end_space[2] = 2  # E3 already taken
    absorb_once(s)
    assert legal(s) == ["end E1", "end E2", "end E4", "end E5"]
    play(s, "end E5")
    assert s.final_round == 1 and s.end_space[0] == 4
    assert not s.is_terminal()


def test_end_space_rewards():
    s = prepared()
    s.track[0] = 8
    absorb_once(s)
    play(s, "end E2", "gain P", "gain P")
    assert s.res[0][0] == 5 and s.res[0][2] == 4
    s = prepared()
    s.track[0] = 8
    absorb_once(s)
    play(s, "end E3")
    assert s.res[0][0] == 7
    s = prepared()
    s.track[0] = 8
    absorb_once(s)  # flipped b
    play(s, "end E4", "refresh b", "gain N")
    assert s.ready[0] == 0b1111 and s.res[0][1] == 3
    s = prepared()
    s.track[0] = 8
    absorb_once(s)
    play(s, "end E1", "root 0,0>4")
    assert s.roots[4 * 4 + 2] == 0


def test_absorbing_after_the_end_space_gives_nothing_more():
    s = prepared()
    s.track[0] = 9
    s.end_space[0] = 0
    absorb_once(s)
    assert s.track[0] == 9 and s.current_player == 1


def test_end_trigger_finishes_the_round_then_plays_one_more_round():
    s = fresh(3)
    give_root(s, 1, 1, 0, 3)  # P1 roots into Fly Agaric
    pass_turn(s)  # P0, round 0
    s.track[1] = 8
    s.carbon[3] = 1
    play(s, "absorb", "carbon 3>1,0", "flip b", "pay N", "end E3")  # P1 triggers
    assert s.final_round == 1
    turns = []
    while not s.is_terminal():
        turns.append((s.round, s.current_player))
        pass_turn(s)
    assert turns == [(0, 2), (1, 0), (1, 1), (1, 2)]


def test_earthlover_refills_the_starting_mushrooms_when_no_carbon_is_left():
    s = prepared()
    for t in (3, 4, 5):
        s.carbon[t] = 0
    s.carbon[2] = 1
    absorb_once(s)
    assert [s.carbon[t] for t in (2, 3, 4, 5)] == [1, 1, 1, 1]


def test_no_refill_while_some_carbon_remains():
    s = prepared()
    absorb_once(s)
    assert [s.carbon[t] for t in (2, 3, 4, 5)] == [0, 1, 1, 1]


def test_round_limit_ends_a_game_where_nobody_gets_anywhere():
    s = fresh(2, round_limit=2)
    for _ in range(4):
        pass_turn(s)
    assert s.is_terminal() and s.winners()


def test_hand_is_drawn_back_up_to_three_at_the_end_of_the_turn():
    s = fresh()
    set_res(s, 0, C=4, N=2)
    play(s, "photosynthesize", "convert 0", "discard 6", "discard 7", "done")
    assert s.hands[0] == [8, 12, 13] and s.deck[0] == 14
