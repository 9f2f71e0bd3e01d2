"""Set-up, turn flow, end of game, scoring, options, notation, saves and views (§2, §3, §8)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from leafpile.engine import (
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidStateError,
    Rng,
)
from leafpile.games.under_the_leaves import GAME, UnderTheLeavesState
from leafpile.games.under_the_leaves.components import (
    DWELLERS,
    FAMILY_CARDS,
    GARDEN_TILES,
    TILES,
    space_bit,
    tile_bit,
)
from leafpile.games.under_the_leaves.scoring import majority_bonus

from .garden import lay, new_game


def canon(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def play_random(state: UnderTheLeavesState, seed: int = 0) -> UnderTheLeavesState:
    chooser = random.Random(seed)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    return state


# -- components -----------------------------------------------------------------------------------


def test_components_match_the_rules_counts():
    garden = [TILES[t] for t in GARDEN_TILES]
    assert len(garden) == 50 and len(TILES) == 54
    for colour in range(1, 6):
        assert sum(1 for t in garden for c in t.spaces if c & 7 == colour) == 36
        assert sum(1 for t in garden if t.spaces[2] & 7 == colour) == 10  # the pair
        assert sum(1 for t in garden for c in t.spaces if c == colour | 8) == 6  # mushroom
    assert sum(1 for t in garden for c in t.spaces if c & 7 == 6) == 20
    assert len({t.spaces for t in garden}) == 50
    assert len(DWELLERS) == 12 and [len(f) for f in FAMILY_CARDS] == [4, 4, 4]


# -- set-up ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "refills"), [(2, 23), (3, 35), (4, 47)])
def test_setup_removes_tiles_so_everyone_gets_twelve_turns(players, refills):
    s = GAME.new_state(players, seed=5)
    assert len(s.market) == 3 and s.draws_left == refills
    assert len(s.bag) == 47  # removed tiles stay unseen among the bag's contents
    assert sorted(g[0][0] for g in s.placed) == sorted({g[0][0] for g in s.placed})
    assert all(g == (g[0],) and g[0][1:] == (0, 0, 0) for g in s.placed)
    assert [c in FAMILY_CARDS[f] for f, c in enumerate(s.cards)] == [True, True, True]


def test_first_game_option_uses_thoughtful_host_and_diver():
    for seed in range(5):
        s = GAME.new_state(2, seed=seed, options={"first_game": True})
        assert s.cards == ("thoughtful", "host", "diver")


def test_random_cards_vary_with_the_seed():
    assert len({GAME.new_state(2, seed=seed).cards for seed in range(30)}) > 5


def test_first_player_is_random_unless_the_option_names_one():
    # §2.5 [BGA]: random seating; the option fixes it (for tests and puzzles)
    assert {GAME.new_state(4, seed=seed).current_player for seed in range(40)} == {0, 1, 2, 3}
    for first in range(3):
        s = GAME.new_state(3, seed=first, options={"first_player": str(first)})
        assert s.current_player == first


def test_starting_tiles_are_dealt_at_random_one_per_player():
    deals = {tuple(g[0][0] for g in GAME.new_state(4, seed=seed).placed) for seed in range(30)}
    assert len(deals) > 5 and all(sorted(d) == [51, 52, 53, 54] for d in deals)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_thirteen_tiles_per_garden(players):
    for seed in range(5):
        s = play_random(GAME.new_state(players, seed=seed), seed)
        assert [len(g) for g in s.placed] == [13] * players
        assert len(s.market) == 2 and s.draws_left == 0


# -- turn flow -------------------------------------------------------------------------------------


def scripted(players=2, bag=(1, 2, 3, 31, 32), **options):
    return new_game(players, (1, 2, 3, 4), bag=bag, **options)


def test_a_turn_is_take_then_place_then_the_market_refills_in_bag_order():
    s = scripted()
    assert s.market == [1, 2, 3] and s.current_player == 0
    assert [str(a) for a in s.legal_actions()] == ["t1", "t2", "t3"]
    s.play("t2")
    assert s.phase == "place" and s.market == [1, 3]
    legal = [str(a) for a in s.legal_actions()]
    assert len(legal) == 4 * 8  # four free cells around the starting tile, 8 orientations
    assert "1,0r90m" in legal and "1,1r0" not in legal  # diagonal is not edge-adjacent
    s.play("1,0r90m")
    assert s.market == [1, 3, 31] and s.current_player == 1 and s.phase == "take"
    assert s.placed[0][-1] == (2, 1, 0, 5)


def test_game_ends_when_the_market_cannot_be_refilled():
    s = scripted()
    turns = 0
    while not s.is_terminal():
        turns += s.phase == "take"
        s.play(str(s.legal_actions()[0]))
    assert turns == 3
    assert s.is_terminal() and s.legal_actions() == []
    assert [len(g) for g in s.placed] == [3, 2]  # 5 tiles: 3 turns, 2 left in the market
    assert len(s.market) == 2


def test_arrivals_only_happen_in_the_active_players_garden():
    s = new_game(2, (1, 2))
    lay(s, 1, 0, "P G* / P O", player=0)
    assert s.bees == [1, 0]


# -- notation --------------------------------------------------------------------------------------


def test_notation_round_trips_and_rejects_nonsense():
    s = scripted()
    for text in ("t1", "0,-1r270m", "@3,-2"):
        assert str(GAME.parse_notation(text)) == text
    for bad in ("t51", "t0", "1,0r45", "13,0r0", "@x,1", "place"):
        with pytest.raises(InvalidNotationError):
            GAME.parse_notation(bad)
    before = canon(s)
    with pytest.raises(IllegalActionError):
        s.play("t31")  # a real tile, not in the market
    with pytest.raises(IllegalActionError):
        s.play("1,0r0")  # placing before taking
    assert canon(s) == before


# -- end of game and scoring ----------------------------------------------------------------------


def finished(players=3):
    s = scripted(players, bag=(1, 2, 3, 4))
    while not s.is_terminal():
        s.play(str(s.legal_actions()[0]))
    s.bees = [0] * players
    s.humm_base = [0] * players
    s.humm_row = [0] * players
    s.humm_col = [0] * players
    s.dwellers = [0] * (3 * players)
    return s


def test_majority_bonus_goes_to_every_tied_leader_and_nobody_at_zero():
    s = finished(3)
    s.dwellers[0:3] = [2, 0, 1]  # P0
    s.dwellers[3:6] = [2, 0, 0]  # P1
    s.dwellers[6:9] = [1, 0, 1]  # P2
    assert majority_bonus(s) == [[2, 0, 2], [2, 0, 0], [0, 0, 2]]
    assert s.scores() == [3 + 4, 2 + 2, 2 + 2]
    assert s.winners() == [0]


def test_tie_breaks_hummingbirds_then_bees_then_shared():
    s = finished(2)
    s.bees = [5, 3]
    s.humm_base = [0, 1 << tile_bit(0, 0) | 1 << tile_bit(1, 0)]  # P1: 3 + 2 = 5
    assert s.scores() == [5, 5]
    assert s.winners() == [1]  # more hummingbirds
    s.humm_base = [0, 0]
    s.bees = [4, 4]
    s.dwellers[0:3] = [0, 0, 1]  # P0: 4 bees + 1 puddle (+2 majority)
    s.dwellers[3:6] = [1, 0, 0]  # P1: 4 bees + 1 leaf (+2 majority)
    assert s.scores() == [7, 7] and s.winners() == [0, 1]
    s.bees = [5, 4]
    s.dwellers[3:6] = [2, 0, 0]
    assert s.scores() == [8, 8] and s.winners() == [0]  # more bees


def test_running_score_has_no_majority_until_the_end():
    s = new_game(2, (1, 2))
    lay(s, 1, 0, "V P / Y* P", player=0)  # Host: one mushroom dweller
    assert s.scores() == [1, 0]


# -- options ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"bag": [1, 2]},
        {"bag": [1, 1, 2]},
        {"bag": [1, 2, 51]},
        {"bag": list(range(1, 28))},  # 27 tiles: more than 2 players' 12 turns
        {"start_tiles": [1]},
        {"start_tiles": [1, 1]},
        {"start_tiles": [1, 5]},
        {"first_player": "3"},
        {"leaf": "host"},
        {"burly": "maybe"},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(InvalidOptionsError):
        GAME.new_state(2, seed=1, options=options)


# -- saves and views -------------------------------------------------------------------------------


def test_json_round_trip_with_a_pending_choice():
    s = new_game(mushroom="collector")
    lay(s, 1, 0, "P V / P Y*")
    lay(s, 1, 1, "G* O / P P")
    assert s.phase == "choose"
    back = GAME.state_from_dict(json.loads(canon(s)))
    assert canon(back) == canon(s)
    assert [str(a) for a in back.legal_actions()] == ["@1,1", "@2,2"]
    back.play("@2,2")
    assert [str(a) for a in back.legal_actions()] == ["@3,1"]


def test_broken_saves_are_refused():
    s = scripted()
    s.play("t1")
    good = s.to_dict()
    broken = [
        {**good, "phase": "dance"},
        {**good, "market": [2, 2]},
        {**good, "cards": ["host", "host", "diver"]},
        {**good, "taken": 0},
        {**good, "gardens": good["gardens"][:1]},
    ]
    broken += [{**good, "options": 3}, {**good, "options": [[1, 2, 3, 4]]}]
    tiles = json.loads(json.dumps(good))
    tiles["gardens"][0]["tiles"].append([5, 3, 3, 0])  # not next to the garden
    broken.append(tiles)
    for data in broken:
        with pytest.raises(InvalidStateError):
            GAME.state_from_dict(data)


def rich_save() -> dict:
    """A save in the middle of a turn with bees, hummingbirds-to-be, dwellers and a choice."""
    s = new_game(mushroom="collector", burly=True)
    lay(s, 1, 0, "P V / P Y*")
    lay(s, 1, 1, "G* O / P P")
    assert s.phase == "choose" and s.bees[0] == 1
    return json.loads(canon(s))


def edited(data: dict, edit) -> dict:
    copy = json.loads(json.dumps(data))
    edit(copy)
    return copy


def test_saves_whose_memories_contradict_the_garden_are_refused():
    good = rich_save()
    assert canon(GAME.state_from_dict(good)) == json.dumps(good, sort_keys=True)

    def garden(d):
        return d["gardens"][0]

    broken = {
        "market emptied": lambda d: d.update(market=[]),
        "over with draws left": lambda d: d.update(phase="over", pending=[]),
        "bee sector dropped": lambda d: garden(d).update(sectors=[]),
        "bee sector shrunk": lambda d: garden(d)["sectors"][0][2].pop(),
        "bee count off": lambda d: garden(d).update(bees=5),
        "negative bees": lambda d: (
            garden(d)["sectors"][0].__setitem__(1, -1),
            garden(d).update(bees=-1),
        ),
        "bird on a bare tile": lambda d: garden(d)["hummingbirds"][0].append([1, 0]),
        "dwellers off": lambda d: garden(d).update(dwellers=[0, 3, 0]),
        "spot outside": lambda d: garden(d)["spots"].append([0, 9, 9]),
        "used outside": lambda d: garden(d)["used"][1].append([9, 9]),
        "largest off": lambda d: garden(d).update(largest=2),
        "pending not diagonal": lambda d: d["pending"][0].__setitem__(3, 3),
        "pending for the wrong card": lambda d: d["pending"][0].__setitem__(0, 2),
        "burly bar off": lambda d: d.update(burly_holder=0, burly_bar=4),
        "cards against options": lambda d: d.update(cards=["thoughtful", "host", "diver"]),
    }
    refused = []
    for what, edit in broken.items():
        try:
            GAME.state_from_dict(edited(good, edit))
        except InvalidStateError:
            refused.append(what)
    assert refused == list(broken)


def test_a_full_garden_is_never_asked_to_take_a_tile():
    s = scripted(2, bag=tuple(range(1, 27)))
    while not s.is_terminal():
        s.play(str(s.legal_actions()[0]))
    data = json.loads(canon(s))
    data.update(phase="take", market=[30, 31, 32], draws_left=0)
    with pytest.raises(InvalidStateError):
        GAME.state_from_dict(data)


def test_views_hide_only_the_future_draws():
    s = GAME.new_state(3, seed=9)
    view = GAME.player_view(s, 1)
    assert view.bag == s.bag and view.market == s.market and view.rng.state == 0
    full = GAME.determinize(view, 1, Rng(4))
    assert GAME.player_view(full, 1).to_dict() == view.to_dict()
    draws = set()
    for seed in range(6):
        t = GAME.determinize(view, 1, Rng(seed))
        t.play(str(t.legal_actions()[0]))
        t.play(str(t.legal_actions()[0]))
        draws.add(t.market[-1])
    assert len(draws) > 1  # the refill depends on the hidden draw


def test_a_view_does_not_carry_the_seed_that_deals_every_draw():
    # With the seed, new_state() replays the set-up and the RNG: every future refill is known.
    s = GAME.new_state(2, seed=123456789)
    s.play(str(s.legal_actions()[0]))
    s.play(str(s.legal_actions()[0]))
    for viewer in (None, 0, 1):
        view = GAME.player_view(s, viewer)
        assert view.seed == 0 and view.to_dict()["seed"] == 0
        assert GAME.determinize(view, viewer, Rng(1)).seed == 0


def test_render_shows_gardens_market_and_cards():
    from rich.console import Console

    s = new_game(mushroom="collector")
    lay(s, 1, 0, "P V / P Y*")
    lay(s, 1, 1, "G* O / P P")
    console = Console(width=120, record=True, color_system=None)
    console.print(GAME.render(s, 0))
    text = console.export_text()
    assert "Thoughtful" in text and "Collector" in text and "Diver" in text
    assert (
        "market:" in text
        and "where does the Collector go? @1,1 (tile 0,0, bottom right) or "
        "@2,2 (tile 1,1, top left)"
        in text
    )
    assert GAME.describe(s, s.legal_actions()[0]) == "P0 puts the Collector on the upper mushroom"
    assert space_bit(0, 0) != space_bit(1, 0)


def test_every_legal_action_is_described_and_the_view_renders():
    from rich.console import Console

    s = GAME.new_state(3, seed=2, options={"mushroom": "collector", "puddle": "friendly"})
    chooser = random.Random(2)
    console = Console(width=160, record=True, color_system=None)
    while not s.is_terminal():
        for action in s.legal_actions()[:3]:
            assert GAME.describe(s, action)
        s.apply(chooser.choice(s.legal_actions()))
    console.print(GAME.render(GAME.player_view(s, 1), 1))
    text = console.export_text()
    assert "wins" in text or "shared victory" in text


def test_evaluate_prefers_more_figures():
    s = new_game(2, (1, 2))
    before = GAME.evaluate(s, 0)
    lay(s, 1, 0, "P G* / P O", player=0)  # a bee
    assert GAME.evaluate(s, 0) > before
    assert GAME.evaluate(s, 1) < GAME.evaluate(s, 0)


def test_mangled_saves_are_refused_with_a_clear_error():
    """Any field replaced by a value of another shape, or dropped, gives InvalidStateError (or
    a save that still makes sense), never a TypeError or IndexError from deep inside."""
    good = rich_save()
    junk = [None, True, 1.0, -1, 3, 26, "x", [], [1, 2], [[0, 0, 0]], [[1.0, 2]], {"a": 1}]

    def paths(obj, prefix=()):
        if prefix:
            yield prefix
        if isinstance(obj, dict | list):
            for key, value in obj.items() if isinstance(obj, dict) else enumerate(obj):
                yield from paths(value, (*prefix, key))

    for path in paths(good):
        for value in [*junk, "drop"]:
            data = json.loads(json.dumps(good))
            target = data
            for key in path[:-1]:
                target = target[key]
            if value == "drop":
                del target[path[-1]]
            else:
                target[path[-1]] = value
            with contextlib.suppress(InvalidStateError):
                GAME.state_from_dict(data)
