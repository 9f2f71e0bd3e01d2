"""Momiji rule scenarios, named after the rules they pin (docs/rules/momiji.md)."""

from __future__ import annotations

import pytest

from leafpile.engine import IllegalActionError, InvalidNotationError, InvalidOptionsError
from leafpile.games.momiji import GAME, MomijiState, main_actions
from leafpile.games.momiji.components import (
    CARD_TYPE,
    CARD_VALUE,
    CARDS,
    NUM_CARDS,
    OBJECTIVE_INDEX,
    OBJECTIVES,
    PRESET,
    card_ids,
    setup_row,
)
from leafpile.games.momiji.scoring import metric, objective_points
from leafpile.games.momiji.state import Phase
from leafpile.games.momiji.turn import closed_piles
from tests.momiji.helpers import hand, legal, play, row, table


# -- components and set-up (§1, §2) -------------------------------------------------------------
def test_deck_is_six_types_of_fourteen_with_five_four_three_two_copies():
    assert NUM_CARDS == 84
    for t in range(6):
        values = [CARD_VALUE[c.id] for c in CARDS if c.type == t]
        assert [values.count(v) for v in range(4)] == [5, 4, 3, 2]


@pytest.mark.parametrize(("players", "types"), [(2, 4), (3, 5), (4, 6)])
def test_setup_uses_players_plus_two_types_objectives_and_torii(players, types):
    s = GAME.new_state(players, seed=5)
    assert isinstance(s, MomijiState)
    assert len(s.types) == types
    assert len(s.objectives) == types and all(o == -1 for o in s.owners)
    assert setup_row(players)[2] == types  # closed piles that end the game
    assert all(len(h) == 6 for h in s.hands)
    assert len(s.display) == 4
    assert s.acorns == [2] * players
    assert len(s.deck) == 14 * types - 6 * players - 4
    assert {CARD_TYPE[c] for c in s.deck + s.display} <= set(s.types)
    assert s.tiles == [list(PRESET[p]) for p in range(players)]


def test_type_objectives_are_only_revealed_for_types_in_play():
    for seed in range(20):
        s = GAME.new_state(2, seed=seed)
        assert isinstance(s, MomijiState)
        for index in s.objectives:
            objective = OBJECTIVES[index]
            if objective.metric == "type_count":
                assert objective.param in s.types


def test_scripted_deck_deals_hands_seat_by_seat_then_the_display():
    deck = card_ids(["G0L", "G0R", "G1L", "G1R", "G2", "G3"] + ["Y0L"] * 3 + ["Y0R"] * 2)
    deck += card_ids(["O0L", "R2", "R3", "O3", "O2"])
    s = GAME.new_state(2, seed=3, options={"deck": list(deck), "types": [0, 1, 2, 3]})
    assert isinstance(s, MomijiState)
    assert hand(s, 0) == ["G0L", "G0R", "G1L", "G1R", "G2", "G3"]
    assert hand(s, 1) == ["Y0L", "Y0R", "Y0L", "Y0R", "Y0L", "O0L"]
    assert sorted(CARDS[c].kind_name for c in s.display) == ["O2", "O3", "R2", "R3"]


def test_bad_options_are_refused():
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(2, seed=1, options={"types": [0, 1, 2]})
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(2, seed=1, options={"deck": [0, 0]})
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(2, seed=1, options={"first_player": "3"})
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(2, seed=1, options={"landscape_tiles": [0, 1, 2, 3, 4, 5]})
    with pytest.raises(InvalidOptionsError):  # a type objective whose type is not in play
        GAME.new_state(2, seed=1, options={"types": [0, 1, 2, 3], "objectives": [0, 1, 2, 6]})


# -- piles (§3) ---------------------------------------------------------------------------------
def test_a_pile_must_start_with_a_zero():
    s = table(hands=["G1L G2 Y0L"], display="O0L")
    assert "Y0L" in legal(s)
    assert "G1L" not in legal(s) and "G2" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.play("G1L")


def test_a_card_equals_the_top_or_is_one_higher_never_skipping():
    s = table(hands=["G0R G1R G2"], rows=[["G0L"]], display="O0L")
    assert {"G0R", "G1R"} <= legal(s)
    assert "G2" not in legal(s)  # on a 0 you may play 0 or 1, never 2


def test_a_pile_never_goes_down():
    s = table(hands=["G0R G1R"], rows=[["G0L G1L"]], display="O0L")
    assert "G1R" in legal(s)
    assert "G0R" not in legal(s)


def test_a_three_closes_the_pile_with_a_torii():
    s = table(hands=["G3 G3 Y0L"], rows=[["G0L G1L G2"]], display="O0L")
    play(s, "G3")
    assert closed_piles(s) == 1
    assert "G3" not in legal(s)  # the pile is closed for good
    assert "Y0L>" in legal(s)  # a mixed play may go on with another type
    play(s, "stop", "end")
    play(s, "take O", "end")  # P1
    assert s.current_player == 0
    assert all(not str(a).startswith("G") for a in s.legal_actions())


