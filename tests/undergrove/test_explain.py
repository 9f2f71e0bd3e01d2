"""The log's "why?" (explain.py) on scripted Undergrove positions: how carbon moved into a
seedling (straight from a rooted tile, or moved there first), the carbon track's step,
Photosynthesize and what Activate is."""

from __future__ import annotations

from leafpile.games.undergrove import GAME
from tests.undergrove.helpers import fresh, play, put_piece, rooted, set_res
from tests.undergrove.test_carbon_moves import U_SOURCE, u_forest


def why(s, move):
    """The reason given with `move`'s line, on seat 1's view (the log's other reader)."""
    return GAME.explain(GAME.player_view(s, 1), s.parse_action(move))


def test_carbon_absorbed_straight_from_a_rooted_tile():
    s = rooted(20, carbon=1)
    set_res(s, 0, C=0, N=2, P=2, K=2)
    play(s, "absorb")
    said = why(s, "carbon 20>0,0")
    assert said.startswith(
        "The seedling at 0,0 has a root on Bellybutton Hedgehog: 1 C moves from the tile onto "
        "the seedling. Absorb: flip any one ready activation token"
    )
    assert "1 C passe de la tuile sur le Plant." in said.localize("fr")
    assert "тайла на росток." in said.localize("ru")


def test_carbon_moved_before_it_is_absorbed_names_the_steps():
    s = u_forest()
    play(s, "absorb")
    said = why(s, f"carbon {U_SOURCE}>4,3")
    assert "the carbon is moved 6 steps onto a tile the seedling roots into" in said
    assert "6 шагов" in said.localize("ru")


def test_the_last_payment_of_an_absorbing_turn_explains_the_carbon_track():
    s = rooted(20, carbon=1)
    set_res(s, 0, C=0, N=2, P=2, K=2)
    play(s, "absorb", "carbon 20>0,0", "flip b")
    said = why(s, "pay N")
    assert said.startswith("The carbon marker moves to space 1: ")
    assert "moves your carbon marker one space" in said


def test_photosynthesize_and_activate_give_their_rules():
    s = fresh()
    assert why(s, "photosynthesize").startswith("Photosynthesize (always available)")
    assert why(s, "photosynthesize").localize("fr").startswith("Photosynthèse (toujours possible)")
    put_piece(s, 0, 0, 0)
    said = [GAME.explain(s, a) for a in s.legal_actions() if str(a).startswith("activate")]
    assert said and all(w.startswith("Activate is an action of your player board") for w in said)
