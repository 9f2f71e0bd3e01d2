"""Autumn rule scenarios, named after the rules they pin (docs/rules/autumn.md)."""

from __future__ import annotations

import json
import random

import pytest

from leafpile.engine import IllegalActionError, InvalidOptionsError, InvalidStateError
from leafpile.games.autumn import GAME, AutumnState
from leafpile.games.autumn.components import CARDS, RED, YELLOW, bit
from leafpile.games.autumn.rules import area_sizes, solo_score

# Card ids of the placeholder deck (data/cards.json): patterns by id.
H, V, X, Z, C1, C3 = 0, 4, 8, 10, 12, 15  # RRYY, RYRY, RYYR, YRRY, RYYY, YRRR


def scripted(first: int, *rest: int, players: int = 2, **options) -> AutumnState:
    """A game whose deck starts with the given card ids (the rest in id order)."""
    order = [first, *rest]
    order += [c for c in range(18) if c not in order]
    opts = {"deck": order, "start_rotation": "0", **options}
    if players == 2:
        opts.setdefault("first_player", "0")
    state = GAME.new_state(players, seed=1, options=opts)
    assert isinstance(state, AutumnState)
    return state


def cells_covered(state: AutumnState, x: int, y: int) -> int:
    """Brute-force k of §4.1: how many of the card's four cells are occupied."""
    occupied = {
        (cx + dx, cy + dy) for (_, cx, cy, _) in state.placed for dx in (0, 1) for dy in (0, 1)
    }
    return sum((x + dx, y + dy) in occupied for dx in (0, 1) for dy in (0, 1))


def test_placeholder_deck_is_colour_balanced():
    assert len(CARDS) == 18
    reds = sum(c.faces.count(RED) for c in CARDS)
    assert reds == 36 and sum(c.faces.count(YELLOW) for c in CARDS) == 36


def test_start_card_is_revealed_at_the_origin_and_next_card_is_drawn():
    s = scripted(H, V)
    assert s.placed == [(H, 0, 0, 0)]
    assert s.card == V
    assert s.current_player == 0
    assert len(s.deck) == 16


def test_placement_covers_exactly_one_or_two_spaces_worked_examples():
    """§4.5: start card at (0,0)."""
    s = scripted(H, V)
    legal = {str(a) for a in s.legal_actions()}
    assert {"1,1", "1,0", "0,-1"} <= legal
    assert "0,0" not in legal and "0,0r" not in legal  # k = 4
    assert "2,0" not in legal  # k = 0
    s.play("1,1")  # second card: occupied adds (2,1), (1,2), (2,2)
    s.play("red")
    assert "1,0" not in {str(a) for a in s.legal_actions()}  # k = 3
    with pytest.raises(IllegalActionError):
        s.play("1,0")


def test_legal_placement_count_on_the_start_card():
    """Around a lone 2x2 card, 8 anchors cover 1 or 2 spaces; two rotations each."""
    s = scripted(H, V)
    assert len(s.legal_actions()) == 16
    anchors = {(a.x, a.y) for a in s.legal_actions()}  # type: ignore[attr-defined]
    assert len(anchors) == 8


def test_symmetric_card_offers_a_single_rotation():
    """Decision A1: X and Z cards look the same turned, so only the 0° placement is listed."""
    s = scripted(H, X)
    assert len(s.legal_actions()) == 8
    assert all(not str(a).endswith("r") for a in s.legal_actions())


def test_legal_placements_match_brute_force_over_random_games():
    """The bitboard move generator agrees with a direct count of covered spaces."""
    rng = random.Random(5)
    for seed in range(20):
        s = GAME.new_state(2, seed=seed)
        assert isinstance(s, AutumnState)
        while not s.is_terminal():
            if s.phase == "place":
                got = {(a.x, a.y) for a in s.legal_actions()}  # type: ignore[attr-defined]
                xs = [p[1] for p in s.placed]
                ys = [p[2] for p in s.placed]
                want = {
                    (x, y)
                    for x in range(min(xs) - 2, max(xs) + 3)
                    for y in range(min(ys) - 2, max(ys) + 3)
                    if cells_covered(s, x, y) in (1, 2)
                }
                assert got == want
            s.apply(rng.choice(s.legal_actions()))