def test_a_closed_pile_cannot_be_restarted():
    s = table(hands=["G0R"], rows=[["G0L G1L G2 G3"]], display="O0L")
    assert "G0R" not in legal(s) and "<G0R" not in legal(s) and "G0R>" not in legal(s)


# -- play actions (§4.2) ------------------------------------------------------------------------
def test_same_type_play_places_two_cards_in_the_chosen_order():
    s = table(hands=["G0L G1R Y0L"], display="O0L")
    assert "G1R" not in legal(s)  # 1 before 0 is not a legal order
    play(s, "G0L")
    assert "G1R" in legal(s)  # each card is legal against the top at that moment
    play(s, "G1R")
    assert legal(s) == {"stop"}  # at most 2 cards of one type
    play(s, "stop")
    assert row(s, 0) == [["G0L", "G1R"]]


def test_same_type_play_of_zero_then_zero():
    s = table(hands=["G0L G0R G0L"], display="O0L")
    play(s, "G0L", "G0R")
    assert legal(s) == {"stop"}
    play(s, "stop")
    assert row(s, 0) == [["G0L", "G0R"]]


def test_mixed_play_puts_exactly_one_card_per_type():
    s = table(hands=["G0L G0R Y0L O0R"], display="R0L")
    play(s, "G0L", "Y0L>")
    assert "G0R" not in legal(s)  # green was played: one card per type
    assert "O0R>" in legal(s) and "<O0R" in legal(s)
    play(s, "<O0R", "stop")
    assert row(s, 0) == [["O0R"], ["G0L"], ["Y0L"]]


def test_new_piles_go_at_either_end_of_the_row_and_never_move():
    s = table(hands=["Y0L O0L"], rows=[["G0L"]], display="R0L")
    play(s, "<Y0L", "O0L>", "stop")
    assert [p[-1] for p in row(s, 0)] == ["Y0L", "G0L", "O0L"]


def test_the_first_pile_of_a_row_needs_no_side():
    s = table(hands=["G0L"], display="R0L")
    assert "G0L" in legal(s) and "<G0L" not in legal(s)


# -- acorn harvest (§4.4) -----------------------------------------------------------------------
def test_mixed_play_harvests_two_acorns_per_adjacent_acorn_pair():
    # G0R shows an acorn bottom-right; Y0L shows one bottom-left: they touch.
    s = table(hands=["Y0L O0L"], rows=[["G0R"]], display="R0L", acorns=[0, 0])
    play(s, "Y0L>", "O0L>", "stop")  # pairs: G0R|Y0L yes, Y0L|O0L no (Y0L has no R corner)
    assert s.acorns[0] == 2


def test_same_type_play_never_harvests():
    s = table(hands=["Y0L"], rows=[["G0R"]], display="R0L", acorns=[0, 0])
    play(s, "Y0L>", "stop")
    assert s.acorns[0] == 0


def test_harvest_counts_every_adjacent_pair_by_default():
    rows = [["G0R", "Y0L", "O0R"]]
    s = table(hands=["R0L G0L"], rows=rows, display="Y2", acorns=[0, 0])
    play(s, "G0L", "R0L>", "stop")  # G stays 0R on top? no: G0L covers it
    # row tops: G0L | Y0L | O0R | R0L -> only O0R|R0L pairs
    assert s.acorns[0] == 2
    s = table(hands=["R0L Y0R"], rows=rows, display="Y2", acorns=[0, 0])
    play(s, "Y0R", "R0L>", "stop")  # tops G0R | Y0R | O0R | R0L: G0R|Y0R no, O0R|R0L yes
    assert s.acorns[0] == 2
    s = table(
        hands=["R2 O1L"], rows=[["G0R", "Y0L", "O0R", "R0L R1L"]], display="Y2", acorns=[0, 0]
    )
    play(s, "R2", "O1L", "stop")  # tops G0R|Y0L yes (untouched pair still counts), Y0L|O1L no
    assert s.acorns[0] == 2


def test_harvest_option_new_pairs_counts_only_pairs_touching_a_played_pile():
    rows = [["G0R", "Y0L", "O0R", "R0L R1L"]]
    s = table(hands=["R2 O1L"], rows=rows, display="Y2", acorns=[0, 0], harvest="new-pairs")
    play(s, "R2", "O1L", "stop")
    assert s.acorns[0] == 0


# -- collect (§4.1) -----------------------------------------------------------------------------
def test_collect_takes_every_card_of_one_type_from_the_display():
    s = table(hands=[""], display="G0L G2 Y1L O0R")
    assert {"take G", "take Y", "take O"} <= legal(s)
    play(s, "take G")
    assert hand(s, 0) == ["G0L", "G2"]
    assert sorted(CARDS[c].kind_name for c in s.display) == ["O0R", "Y1L"]


