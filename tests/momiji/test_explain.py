"""The log's "why?" (explain.py) on scripted Momiji positions: which neighbouring piles an acorn
harvest paid for, why a play harvested nothing, what an activated objective is."""

from __future__ import annotations

from leafpile.games.momiji import GAME

from .helpers import play, table


def why(s, move):
    """The reason given with `move`'s line, on seat 1's view (the log's other reader)."""
    return GAME.explain(GAME.player_view(s, 1), s.parse_action(move))


def test_a_harvest_names_the_pair_of_piles_that_paid():
    s = table(hands=["Y0L O0L"], rows=[["G0R"]], display="R0L", acorns=[0, 0])
    play(s, "Y0L>", "O0L>")  # tops G0R | Y0L | O0L: G0R|Y0L pay
    said = why(s, "stop")
    assert said.startswith(
        "green 0 with an acorn bottom right beside yellow 0 with an acorn bottom left: 2 acorns. "
        "After a play of different types, each pair of neighbouring piles"
    )
    assert GAME.describe(GAME.player_view(s, 1), s.parse_action("stop")).endswith("2 acorns")
    fr = said.localize("fr")
    assert fr.startswith("0 vert avec un gland en bas à droite à côté de 0 jaune avec un gland")
    assert "2 glands." in fr
    assert "2 жёлудя." in said.localize("ru")


def test_a_mixed_play_without_touching_acorns_says_so():
    s = table(hands=["Y0R O0R"], rows=[["G0L"]], display="R0L", acorns=[0, 0])
    play(s, "Y0R>", "O0R>")  # tops G0L | Y0R | O0R: no right corner meets a left one
    assert why(s, "stop").startswith("No two neighbouring top cards show touching acorns.")


def test_a_play_of_one_type_gives_the_rule_that_it_never_harvests():
    s = table(hands=["Y0L"], rows=[["G0R"]], display="R0L", acorns=[0, 0])
    play(s, "Y0L>")
    assert why(s, "stop") == "A play of one type never harvests."
    assert why(s, "stop").localize("fr") == "Une pose d'un seul type ne récolte jamais."


def test_the_new_pairs_option_is_told_with_the_rule():
    rows = [["G0R", "Y0L", "O0R", "R0L R1L"]]
    s = table(hands=["R2 O1L"], rows=rows, display="Y2", acorns=[0, 0], harvest="new-pairs")
    play(s, "R2", "O1L")
    said = why(s, "stop")
    assert said.startswith("No two neighbouring top cards show touching acorns.")
    assert said.endswith("At this table only pairs with a pile played on this turn count.")


def test_an_activated_objective_is_explained_with_how_it_scores():
    objectives = ["zero", "visible", "closed", "piles"]
    s = table(hands=[""], display="G0L", acorns=[5, 0], objectives=objectives)
    said = why(s, "obj visible")
    assert said.startswith(
        "P0 pays 3 acorns: the objective “highest sum of your top cards (closed piles count "
        "their 3)” is now active and P0 owns it. At the end only active objectives score"
    )
    assert "le propriétaire marque 10" in said.localize("fr")


def test_the_turn_that_triggers_the_end_gives_the_end_rule_once():
    s = table(hands=["", ""], display="G0L Y0L O0L R0L", deck_size=0)
    play(s, "take G")
    said = why(s, "end")  # the deck is empty: P0's turn triggers the end
    assert said.startswith("The end is triggered when the leaf deck is empty")
    assert said.endswith("so that everyone has had the same number of turns.")
    assert said.localize("ru").startswith("Конец игры наступает")
    play(s, "end", "take Y")
    assert why(s, "end") is None  # the last turn: the end was told already
    s = table(hands=["", ""], display="G0L Y0L O0L R0L", deck_size=0, final_round="extra")
    play(s, "take G")
    assert why(s, "end").endswith("then every player plays one more full turn.")