def test_colour_choice_comes_after_first_placement_and_before_the_second_card():
    s = scripted(H, V, C1)
    s.play("1,1")
    assert s.phase == "colour"
    assert s.current_player == 1
    assert s.card is None, "the second player chooses before revealing their card"
    assert [str(a) for a in s.legal_actions()] == ["red", "yellow"]
    s.play("yellow")
    assert s.red_player == 0 and s.current_player == 1
    assert s.card == C1


def test_chooser_may_take_red():
    s = scripted(H, V, C1)
    s.play("1,1")
    s.play("red")
    assert s.red_player == 1


def test_colour_choice_happens_once_per_round():
    s = scripted(H, V, C1, C3)
    s.play("1,1")
    s.play("red")
    s.play(str(s.legal_actions()[0]))
    assert s.phase == "place" and s.current_player == 0


def test_rotation_by_180_swaps_opposite_corners():
    s = scripted(H, C1)  # C1 = R Y / Y Y
    s.play("1,0r")  # turned: Y Y / Y R -> red only at (2,1)
    assert s.red >> bit(2, 1) & 1
    assert not s.red >> bit(1, 0) & 1
    s2 = scripted(H, C1)
    s2.play("1,0")
    assert s2.red >> bit(1, 0) & 1
    assert not s2.red >> bit(2, 1) & 1


def test_new_card_is_laid_on_top():
    s = scripted(H, C3)  # H = R R / Y Y; C3 = Y R / R R
    s.play("0,1")  # covers the yellow (0,1), (1,1); C3's top row is Y R
    assert not s.red >> bit(0, 1) & 1  # C3's top-left is yellow
    assert s.red >> bit(1, 1) & 1


def test_areas_touching_only_at_corners_do_not_connect():
    diagonal = (1 << bit(0, 0)) | (1 << bit(1, 1)) | (1 << bit(2, 2))
    assert area_sizes(diagonal) == [1, 1, 1]
    line = (1 << bit(0, 0)) | (1 << bit(1, 0)) | (1 << bit(1, 1))
    assert area_sizes(line) == [3]


def test_round_has_17_placements_nine_for_the_first_player():
    s = scripted(H, players=2, rounds=1)
    counts = [0, 0]
    while not s.is_terminal():
        if s.phase == "place":
            counts[s.current_player] += 1
        s.apply(s.legal_actions()[0])
    assert counts == [9, 8]
    assert len(s.placed) == 18


def brute_largest(state: AutumnState, colour: int) -> int:
    top: dict[tuple[int, int], int] = {}
    for card, x, y, rot in state.placed:
        for (dx, dy), c in zip(
            ((0, 0), (1, 0), (0, 1), (1, 1)), CARDS[card].faces_at(rot), strict=True
        ):
            top[(x + dx, y + dy)] = c
    cells = {p for p, c in top.items() if c == colour}
    best = 0
    while cells:
        stack = [cells.pop()]
        size = 0
        while stack:
            cx, cy = stack.pop()
            size += 1
            for n in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                if n in cells:
                    cells.remove(n)
                    stack.append(n)
        best = max(best, size)
    return best


def test_round_score_is_the_largest_area_of_your_own_colour():
    rng = random.Random(2)
    for seed in range(10):
        s = GAME.new_state(2, seed=seed, options={"rounds": 1})
        assert isinstance(s, AutumnState)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        red_owner = s.round_red[0]
        assert s.round_scores[0][red_owner] == brute_largest(s, RED)
        assert s.round_scores[0][1 - red_owner] == brute_largest(s, YELLOW)


def test_match_alternates_the_first_player_and_rechooses_colours():
    s = scripted(H, first_player="1")
    firsts = []
    while not s.is_terminal():
        if len(s.placed) == 1 and s.phase == "place":
            firsts.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert firsts == [1, 0, 1]
    assert len(s.round_scores) == 3 and len(s.round_red) == 3
    assert s.scores() == [float(sum(r[p] for r in s.round_scores)) for p in range(2)]


def finished(round_scores: list[list[int]]) -> AutumnState:
    s = scripted(H)
    s.round_scores = round_scores
    s.round_red = [0] * len(round_scores)
    s.phase = "over"
    return s