def test_paid_refresh_reveals_four_cards_then_a_type_is_taken():
    s = table(hands=[""], display="G0L", deck_top="Y0L Y0R O2 R3", acorns=[1, 0])
    play(s, "refresh")
    assert s.acorns[0] == 0
    assert sorted(CARDS[c].kind_name for c in s.display) == ["G0L", "O2", "R3", "Y0L", "Y0R"]
    assert legal(s) == {"take G", "take Y", "take O", "take R"}
    play(s, "take Y")
    assert hand(s, 0) == ["Y0L", "Y0R"]


def test_refresh_needs_an_acorn():
    s = table(hands=[""], display="G0L", acorns=[0, 0])
    assert "refresh" not in legal(s)


def test_an_empty_display_is_refilled_with_four_cards():
    s = table(hands=[""], display="G0L G0R", deck_top="Y0L Y0R O2 R3 R2")
    play(s, "take G")
    assert sorted(CARDS[c].kind_name for c in s.display) == ["O2", "R3", "Y0L", "Y0R"]


# -- objectives (§4.3, §6.3) --------------------------------------------------------------------
def test_activating_an_objective_costs_three_acorns():
    objectives = ["zero", "visible", "closed", "piles"]
    s = table(hands=[""], display="G0L", acorns=[2, 0], objectives=objectives)
    assert not any(a.startswith("obj") for a in legal(s))
    s = table(hands=[""], display="G0L", acorns=[3, 0], objectives=objectives)
    assert {"obj zero", "obj visible", "obj closed", "obj piles"} <= legal(s)
    play(s, "obj visible")
    assert s.acorns[0] == 0
    assert s.owners == [-1, 0, -1, -1]
    assert not any(a.startswith("obj") or a.startswith("take") for a in legal(s))  # main done


def test_objective_scores_10_for_its_owner_and_3_for_other_best_players_with_ties():
    s = table(
        players=3,
        rows=[["G0L G0R"], ["Y0L Y0R"], ["O0L"]],
        objectives=["zero", "visible", "closed", "piles", "biggest"],
    )
    s.owners = [0, -1, -1, -1, -1]  # P0 owns "most zeros": P0 and P1 tie with 2
    assert objective_points(s) == [10, 3, 0]
    s.owners = [2, -1, -1, -1, -1]  # owned by P2, who is not among the best
    assert objective_points(s) == [3, 3, 0]


def test_inactive_objectives_and_a_best_value_of_zero_score_nothing():
    s = table(rows=[["G0L"], ["Y0L"]], objectives=["zero", "visible", "closed", "piles"])
    assert objective_points(s) == [0, 0]  # nothing active
    s.owners = [-1, 0, 0, -1]  # visible sum 0 for both; closed piles 0 for both
    assert objective_points(s) == [0, 0]


# -- free actions (§4.5) ------------------------------------------------------------------------
def test_compost_two_cards_for_an_acorn_once_per_turn():
    s = table(hands=["G2 Y2 O2 R2"], display="G0L", acorns=[0, 0])
    play(s, "compost")
    assert legal(s) == {"discard G2", "discard Y2", "discard O2", "discard R2"}
    play(s, "discard Y2")
    assert s.acorns[0] == 0  # the acorn comes with the second card
    play(s, "discard G2")
    assert s.acorns[0] == 1 and hand(s, 0) == ["O2", "R2"] and len(s.discard) == 2
    assert "compost" not in legal(s)
    play(s, "take G")
    assert "compost" not in legal(s)


def test_compost_needs_two_cards_in_hand():
    s = table(hands=["G2"], display="G0L", acorns=[0, 0])
    assert "compost" not in legal(s)


def test_one_landscape_per_turn_and_each_landscape_once_per_game():
    s = table(hands=["", ""], display="G0L Y1L", acorns=[5, 5])
    assert {"land L1", "land C1", "land R1"} <= legal(s)
    play(s, "land L1")  # reveal 4 more cards
    assert s.acorns[0] == 4 and len(s.display) == 6
    assert not any(a.startswith("land") for a in legal(s))  # one landscape per turn
    play(s, "take G", "end")
    play(s, "take Y", "end")  # P1
    assert "land L1" not in legal(s)  # used for the whole game
    assert "land C1" in legal(s)


def test_free_actions_come_before_or_after_the_main_action_never_during_it():
    s = table(hands=["G0L Y0L O2 R2"], display="G1L", acorns=[3, 0])
    play(s, "G0L")
    assert not any(a.startswith(("compost", "land")) for a in legal(s))
    play(s, "stop")
    assert "compost" in legal(s) and "land L1" in legal(s)


def test_end_of_turn_requires_the_main_action():
    s = table(hands=["G0L"], display="G1L")
    assert "end" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.play("end")


def test_a_player_with_no_main_action_passes():
    s = table(hands=["G2", ""], display="", deck_size=0, acorns=[0, 0], rows=[[], ["Y0L"]])
    assert legal(s) == {"end"}


