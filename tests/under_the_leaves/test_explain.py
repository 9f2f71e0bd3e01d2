"""The log's "why?" (explain.py) on scripted gardens: the sector that became pollinated, the
tiles whose terrain is all pollinated, the dweller card's condition, in each language."""

from __future__ import annotations

from leafpile.games.under_the_leaves import GAME
from leafpile.games.under_the_leaves.components import orientation_name
from leafpile.games.under_the_leaves.state import Phase

from .garden import find_tile, lay, new_game


def explained(state, x, y, picture):
    """Why the placement of the tile showing `picture` at (x, y) says what arrived, asked on
    player 0's view before it (as the log is), then the placement played."""
    tile, o = find_tile(picture, state)
    if tile in state.market:
        state.market.remove(tile)
    else:
        state.bag.remove(tile)
        state.bag.append(state.market.pop())
    state.draws_left = max(state.draws_left, 1)
    state.to_move, state.phase, state.taken = 0, Phase.PLACE, tile
    action = state.parse_action(f"{x},{y}{orientation_name(o)}")
    why = GAME.explain(GAME.player_view(state, 0), action)
    state.play(str(action))
    state.to_move = 0
    return why


def test_a_bee_is_explained_by_the_sector_that_became_pollinated():
    s = new_game()
    why = explained(s, 1, 0, "P G* / P O")  # pink (1,0) (2,0) (2,1): 3 spaces
    assert why.startswith("A pink sector of 3 spaces became pollinated: 1 bee. ")
    assert "A sector of 3 or more spaces of one colour is pollinated." in why
    assert "Un secteur rose de 3 cases devient pollinisé : 1 abeille." in why.localize("fr")
    assert "Опылён розовый сектор из 3 участков: 1 пчела." in why.localize("ru")


def test_a_second_sector_of_a_colour_names_the_bee_each_earlier_one_gains():
    s = new_game()
    lay(s, 1, 0, "P G* / P O")
    lay(s, 1, -1, "Y* V / P P")
    lay(s, -1, 0, "V* P / O O")
    why = explained(s, -1, -1, "O* Y / P P")  # a second pink sector
    assert why.startswith(
        "A pink sector of 3 spaces became pollinated: 1 bee on it and 1 more on the 1 other "
        "pink sector of this garden."
    )


def test_growing_a_pollinated_sector_is_not_explained_as_a_bee():
    s = new_game()
    lay(s, 1, 0, "P G* / P O")
    assert explained(s, 1, -1, "Y* V / P P") is None  # pink grows to 5: no bee, nothing new


def test_a_hummingbird_is_explained_by_the_tile_whose_terrain_is_all_pollinated():
    s = new_game()
    lay(s, 1, 0, "P W / P G")
    why = explained(s, 2, 0, "G O* / G P")  # green (3,1) (4,0) (4,1): tile (1,0) all pollinated
    assert "A green sector of 3 spaces became pollinated: 1 bee." in why
    assert "Every terrain space of 1 more tile is now pollinated: a hummingbird on it." in why
    assert "A tile attracts a hummingbird when every terrain space on it" in why
    assert "Chaque case de terrain de 1 tuile de plus est maintenant pollinisée" in why.localize(
        "fr"
    )
    assert "колибри" in why.localize("ru")


def test_a_dweller_is_explained_by_its_card():
    s = new_game()
    why = explained(s, -1, 0, "O W / P P")  # puddles (-1,0) (0,0): a puddle of 2 spaces
    assert why.startswith("The Diver arrives: A puddle of 2 or more spaces forms: a puddle")


def test_a_placement_that_brings_nothing_has_no_why():
    s = new_game()
    assert explained(s, 1, 0, "O G* / P P") is None