def test_tie_break_rounds_won_then_best_round_then_draw():
    # equal totals 30-30: P1 won two rounds
    assert finished([[14, 8], [8, 10], [8, 12]]).winners() == [1]
    # equal totals and rounds won (1 each, one drawn round): best single round decides
    assert finished([[15, 10], [5, 10], [10, 10]]).winners() == [0]
    # everything equal: shared victory
    assert finished([[12, 10], [10, 12], [8, 8]]).winners() == [0, 1]
    assert finished([[12, 10], [10, 12], [8, 8]]).returns() == [0.0, 0.0]
    assert finished([[20, 10], [10, 12], [8, 8]]).returns() == [1.0, -1.0]


def test_single_round_option():
    s = scripted(H, rounds=1)
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    assert len(s.round_scores) == 1


def test_solo_garden_scores_the_third_largest_area():
    assert solo_score("garden", [9, 7, 7, 3]) == 7
    assert solo_score("garden", [9, 7, 5, 3]) == 5
    assert solo_score("garden", [12, 4]) == 0


def test_solo_balance_scores_the_largest_size_shared_by_three_areas():
    assert solo_score("balance", [6, 4, 4, 4, 2, 2, 2]) == 4
    assert solo_score("balance", [6, 5, 4, 3]) == 0
    assert solo_score("balance", [3, 3, 3, 3]) == 3
    # the stricter [D] reading: the three largest must be equal
    assert solo_score("balance", [6, 4, 4, 4], "three-largest") == 0
    assert solo_score("balance", [4, 4, 4, 1], "three-largest") == 4


def test_solo_two_succeeds_with_exactly_two_areas():
    assert solo_score("two", [20, 15]) == 1
    assert solo_score("two", [20, 15, 1]) == 0
    assert solo_score("two", [35]) == 0


@pytest.mark.parametrize("challenge", ["garden", "balance", "two"])
def test_solo_game_scores_its_challenge_from_all_areas(challenge):
    s = scripted(H, players=1, challenge=challenge)
    assert s.current_player == 0
    placements = 0
    rng = random.Random(3)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        placements += 1
    assert placements == 17, "solo: 17 placements, no colour choice"
    reds = area_sizes(s.red)
    yellows = area_sizes(s.occupied & ~s.red)
    areas = sorted(reds + yellows, reverse=True)
    assert s.solo_areas == areas
    assert s.scores() == [float(solo_score(challenge, areas))]
    assert 0.0 <= s.returns()[0] <= 1.0


def test_solo_options_do_not_apply_to_two_players():
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(2, seed=1, options={"challenge": "two"})
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(1, seed=1, options={"rounds": 1})


def test_deck_option_must_list_each_card_once():
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(2, seed=1, options={"deck": [0] * 18})
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(2, seed=1, options={"deck": "0,1,2"})
    s = GAME.new_state(2, seed=1, options={"deck": ",".join(map(str, range(17, -1, -1)))})
    assert isinstance(s, AutumnState) and s.placed[0][0] == 17


def test_scripted_deck_is_the_same_every_round():
    s = scripted(C1, H)
    starts = []
    while not s.is_terminal():
        if len(s.placed) == 1 and s.phase == "place":
            starts.append(s.placed[0][0])
        s.apply(s.legal_actions()[0])
    assert starts == [C1, C1, C1]


def test_view_hides_the_deck_order_only():
    s = GAME.new_state(2, seed=9)
    v = GAME.player_view(s, 0)
    assert isinstance(v, AutumnState) and isinstance(s, AutumnState)
    assert v.deck == sorted(s.deck)
    assert v.placed == s.placed and v.card == s.card
    assert v.rng.state == 0
    assert v.seed == 0, "the seed would re-deal the deck: a view never carries it"


def test_broken_saves_are_refused():
    s = GAME.new_state(2, seed=4)
    good = s.to_dict()
    for field, value in [
        ("phase", "dancing"),
        ("deck", [1, 2, 3]),
        ("placed", [[99, 0, 0, 0]]),
        ("placed", [[0, 0, 500, 0]]),
        ("to_move", 5),
        ("card", "seven"),
    ]:
        with pytest.raises(InvalidStateError):
            GAME.state_from_dict({**good, field: value})
    assert json.dumps(GAME.state_from_dict(good).to_dict()) == json.dumps(good)


def test_notation_is_read_like_a_person_types_it():
    s = scripted(H, V)
    assert s.parse_action(" 1, 1 ") == s.parse_action("1,1")
    assert s.parse_action("1,0R") == s.parse_action("1,0r")
    s.play("1,1")
    assert str(s.parse_action("RED")) == "red"
