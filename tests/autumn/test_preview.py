"""The preview of a placement (extras.preview) says what playing it does: each colour's largest
area before and after, and the round scores it would give, checked against the state after the
move; it goes only to the seat to move, for each of its legal placements; the areas it outlines
hold the card's leaves and are whole areas of their colour."""

from __future__ import annotations

import random

import pytest

from leafpile.games import get_game
from leafpile.games.autumn import rules
from leafpile.games.autumn.actions import Place
from leafpile.games.autumn.components import bit
from leafpile.games.autumn.preview import cells, largest_region, regions, round_scores

GAME = get_game("autumn")


def _mask(points: list[list[int]]) -> int:
    return sum(1 << bit(x, y) for x, y in points)


@pytest.mark.parametrize(
    ("players", "options"), [(2, {"rounds": 3}), (1, {"challenge": "balance"})]
)
def test_each_preview_is_what_the_placement_does(players, options):
    rng = random.Random(players)
    checked = 0
    for seed in range(2):
        state = GAME.new_state(players, seed=seed, options=options)
        while not state.is_terminal():
            mover = state.to_move
            for viewer in (None, *range(players)):
                pv = GAME.extras(GAME.player_view(state, viewer))["preview"]
                if viewer != mover or state.card is None:
                    assert pv is None or pv == {}
            previews = GAME.extras(GAME.player_view(state, mover))["preview"]
            legal = state.legal_actions()
            if state.card is not None:
                assert sorted(previews) == sorted(str(a) for a in legal)
            for action in legal if state.card is not None else []:
                assert isinstance(action, Place)
                pv = previews[str(action)]
                occupied, red = rules.laid(state, action)
                yellow = occupied & ~red
                now = rules.live_areas(state)
                assert pv["areas"]["red"] == [now[0], rules.largest_area(red)]
                assert pv["areas"]["yellow"] == [now[1], rules.largest_area(yellow)]
                after = state.clone()
                after.play(action)
                if state.num_players == 2 and state.red_player is not None:
                    mine = "red" if mover == state.red_player else "yellow"
                    assert pv["mine"] == mine
                    if not state.deck:  # the round's last card: the preview is its score
                        assert [a for _b, a in pv["scores"]] == after.round_scores[-1]
                    else:
                        assert [a for _b, a in pv["scores"]] == round_scores(
                            after, *rules.colour_masks(after)
                        )
                elif state.num_players == 2:
                    assert pv["scores"] is None and pv["mine"] is None
                elif not state.deck:  # solo, the last card: the challenge's score
                    assert pv["scores"] == [[pv["scores"][0][0], after.scores()[0]]]
                for colour, mask in (("red", red), ("yellow", yellow)):
                    joined = _mask(pv["joins"][colour])
                    assert joined & ~mask == 0
                    for region in regions(mask):  # whole areas only
                        assert region & joined in (0, region)
                checked += 1
            state.play(rng.choice(legal))
    assert checked > 300


def test_the_largest_areas_now_are_outlined_cell_by_cell():
    state = GAME.new_state(2, seed=4, options={"rounds": 1})
    rng = random.Random(4)
    while not state.is_terminal():
        largest = GAME.extras(GAME.player_view(state, None))["largest"]
        red, yellow = rules.colour_masks(state)
        assert len(largest["red"]) == rules.largest_area(red)
        assert len(largest["yellow"]) == rules.largest_area(yellow)
        assert _mask(largest["red"]) in regions(red)
        assert cells(largest_region(yellow)) == largest["yellow"]
        state.play(rng.choice(state.legal_actions()))
