"""The log's "why?" (explain.py) on scripted Autumn decks: a card that joins areas, one that
cuts an area, and the round's scoring by each colour's largest area."""

from __future__ import annotations

from leafpile.games.autumn import GAME
from leafpile.games.autumn.components import RED, YELLOW

from .test_rules import C1, H, X, brute_largest, scripted

AREA_RULE = (
    "An area is a set of visible spaces of one colour connected through shared edges; "
    "touching only at corners does not connect. A card covers whatever lies under its four "
    "cells."
)


def why(s, move):
    return GAME.explain(GAME.player_view(s, 1), s.parse_action(move))


def test_a_card_that_joins_two_areas():
    s = scripted(X, H)  # X = R Y / Y R: its two yellow spaces touch only at a corner
    # H (R R / Y Y) at -1,-1 lays yellow on (-1,0) and (0,0): (1,0) and (0,1) now connect
    assert why(s, "-1,-1") == "The card joins 2 yellow areas into one of 4 spaces. " + AREA_RULE
    assert (
        why(s, "-1,-1")
        .localize("fr")
        .startswith("La carte réunit 2 zones jaunes en une seule de 4 cases.")
    )
    assert (
        why(s, "-1,-1")
        .localize("ru")
        .startswith("Карта соединяет 2 жёлтые области в одну из 4 клеток.")
    )


def test_a_card_that_cuts_an_area():
    s = scripted(C1, H)  # C1 = R Y / Y Y: one yellow area of 3
    # H turned (Y Y / R R) at 1,0 covers (1,1) with red: (0,1) is cut off from (1,0)
    assert why(s, "1,0r") == "The card cuts a yellow area of 3 spaces into 2 areas. " + AREA_RULE


def test_a_card_that_changes_no_area_has_no_why():
    s = scripted(H, C1)
    assert why(s, "0,1") is None  # C1's red top-left joins the red row: one area still


def test_the_last_card_explains_the_round_score():
    s = scripted(H, rounds=1)
    while len(s.deck) or s.phase != "place":
        s.apply(s.legal_actions()[0])
    last = s.legal_actions()[0]
    said = GAME.explain(GAME.player_view(s, 0), last)
    s.apply(last)
    red, yellow = brute_largest(s, RED), brute_largest(s, YELLOW)
    assert (red, yellow) == (9, 16)
    assert said.endswith(
        "The deck is empty: the round ends. The largest red area has 9 spaces, the largest "
        "yellow area 16. At the end of a round each player scores the number of spaces in their "
        "largest area of their own colour; only that single largest area counts."
    )
    assert "La pioche est vide : la manche se termine." in said.localize("fr")