# -- hand limit (§4.6) --------------------------------------------------------------------------
def test_hand_limit_eight_the_player_chooses_the_discards():
    s = table(hands=["G2 G2 G3 G3 Y2 Y2 Y3", ""], display="O0L O0R O1L")
    play(s, "take O", "end")  # 10 cards
    assert s.current_player == 0 and s.phase == "discard"
    assert legal(s) == {
        "discard G2",
        "discard G3",
        "discard Y2",
        "discard Y3",
        "discard O0L",
        "discard O0R",
        "discard O1L",
    }
    play(s, "discard G3")
    assert s.current_player == 0
    play(s, "discard Y3")
    assert s.current_player == 1 and len(s.hands[0]) == 8 and len(s.discard) == 2


# -- end of game (§5) ---------------------------------------------------------------------------
def test_empty_deck_triggers_the_end_and_the_round_is_finished():
    s = table(hands=["", ""], display="G0L Y0L O0L R0L", deck_size=0)
    play(s, "take G", "end")  # P0 (first player) triggers: P1 still plays
    assert not s.is_terminal() and s.current_player == 1
    play(s, "take Y", "end")
    assert s.is_terminal()


def test_trigger_by_the_last_seat_ends_the_game_at_once():
    s = table(hands=["", ""], display="G0L Y0L O0L R0L", deck_size=1)
    play(s, "take G", "end")  # deck still holds a card
    play(s, "refresh", "take Y", "end")  # P1 reveals the last card: deck empty
    assert s.is_terminal()


def test_final_round_option_extra_gives_everyone_one_more_turn():
    s = table(hands=["", ""], display="G0L Y0L O0L R0L", deck_size=0, final_round="extra")
    play(s, "take G", "end")  # P0 triggers
    play(s, "take Y", "end")  # P1
    assert not s.is_terminal() and s.current_player == 0
    play(s, "take O", "end")  # P0's extra turn ends the game
    assert s.is_terminal()


def test_players_plus_two_closed_piles_trigger_the_end():
    rows = [["G0L G1L G2 G3", "Y0L Y1L Y2 Y3", "O0L O1L O2 O3"], ["R0L R1L R2"]]
    s = table(hands=["", "R3"], rows=rows, display="G0R G1R", first=0)
    play(s, "take G", "end")  # 3 closed piles: no trigger yet
    assert s.turns_left == -1
    play(s, "R3", "stop", "end")  # P1 closes the 4th pile (2 players + 2) as last seat
    assert closed_piles(s) == 4
    assert s.is_terminal()


def test_final_scoring_of_a_scripted_game_computed_by_hand():
    rows = [
        ["G0L G1L G1R G2 G3", "Y0L Y0R", "O0L O1L"],  # 3x5=15, 0, 1x2=2
        ["R0L R1L R2 R2"],  # 2x4 = 8
    ]
    s = table(
        hands=["", "G0R"],
        rows=rows,
        display="Y2",
        deck_size=0,
        acorns=[4, 1],
        objectives=["zero", "visible", "closed", "piles"],
    )
    s.owners = [0, 1, -1, -1]
    # zero: P0 has G0L Y0L Y0R O0L = 4, P1 has R0L = 1 -> P0 owns it: +10
    # visible: P0 3+0+1 = 4, P1 2 -> owned by P1, P0 is best: P0 +3, P1 nothing
    play(s, "take Y", "end")  # P0 triggers (empty deck), P1 finishes the round
    play(s, "<G0R", "stop", "end")  # P1 starts a green pile (0 points), 1 more zero
    assert s.is_terminal()
    assert s.scores() == [15 + 0 + 2 + 4 + 10 + 3, 8 + 0 + 1]
    assert s.winners() == [0]
    assert s.returns() == [1.0, -1.0]


def test_tie_break_closed_piles_then_acorns():
    s = table(rows=[["G0L G1L G2 G3"], ["Y0L Y1L Y2 Y2 Y2 Y3"]], acorns=[6, 0])
    s.phase = Phase.OVER
    # P0: 12 + 6 = 18; P1: 18 + 0 = 18; closed piles 1 each; acorns decide
    assert s.scores() == [18.0, 18.0]
    assert s.winners() == [0]


# -- landscape powers (§1.4 placeholder catalogue) ----------------------------------------------
def tiles_for(seat0: tuple[str, str, str]) -> list[tuple[str, str, str]]:
    others = {"L": "L5", "C": "C5", "R": "R5"}
    if "L5" in seat0:
        others["L"] = "L4"
    if "C5" in seat0:
        others["C"] = "C4"
    if "R5" in seat0:
        others["R"] = "R4"
    return [seat0, (others["L"], others["C"], others["R"])]


