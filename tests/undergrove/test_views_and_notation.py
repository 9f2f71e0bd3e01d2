"""Hidden information (hands, deck order), rendering, notation and random games."""

from __future__ import annotations

import io
import json
import pickle
import random

import pytest
from rich.console import Console

from leafpile.engine import InvalidNotationError, InvalidOptionsError, InvalidStateError, Rng
from leafpile.games.undergrove import GAME, actions
from leafpile.games.undergrove.components import tile
from tests.undergrove.helpers import fresh, play


def text_of(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200).print(renderable)
    return out.getvalue()


def test_a_view_hides_other_hands_and_the_deck_order_but_keeps_counts():
    s = fresh()
    view = GAME.player_view(s, 0)
    assert view.hands == [[6, 7, 8], [-1, -1, -1]]
    assert view.deck == sorted([*s.deck, 9, 10, 11])
    spectator = GAME.player_view(s, None)
    assert spectator.hands == [[-1, -1, -1], [-1, -1, -1]]


def test_determinize_keeps_what_the_viewer_knows_and_deals_the_rest():
    s = fresh()
    play(s, "reproduce", "place 6@2,0", "pay N")
    view = GAME.player_view(s, 1)
    full = GAME.determinize(view, 1, Rng(5))
    assert full.hands[1] == s.hands[1]
    assert len(full.hands[0]) == len(s.hands[0]) == 2 and sorted(
        full.hands[0] + full.deck
    ) == sorted(s.hands[0] + s.deck)
    assert full.pos == s.pos and full.res == s.res
    assert GAME.player_view(full, 1).to_dict() == view.to_dict()


def test_render_shows_the_forest_and_only_the_viewers_hand():
    s = fresh()
    out = text_of(GAME.render(s, 0))
    assert "Earthlover"[:9] in out and tile(6).name in out
    for t in s.hands[1]:
        assert tile(t).name not in out
    assert "0s0" in out and "1s0" in out  # the first seedlings


def test_notation_round_trips_and_rejects_garbage():
    for text in [
        "absorb",
        "activate 12",
        "carbon 12>-1,0",
        "pay N",
        "flip y",
        "gain K",
        "swap N>P",
        "place 23@-2,1",
        "seedling 1,1",
        "root 0,-1>4",
        "convert 3",
        "discard 9",
        "store 2",
        "copy 5",
        "use B7",
        "take B16",
        "end E5",
        "refresh g",
        "skip",
        "done",
        "nutrient",
        "again",
        "stop",
    ]:
        action = actions.parse_notation(text)
        assert str(action) == text
        # the shared object, also after a trip through pickle (to a worker process): the
        # rules compare word decisions with `is`
        assert actions.parse_notation(text) is action
        assert pickle.loads(pickle.dumps(action)) is action
    for bad in ["absorb now", "pay X", "place 23", "end E6", "root 1,1", "???"]:
        with pytest.raises(InvalidNotationError):
            actions.parse_notation(bad)


def test_a_broken_save_is_refused():
    s = fresh()
    data = s.to_dict()
    for key, value in (("hands", [[6, 7, 8]]), ("track", [0, 12]), ("goals", [1, 2])):
        with pytest.raises(InvalidStateError):
            GAME.state_from_dict({**data, key: value})
    broken = json.loads(json.dumps(data))
    broken["deck"] = broken["deck"][1:]
    with pytest.raises(InvalidStateError):
        GAME.state_from_dict(broken)


