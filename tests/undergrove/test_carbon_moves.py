"""The published rules' carbon movement, tree growth and Partner (the default reading of option
`carbon_moves`; docs/rules/undergrove.md §2, §4.2, §4.4, §6.1; seed 004, quoted in each
test), each next to what `carbon_moves=bga` (BGA's code) does in the same position."""

from __future__ import annotations

from leafpile.games.undergrove.carbon_movement import distance
from leafpile.games.undergrove.payments import PaySteps
from leafpile.games.undergrove.scoring import piece_points, tie_break
from tests.undergrove.helpers import (
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

#: The U-shaped forest below: the carbon on tile 23 at the foot of the left arm, P0's new
#: seedling on corner (4,3) rooted into tile 25 at the foot of the right arm.
U_SOURCE, U_TARGET = 23, 25


def u_forest(carbon_moves: str = "rules", **opts):
    """The cross, then a U hanging from Fly Agaric (1,0): the bar (1,0) 20@(2,0) 21@(3,0), the
    arms 22@(1,1) 23@(1,2) and 24@(3,1) 25@(3,2); the cells (2,1) and (2,2) stay empty. Tiles 23
    and 25 are |dx|+|dy| = 2 apart, but 6 tiles apart over the forest. The starting carbon is
    gone; 23 holds one. P0 has a seedling on (4,3), rooted only into 25, and 6 nutrients."""
    s = fresh(carbon_moves=carbon_moves, **opts)
    for t in (2, 3, 4, 5):
        s.carbon[t] = 0
    for t, x, y in ((20, 2, 0), (21, 3, 0), (22, 1, 1), (23, 1, 2), (24, 3, 1), (25, 3, 2)):
        put_tile(s, t, x, y)
    s.carbon[U_SOURCE] = 1
    put_piece(s, 0, 4, 3)
    give_root(s, 0, 4, 3, U_TARGET)
    set_res(s, 0, C=4, N=2, P=2, K=2)
    return s


# -- §4.2 only onto a rooted tile without carbon -------------------------------------------------
def test_carbon_moves_only_onto_a_rooted_tile_without_carbon():
    """Seed 004: "S'il n'y a pas de Carbone sur cette tuile, vous pouvez payer d'abord pour
    déplacer un Carbone sur cette tuile" — a rooted tile that holds carbon is only absorbed
    from directly."""
    s = u_forest()
    s.carbon[U_TARGET] = 1  # the seedling's only rooted tile holds carbon
    play(s, "absorb")
    assert "carbon 25>4,3" in legal(s)  # directly: no movement
    assert "carbon 23>4,3" not in legal(s)  # nowhere to move 23's carbon to
    s = u_forest("bga")
    s.carbon[U_TARGET] = 1
    play(s, "absorb")
    assert "carbon 23>4,3" in legal(s)  # [BGA] onto any rooted tile


def test_carbon_moves_onto_a_rooted_tile_once_it_has_no_carbon():
    """Seed 004: "S'il n'y a pas de Carbone sur cette tuile, vous pouvez payer d'abord pour
    déplacer un Carbone sur cette tuile, mais SEULEMENT si vous prévoyez de l'absorber"."""
    s = u_forest()
    play(s, "absorb", "carbon 23>4,3", "flip b", "pay N")
    assert s.pending[-1] == PaySteps(6)
    assert s.carbon[U_SOURCE] == 0 and s.carbon[U_TARGET] == 0  # moved and absorbed at once
    assert s.pcarbon[c(4, 3)] == 1


def test_moved_carbon_pays_the_way_to_the_nearest_rooted_tile_without_carbon():
    """Seed 004: "S'il n'y a pas de Carbone sur cette tuile, vous pouvez payer d'abord pour
    déplacer un Carbone sur cette tuile" — the price is the way to a tile that can take it,
    not to a nearer rooted tile that already holds carbon."""
    s = u_forest()
    put_piece(s, 0, 4, 1)  # touches 21 (3,0), 4 steps from 23, and 24 (3,1), 5 steps
    give_root(s, 0, 4, 1, 21)
    give_root(s, 0, 4, 1, 24)
    s.carbon[21] = 1
    play(s, "absorb", "carbon 23>4,1", "flip b", "pay N")
    assert s.pending[-1] == PaySteps(5)  # onto 24: 21 holds carbon
    s = u_forest("bga")
    put_piece(s, 0, 4, 1)
    give_root(s, 0, 4, 1, 21)
    give_root(s, 0, 4, 1, 24)
    s.carbon[21] = 1
    play(s, "absorb", "carbon 23>4,1", "flip b", "pay N")
    assert s.pending[-1] == PaySteps(3)  # [BGA] Manhattan to 24 (3,1), across the gap


# -- §2 distance: tiles travelled orthogonally ---------------------------------------------------
def test_carbon_travels_over_placed_tiles_and_cannot_jump_over_empty_cells():
    """Seed 004: "payer un PNK pour chaque tuile qu'il doit parcourir orthogonalement pour
    atteindre sa destination" — around the U, 6 tiles, where |dx|+|dy| across the empty cells
    is 2."""
    s = u_forest()
    play(s, "absorb", "carbon 23>4,3", "flip b", "pay N")
    assert s.pending[-1] == PaySteps(6)
    for _ in range(6):
        play(s, legal(s)[0])
    assert s.current_player == 1
    s = u_forest("bga")
    play(s, "absorb", "carbon 23>4,3", "flip b", "pay N")
    assert s.pending[-1] == PaySteps(2)  # [BGA] Manhattan, across the gap


def test_carbon_too_far_along_the_forest_cannot_be_absorbed():
    """Seed 004: "si le Carbone le plus proche est à 3 tuiles de distance, vous devez payer un
    mélange de jetons d'activation et de PNK pour une valeur de 3"."""
    s = u_forest()
    set_res(s, 0, C=4, N=2, P=1)  # 4 tokens + 3 nutrients - 2 for the absorb = 5 steps
    play(s, "absorb")
    assert "carbon 23>4,3" not in legal(s)  # 6 steps away
    s = u_forest("bga")
    set_res(s, 0, C=4, N=2, P=1)
    play(s, "absorb")
    assert "carbon 23>4,3" in legal(s)


def test_a_new_tile_that_closes_the_gap_shortens_the_way():
    """Seed 004: "pour chaque tuile qu'il doit parcourir orthogonalement" — the way is measured
    in the forest as it is now."""
    s = u_forest()
    play(s, "reproduce", "place 6@2,2", "pay N", "seedling 3,3", "root 3,3>6")
    pass_turn(s)  # P1
    play(s, "absorb", "carbon 23>4,3", "flip b", "pay K")
    assert s.pending[-1] == PaySteps(2)  # 23 -> 6 -> 25


# -- §4.2 a third carbon grows a tree ----------------------------------------------------------
def test_a_seedling_that_becomes_a_tree_discards_its_carbon():
    """Seed 004: "Si c'est le troisième Carbone que le Plant absorbe, défaussez tout le Carbone
    présent sur lui et placez un Arbre à sa place"."""
    s = fresh()
    give_root(s, 0, 0, 0, 2)
    s.pcarbon[c(0, 0)] = 2
    play(s, "absorb", "carbon 2>0,0", "flip b", "pay N")
    assert s.piece[c(0, 0)] == 4 and s.trees[0] == 3
    assert s.pcarbon[c(0, 0)] == 0  # discarded to the supply
    assert s.res[0][0] == 4  # not to the player
    s = fresh(carbon_moves="bga")
    give_root(s, 0, 0, 0, 2)
    s.pcarbon[c(0, 0)] = 2
    play(s, "absorb", "carbon 2>0,0", "flip b", "pay N")
    assert s.pcarbon[c(0, 0)] == 3  # [BGA] the tree keeps it


def test_a_tree_grown_by_an_absorb_mushroom_discards_its_carbon_too():
    """Seed 004: "défaussez tout le Carbone présent sur lui et placez un Arbre à sa place" —
    absorbing is the only way a seedling grows, by the Absorb action or a mushroom (33-40,
    49)."""
    s = rooted(33)  # Woolly Pine Spike: absorb up to 2 C
    s.pcarbon[c(0, 0)] = 2
    play(s, "activate 33", "pay K", "carbon 33>0,0")
    assert s.piece[c(0, 0)] == 4 and s.pcarbon[c(0, 0)] == 0
    assert s.current_player == 1  # a tree absorbs no more: the optional second carbon is gone


def test_a_tree_scores_all_its_roots_though_its_carbon_was_discarded():
    """Seed 004: "Les Arbres marquent les points de toutes leurs racines"."""
    s = fresh()
    give_root(s, 0, 0, 0, 2)
    give_root(s, 0, 0, 0, 4)
    s.pcarbon[c(0, 0)] = 2
    assert piece_points(s, c(0, 0)) == 3 + 3  # a seedling with 2 C: its 2 best roots
    play(s, "absorb", "carbon 2>0,0", "flip b", "pay N")
    assert piece_points(s, c(0, 0)) == 2 + 3 + 3  # the tree: all three
    assert tie_break(s, 0) == (1, 0)


# -- §6.1 the absorb mushrooms: "distance paid as in Absorb" ------------------------------------
def test_absorb_mushrooms_move_carbon_only_onto_a_rooted_tile_without_carbon():
    """Seed 004 (Absorb): "S'il n'y a pas de Carbone sur cette tuile, vous pouvez payer d'abord
    pour déplacer un Carbone sur cette tuile"; the mushrooms 33-36 absorb "from any tiles,
    distance paid as in Absorb"."""
    s = rooted(33)
    put_piece(s, 0, 0, -1)  # touches 4 (0,-1), which holds carbon, and 33 (-1,-1)
    give_root(s, 0, 0, -1, 4)
    play(s, "activate 33", "pay K")
    mine = [a for a in legal(s) if a.endswith(">0,-1")]
    assert mine == ["carbon 4>0,-1"]  # its rooted tile holds carbon: only from there
    s = rooted(33, carbon_moves="bga")
    put_piece(s, 0, 0, -1)
    give_root(s, 0, 0, -1, 4)
    play(s, "activate 33", "pay K")
    mine = [a for a in legal(s) if a.endswith(">0,-1")]
    assert mine == [f"carbon {t}>0,-1" for t in (2, 3, 4, 5, 33)]  # [BGA] from anywhere


def test_absorb_from_this_tile_moves_its_carbon_only_onto_a_rooted_tile_without_carbon():
    """Seed 004: "S'il n'y a pas de Carbone sur cette tuile, vous pouvez payer d'abord pour
    déplacer un Carbone sur cette tuile"; the mushrooms 37-40 absorb from themselves,
    "distance paid if not rooted here"."""
    s = rooted(37)  # Woolly Owl Eyes at (-1,-1): absorb up to 2 C from this tile
    put_piece(s, 0, 0, -1)  # not rooted into 37; rooted into 4 (0,-1), next to it
    give_root(s, 0, 0, -1, 4)
    play(s, "activate 37", "pay N")
    assert legal(s) == ["carbon 37>0,0"]  # 4 holds carbon: nothing comes to (0,-1)
    s = rooted(37)
    put_piece(s, 0, 0, -1)
    give_root(s, 0, 0, -1, 4)
    s.carbon[4] = 0
    play(s, "activate 37", "pay N")
    assert legal(s) == ["carbon 37>0,-1", "carbon 37>0,0"]
    play(s, "carbon 37>0,-1")
    assert s.pending[-1] == PaySteps(1)


def test_scarletina_pays_the_way_over_the_forest_after_two_free_steps():
    """Seed 004: "payer un PNK pour chaque tuile qu'il doit parcourir orthogonalement"; 49:
    "the first 2 steps of carbon movement are free"."""
    s = u_forest()
    put_tile(s, 49, -1, -1)  # Scarletina Bolete: absorb 1 C, 2 steps free
    give_root(s, 0, 0, 0, 49)
    play(s, "activate 49", "pay N", "carbon 23>4,3")
    assert s.pending[-1] == PaySteps(6 - 2)
    s = u_forest("bga")
    put_tile(s, 49, -1, -1)
    give_root(s, 0, 0, 0, 49)
    play(s, "activate 49", "pay N", "carbon 23>4,3")
    assert s.current_player == 1  # [BGA] 2 steps, both free


# -- §4.4 Partner: two roots -------------------------------------------------------------------
def test_partner_places_two_roots_when_two_can_be_placed():
    """Seed 004: "Placez 2 nouvelles Racines sur vos Plants ou Arbres existants, sur le même ou
    sur deux différents"."""
    s = fresh()
    play(s, "partner", "skip", "root 0,0>4")
    assert legal(s) == ["root 0,0>2"]  # no skip: the second root is placed too
    play(s, "root 0,0>2")
    assert s.roots_left[0] == 15 and s.current_player == 1
    s = fresh(carbon_moves="bga")
    play(s, "partner", "skip", "root 0,0>4")
    assert legal(s) == ["root 0,0>2", "skip"]  # [BGA] the second root is optional


def test_partner_places_one_root_when_only_one_can_be_placed():
    """Seed 004: "Placez 2 nouvelles Racines" — as many as can be placed: one free root slot,
    or one root left in the supply, gives one."""
    s = fresh()
    give_root(s, 0, 0, 0, 2)  # one free slot left around P0's only piece
    play(s, "partner", "skip", "root 0,0>4")
    assert s.roots_left[0] == 15 and s.current_player == 1
    s = fresh()
    s.roots_left[0] = 1
    play(s, "partner", "skip", "root 0,0>4")
    assert s.roots_left[0] == 0 and s.current_player == 1


def test_earthfans_third_partner_root_stays_optional():
    """Rules file §4.4: "Earthfan bonus (tile 29): optional 3rd root" (the seed is silent on the
    tile)."""
    s = rooted(29)
    put_piece(s, 0, 0, -1)  # free slots: (0,0)>2, (0,0)>4, (0,-1)>4, (0,-1)>29
    play(s, "partner", "skip", "root 0,0>2", "root 0,0>4")
    assert legal(s) == ["root 0,-1>4", "root 0,-1>29", "skip"]


def test_a_clone_that_places_a_tile_does_not_change_the_ways_of_the_original():
    """The shortest paths are cached per forest: a clone shares them until it places a tile."""
    s = u_forest()
    assert distance(s, c(4, 3), U_SOURCE) == 6
    other = s.clone()
    put_tile(other, 6, 2, 2)
    assert distance(other, c(4, 3), U_SOURCE) == 2
    assert distance(s, c(4, 3), U_SOURCE) == 6
    assert distance(s.clone(), c(4, 3), U_SOURCE) == 6