def test_power_collect_two_types():
    s = table(hands=[""], display="G0L Y0L O0L", acorns=[1, 0], tiles=tiles_for(("L2", "C1", "R1")))
    play(s, "land L2", "take G")
    assert legal(s) == {"take Y", "take O", "stop"}
    play(s, "take O")
    assert hand(s, 0) == ["G0L", "O0L"]
    assert "take Y" not in legal(s)


def test_power_draw_three_and_gain_three():
    s = table(
        hands=[""],
        display="G0L",
        deck_top="Y2 Y3 O2",
        acorns=[1, 0],
        tiles=tiles_for(("L3", "C1", "R1")),
    )
    play(s, "land L3")
    assert hand(s, 0) == ["Y2", "Y3", "O2"] and s.acorns[0] == 0
    s = table(hands=[""], display="G0L", acorns=[1, 0], tiles=tiles_for(("L5", "C1", "R1")))
    play(s, "land L5")
    assert s.acorns[0] == 3


def test_power_pick_one_card_from_the_display():
    s = table(hands=[""], display="G0L G2", acorns=[1, 0], tiles=tiles_for(("L4", "C1", "R1")))
    play(s, "land L4")
    assert legal(s) == {"pick G0L", "pick G2"}
    play(s, "pick G2")
    assert hand(s, 0) == ["G2"] and "take G" in legal(s)  # the main action is still to come


def test_power_skip_one_value():
    s = table(hands=["G2 G3"], rows=[["G0L"]], display="Y0L", acorns=[1, 0])
    assert "G2" not in legal(s)
    play(s, "land C1", "G2")  # seat 0's preset centre tile: skip
    assert "G3" in legal(s)


def test_power_three_cards_of_one_type():
    s = table(
        hands=["G0L G0R G1L"], display="Y0L", acorns=[1, 0], tiles=tiles_for(("L1", "C2", "R1"))
    )
    play(s, "land C2", "G0L", "G0R", "G1L")
    assert legal(s) == {"stop"}
    assert row(s, 0) == [["G0L", "G0R", "G1L"]]


def test_power_start_a_pile_with_a_one():
    s = table(hands=["G1L G1R"], display="Y0L", acorns=[1, 0], tiles=tiles_for(("L1", "C3", "R1")))
    play(s, "land C3", "G1L")
    assert row(s, 0) == [["G1L"]]
    assert "G1R" in legal(s)  # on its own pile, as usual


def test_power_harvest_after_a_same_type_play():
    s = table(
        hands=["Y0L"],
        rows=[["G0R"]],
        display="O0L",
        acorns=[1, 0],
        tiles=tiles_for(("L1", "C4", "R1")),
    )
    play(s, "land C4", "Y0L>", "stop")
    assert s.acorns[0] == 2


def test_power_second_different_main_action():
    s = table(hands=["G0L"], display="Y0L", acorns=[1, 0], tiles=tiles_for(("L1", "C5", "R1")))
    play(s, "land C5", "G0L", "stop")
    assert "take Y" in legal(s) and "end" in legal(s)
    assert not any(a.startswith("G") for a in legal(s))  # a second Play is not allowed
    play(s, "take Y")
    assert "end" in legal(s) and "take Y" not in legal(s)


def test_power_cheap_objective():
    s = table(
        hands=[""], display="Y0L", acorns=[2, 0], objectives=["zero", "visible", "closed", "piles"]
    )
    play(s, "land R1", "obj zero")  # seat 0's preset right tile
    assert s.acorns[0] == 0 and s.owners[0] == 0


def test_power_take_two_cards_from_the_discard_pile():
    s = table(
        hands=[""], display="Y0L", acorns=[1, 0], tiles=tiles_for(("L1", "C1", "R2")), deck_size=5
    )
    discards = len(s.discard)
    play(s, "land R2")
    assert len(s.hands[0]) == 2 and len(s.discard) == discards - 2


def test_power_swap_two_adjacent_open_piles():
    rows = [["G0L", "Y0L Y1L Y2 Y3", "O0L", "R0L"]]
    s = table(
        hands=[""], rows=rows, display="Y0R", acorns=[1, 0], tiles=tiles_for(("L1", "C1", "R3"))
    )
    play(s, "land R3")
    assert legal(s) == {"swap 3"}  # only O and R are adjacent and both open
    play(s, "swap 3")
    assert [p[-1] for p in row(s, 0)] == ["G0L", "Y3", "R0L", "O0L"]


def test_power_no_hand_limit_this_turn():
    s = table(
        hands=["G2 G2 G3 G3 Y2 Y2 Y3 Y3"],
        display="O0L",
        acorns=[1, 0],
        tiles=tiles_for(("L1", "C1", "R4")),
    )
    play(s, "land R4", "take O", "end")
    assert s.current_player == 1 and len(s.hands[0]) == 9