def _absorbing_state():
    s = fresh()
    play(s, "absorb")  # a carbon decision with its four numbers is on top
    return s


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("pending", [["carbon"]], "bad pending decision"),
        ("pending", [["main"], ["pay"]], "bad pending decision"),
        ("pending", [["place", 0]], "bad pending decision"),
        ("pending", [["store", 99, 99]], "bad pending decision"),
        ("pending", [["effect", 99, 1]], "bad pending decision"),
        ("pending", [["copy", 2]], "bad pending decision"),
        ("pending", [["bonus", 7]], "bad pending decision"),
        ("pending", [["root", 5, 0]], "bad pending decision"),
        ("ready", [99, 15], "'ready'"),
        ("ready", [-1, 15], "'ready'"),
        ("seedlings", [-3, 5], "supply of P0"),
        ("trees", [9, 4], "supply of P0"),
        ("roots_left", [99, 17], "supply of P0"),
        ("end_space", [7, -1], "end space"),
        ("end_space", [2, -1], "end space"),
        ("goals", [1, 1, 3], "bad goals"),
        ("bonus", [[1], [1]], "bonus tile twice"),
        ("round", -4, "round counters"),
        ("setup_left", -1, "round counters"),
        ("gained_c", -2, "negative goal counter"),
    ],
)
def test_a_save_no_game_could_reach_is_refused_with_a_clear_message(key, value, message):
    data = json.loads(json.dumps(_absorbing_state().to_dict()))
    assert GAME.state_from_dict(data).to_dict() == data
    with pytest.raises(InvalidStateError, match=message):
        GAME.state_from_dict({**data, key: value})


def test_a_save_with_a_stray_root_or_piece_is_refused():
    data = json.loads(json.dumps(_absorbing_state().to_dict()))
    stray_root = {**data, "roots": [*data["roots"], [2, 0, 1]]}  # P1 has no piece there
    with pytest.raises(InvalidStateError, match="no piece of P1"):
        GAME.state_from_dict(stray_root)
    far_piece = {**data, "pieces": [*data["pieces"], [50, 50, 0, 0]]}
    with pytest.raises(InvalidStateError, match="off the forest"):
        GAME.state_from_dict(far_piece)
    # §4.2: a tree's carbon was discarded as it grew; [BGA] it keeps its 3
    for reading, kept in (("rules", 3), ("bga", 0)):
        tree = {
            **data,
            "options": {**data["options"], "carbon_moves": reading},
            "pieces": [[x, y, 4 if code == 0 else code, kept] for x, y, code, _ in data["pieces"]],
        }
        tree["trees"] = [3, 4]
        with pytest.raises(InvalidStateError, match=f"holding {kept} carbon"):
            GAME.state_from_dict(tree)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_winners(players):
    for seed in range(3):
        s = GAME.new_state(players, seed=seed)
        chooser = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[chooser.randrange(len(legal))])
            steps += 1
        assert steps <= GAME.info.max_length
        assert s.winners()


def test_describe_gives_a_sentence_for_every_legal_decision():
    s = fresh()
    assert GAME.describe(s, s.legal_actions()[1]) == "P0 absorbs carbon"
    chooser = random.Random(2)
    for _ in range(300):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        for action in legal:
            assert GAME.describe(s, action).startswith(f"P{s.current_player} ")
        s.apply(legal[chooser.randrange(len(legal))])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deck": (6, 7, 8)}, "deck"),
        ({"goals": (1, 2, 5)}, "different cards"),
        ({"goals": (1, 3)}, "3 goal numbers"),
        ({"round_limit": 0}, "round_limit"),
        ({"round_limit": 101}, "round_limit"),
        ({"first_player": "2"}, "first_player"),
        ({"bonus_tiles": (1, 1, 2, 3, 4, 5, 6, 7, 8)}, "bonus_tiles"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options, message):
    with pytest.raises(InvalidOptionsError, match=message):
        GAME.new_state(2, seed=1, options=options)


def test_the_terminal_names_the_tie_breaks_in_the_rules_words():
    """At the end the terminal gives each player's trees and carbon absorbed (3 per tree, plus
    the carbon on seedlings: "le plus de Carbone absorbé"), the rules' second tie-break."""
    import random

    from leafpile.games.undergrove.scoring import tie_break

    s = GAME.new_state(2, 4, {"round_limit": 6})
    rng = random.Random(4)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    out = text_of(GAME.render(s, None))
    assert "most trees then most carbon absorbed" in out
    for p in range(2):
        trees, on_seedlings = tie_break(s, p)
        assert f"{trees} trees, {3 * trees + on_seedlings} carbon absorbed" in out
    assert "carbon on seedlings" not in out