def test_power_sell_up_to_three_cards():
    s = table(
        hands=["G2 G3 Y2 Y3"], display="O0L", acorns=[1, 0], tiles=tiles_for(("L1", "C1", "R5"))
    )
    play(s, "land R5", "discard G2", "discard G3", "discard Y2")
    assert legal(s) == {"stop"}
    play(s, "stop")
    assert s.acorns[0] == 3 and hand(s, 0) == ["Y3"]


def test_landscape_draft_in_reverse_seat_order():
    s = GAME.new_state(3, seed=4, options={"landscapes": "draft", "first_player": "1"})
    assert isinstance(s, MomijiState)
    assert s.phase == "draft" and s.current_player == 2
    assert len(s.draft_pool) == 4 and all(a.startswith("draft L") for a in legal(s))
    for _ in range(9):
        s.play(s.legal_actions()[0])
    assert s.phase == "turn" and s.current_player == 1
    for tiles in s.tiles:
        assert [t // 5 for t in tiles] == [0, 1, 2]  # one Left, one Centre, one Right


# -- notation -----------------------------------------------------------------------------------
def test_notation_round_trips_and_refuses_nonsense():
    for text in [
        "take G",
        "refresh",
        "G0L",
        "<G0L",
        "G0L>",
        "stop",
        "obj zero",
        "compost",
        "land L1",
        "end",
        "discard G3",
        "pick Y1R",
        "swap 2",
        "draft C3",
    ]:
        assert str(GAME.parse_notation(text)) == text
    for text in ["", "take", "take Z", "<G0L>", "G4", "obj nothing", "compost G0L Y2", "swap 9"]:
        with pytest.raises(InvalidNotationError):
            GAME.parse_notation(text)


def test_whole_scripted_game_scored_by_hand():
    """A 2-player game from the deal to the end, every draw scripted; the end comes from the
    4th closed pile (players + 2), the first player's turn triggers it, the round is finished."""
    deck = card_ids(
        [
            *("G0L", "G1L", "Y0R", "Y1R", "O0L", "O1R"),  # P0's hand
            *("R0L", "R1L", "R2", "R3", "G0R", "G1R"),  # P1's hand
            *("Y2", "Y3", "G2", "G3"),  # the display
            *("O2", "O3", "Y0L", "Y1L"),  # first refill
            *("G0L", "G0R", "G0L", "G1L"),  # second refill
            *("G1R", "G2", "G2", "G3"),  # third refill
        ]
    )
    s = GAME.new_state(
        2,
        seed=9,
        options={
            "deck": list(deck),
            "types": [0, 1, 2, 3],
            "first_player": "0",
            "objectives": [OBJECTIVE_INDEX[o] for o in ("zero", "visible", "closed", "piles")],
        },
    )
    assert isinstance(s, MomijiState)
    play(s, "G0L", "Y0R>", "O0L>", "stop", "end")  # mixed: Y0R|O0L touch acorns: +2
    assert s.acorns == [4, 2]
    play(s, "R0L", "R1L", "stop", "end")
    play(s, "take Y", "end")
    play(s, "R2", "R3", "stop", "end")  # P1 closes red (1 closed pile)
    play(s, "G1L", "Y1R", "O1R", "stop", "end")  # mixed, but no touching acorns: +0
    assert s.acorns == [4, 2]
    play(s, "G0R>", "G1R", "stop", "end")
    play(s, "take G", "end")  # the display empties and is refilled: O2 O3 Y0L Y1L
    play(s, "take Y", "end")
    play(s, "Y2", "Y3", "stop", "end")  # 2 closed piles
    play(s, "<Y0L", "Y1L", "stop", "end")
    play(s, "take O", "end")  # refill: G0L G0R G0L G1L
    play(s, "take G", "end")  # refill: G1R G2 G2 G3
    play(s, "G2", "G3", "stop", "end")  # 3 closed piles
    play(s, "take G", "end")  # P1 now holds 8 cards: no discard
    assert s.turns_left == -1
    play(s, "O2", "O3", "stop", "end")  # 4th closed pile: P1 still plays the round out
    assert s.turns_left == 1 and s.current_player == 1
    play(s, "compost", "discard G2", "discard G2", "obj zero", "end")
    assert s.is_terminal()
    assert row(s, 0) == [
        ["G0L", "G1L", "G2", "G3"],
        ["Y0R", "Y1R", "Y2", "Y3"],
        ["O0L", "O1R", "O2", "O3"],
    ]
    assert row(s, 1) == [["Y0L", "Y1L"], ["R0L", "R1L", "R2", "R3"], ["G0R", "G1R"]]
    # P0: piles 3x4 + 3x4 + 3x4 = 36; 4 acorns. P1: piles 1x2 + 3x4 + 1x2 = 16; 2 + 1 (compost)
    # - 3 (objective) = 0 acorns. "zero", owned by P1: 3 zeros each (G0L Y0R O0L / Y0L R0L G0R),
    # a tie: the owner scores 10, the other best player 3. Other objectives are inactive.
    assert s.scores() == [36 + 4 + 3, 16 + 0 + 10]
    assert s.winners() == [0]


# -- audit additions: rules that were right but not pinned --------------------------------------
def test_first_player_is_random_and_play_goes_clockwise():
    """§2.8: a random first player; turns pass to the next seat."""
    firsts = set()
    for seed in range(30):
        s = GAME.new_state(3, seed=seed)
        assert isinstance(s, MomijiState)
        assert s.current_player == s.first
        firsts.add(s.first)
    assert firsts == {0, 1, 2}
    s = table(players=3, hands=["", "", ""], display="G0L Y0L O0L", first=2)
    play(s, "take G", "end")
    assert s.current_player == 0


def test_refresh_with_fewer_than_four_cards_in_the_deck_reveals_what_is_left():
    """§4.1 [D]: the paid refresh reveals the rest of a short deck."""
    s = table(hands=[""], display="G0L", deck_top="Y0L O2", deck_size=2, acorns=[1, 0])
    play(s, "refresh")
    assert sorted(CARDS[c].kind_name for c in s.display) == ["G0L", "O2", "Y0L"]
    assert s.deck == [] and s.acorns[0] == 0


def test_the_harvest_happens_once_after_all_cards_of_the_play_are_placed():
    """§4.4 [D]: no acorns while cards are still being placed; each pair counts once."""
    s = table(hands=["Y0L O0L"], rows=[["G0R"]], display="R0L", acorns=[0, 0])
    play(s, "Y0L>")  # G0R|Y0L already touch
    assert s.acorns[0] == 0
    play(s, "O0L>", "stop")
    assert s.acorns[0] == 2


def test_a_closed_pile_never_forms_an_acorn_pair(monkeypatch):
    """§4.4 [D] Q11: the torii hides a closed pile's top card. The placeholder 3s have no acorn,
    so give the green 3s (and, as a control, the green 2s) a bottom-right acorn for this test."""
    right = list(main_actions.CARD_RIGHT)
    for c in CARDS:
        if c.type == 0 and c.value >= 2:
            right[c.id] = True
    monkeypatch.setattr(main_actions, "CARD_RIGHT", tuple(right))
    s = table(hands=["Y0L O0R"], rows=[["G0L G1L G2 G3"]], display="R0L", acorns=[0, 0])
    play(s, "Y0L>", "O0R>", "stop")  # G3 (closed) | Y0L: no pair
    assert s.acorns[0] == 0
    s = table(hands=["Y0L O0R"], rows=[["G0L G1L G2"]], display="R0L", acorns=[0, 0])
    play(s, "Y0L>", "O0R>", "stop")  # control: G2 (open) | Y0L pairs
    assert s.acorns[0] == 2


def test_an_active_objective_cannot_be_activated_again():
    """§4.3: only an inactive objective may be taken."""
    objectives = ["zero", "visible", "closed", "piles"]
    s = table(hands=["", ""], display="G0L Y0L", acorns=[3, 3], objectives=objectives)
    play(s, "obj zero", "end")
    assert "obj zero" not in legal(s) and "obj visible" in legal(s)


def test_a_landscape_costs_an_acorn():
    """§4.5: no acorn, no landscape power."""
    s = table(hands=[""], display="G0L", acorns=[0, 0])
    assert not any(a.startswith("land") for a in legal(s))


def test_a_passing_player_may_still_take_free_actions():
    """§4.7: with no main action the player passes, free actions still allowed."""
    s = table(hands=["G2 Y2", ""], display="", deck_size=0, acorns=[0, 0])
    assert legal(s) == {"end", "compost"}
    play(s, "compost", "discard G2", "discard Y2", "end")
    assert s.acorns[0] == 1 and s.current_player == 1


def test_a_middle_seat_trigger_ends_the_game_after_the_seat_before_the_first_player():
    """§5 [D] Q13 'finish': with 3 players and P0 first, P1's trigger leaves P2's turn only."""
    s = table(players=3, hands=["", "", ""], display="G0L Y0L O0L R0L", deck_size=1)
    play(s, "take G", "end")  # P0: the deck still holds a card
    play(s, "refresh", "take Y", "end")  # P1 reveals the last card: trigger
    assert not s.is_terminal() and s.current_player == 2
    play(s, "take O", "end")
    assert s.is_terminal()


def test_piles_may_still_close_after_the_trigger_beyond_the_torii():
    """§5 [D]: after the trigger, further piles may still close (spare torii) and score."""
    rows = [
        ["G0L G1L G2 G3", "Y0L Y1L Y2 Y3", "O0L O1L O2 O3"],
        ["R0L R1L R2 R3", "P0L P1L P2 P3"],
        ["G0R G1R G2"],
    ]
    s = table(players=3, hands=["", "", "G3"], rows=rows, display="Y0R O0R", acorns=[0, 0, 0])
    play(s, "take Y", "end")  # 5 closed piles (3 players + 2): trigger, the round goes on
    assert s.turns_left == 2
    play(s, "take O", "end")
    play(s, "G3", "stop", "end")  # a 6th pile closes
    assert s.is_terminal() and closed_piles(s) == 6
    assert s.scores()[2] == 3 * 4


def test_each_objective_measures_cards_in_piles_or_acorns():
    """§1.5 / §6.3: what each placeholder objective counts."""
    rows = [["G0L G0R G1L", "Y0L Y1L Y2 Y3"], ["O0L", "R0L R0R R1L R2"]]
    s = table(rows=rows, hands=["G0L G0R G0L", "R3"], acorns=[1, 4])
    expected = {
        "zero": [3, 3],
        "type-G": [3, 0],
        "type-Y": [4, 0],
        "type-O": [0, 1],
        "type-R": [0, 4],
        "visible": [1 + 3, 0 + 2],
        "closed": [1, 0],
        "piles": [2, 2],
        "biggest": [4, 4],
        "acorns": [1, 4],
    }
    for name, values in expected.items():
        assert [metric(s, p, OBJECTIVE_INDEX[name]) for p in range(2)] == values, name


def test_cards_in_hand_score_nothing():
    """§6.4 [D]."""
    s = table(rows=[["G0L G1L"], ["Y0L Y1L"]], hands=["G2 G3 Y2 Y3", ""], acorns=[0, 0])
    assert s.scores() == [2.0, 2.0]


def test_tie_break_more_closed_piles_wins_before_acorns():
    """§6 [D] Q15: equal totals; more closed piles beats more acorns."""
    s = table(rows=[["G0L G1L G2 G3", "Y0L Y1L Y2 Y3"], ["O0L O1L O2 O2 O2 O3"]], acorns=[0, 6])
    s.phase = Phase.OVER
    assert s.scores() == [24.0, 24.0]
    assert s.winners() == [0]


def test_tie_break_still_tied_is_a_shared_victory():
    """§6 [D] Q15: same total, closed piles and acorns: both win."""
    s = table(rows=[["G0L G1L G2 G3"], ["Y0L Y1L Y2 Y3"]], acorns=[1, 1])
    s.phase = Phase.OVER
    assert s.winners() == [0, 1]


def test_objectives_option_puts_the_types_it_names_in_play():
    """§1.5: a type objective needs its type in play; with random types (Q3), a scripted
    objective list keeps its types in play instead of failing on some seeds."""
    names = ["type-P", "type-B", "zero", "visible"]
    for seed in range(12):
        s = GAME.new_state(
            2, seed=seed, options={"objectives": [OBJECTIVE_INDEX[o] for o in names]}
        )
        assert isinstance(s, MomijiState)
        assert {4, 5} <= set(s.types)
    with pytest.raises(InvalidOptionsError):  # 5 types named for a 4-type game
        GAME.new_state(
            2,
            seed=1,
            options={
                "objectives": [OBJECTIVE_INDEX[o] for o in ["type-P", "type-B", "type-G", "zero"]],
                "deck": list(card_ids(["Y0L", "O0L"])),
            },
        )


def test_power_skip_lets_only_one_card_skip():
    """§1.4 C1: 'one card may' skip a value; the next one follows the usual rule."""
    s = table(hands=["G2 Y2"], rows=[["G0L", "Y0L"]], display="O0L", acorns=[1, 0])
    play(s, "land C1", "G2")
    assert "Y2" not in legal(s)


def test_power_start_with_a_one_starts_only_one_pile():
    """§1.4 C3: 'a new pile' may start with a 1, not every new pile of the play."""
    s = table(hands=["G1L Y1L"], display="O0L", acorns=[1, 0], tiles=tiles_for(("L1", "C3", "R1")))
    play(s, "land C3", "G1L")
    assert "<Y1L" not in legal(s) and "Y1L>" not in legal(s)


def test_a_paid_refresh_with_an_empty_deck_reveals_nothing():
    """§5 [D]: in the final part a paid refresh is still a Collect; it costs the acorn and
    reveals nothing, then a type is taken (so it needs cards in the display)."""
    s = table(hands=["", ""], display="G0L Y0L", deck_size=0, acorns=[1, 1])
    assert "refresh" in legal(s)
    play(s, "refresh")
    assert s.acorns[0] == 0 and len(s.display) == 2
    assert legal(s) == {"take G", "take Y"}
    s = table(hands=["G2 Y2", ""], display="", deck_size=0, acorns=[1, 1])
    assert "refresh" not in legal(s)  # nothing could be taken afterwards


def test_a_main_action_is_compulsory_while_one_is_possible():
    """§4 / §4.7: exactly one main action; passing only when none is possible (here the only
    one left is buying an objective)."""
    objectives = ["zero", "visible", "closed", "piles"]
    s = table(hands=["G2 Y2", ""], display="", deck_size=0, acorns=[3, 0], objectives=objectives)
    assert "end" not in legal(s) and "obj zero" in legal(s)
