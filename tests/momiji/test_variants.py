"""The conformance checks again, for Momiji's option variants (the shared suite plays only the
defaults), plus what Momiji hides (hands, the deck, the discard pile) and what a view remembers."""

from __future__ import annotations

import io
import json
import random
from itertools import pairwise

import pytest

from leafpile.engine import InvalidStateError, Rng
from leafpile.games.momiji import GAME, MomijiState
from leafpile.games.momiji.components import (
    CARD_KIND,
    CARD_TYPE,
    CARD_VALUE,
    KIND_NAMES,
    LANDSCAPE_INDEX,
)
from leafpile.games.momiji.words import card_name

VARIANTS = [
    (2, {"landscapes": "draft"}),
    (3, {"show_pile_sizes": True}),
    (4, {"final_round": "extra", "harvest": "new-pairs", "start_acorns": 5}),
    (3, {"landscapes": "draft", "show_pile_sizes": True, "first_player": "2"}),
]


def canon(state: MomijiState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def random_states(players: int, options: dict, seed: int) -> list[MomijiState]:
    state = GAME.new_state(players, seed=seed, options=options)
    assert isinstance(state, MomijiState)
    chooser = random.Random(seed)
    states = [state.clone()]
    for _ in range(GAME.info.max_length):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply(actions[chooser.randrange(len(actions))])
        states.append(state.clone())
    assert state.is_terminal()
    return states


@pytest.mark.parametrize(("players", "options"), VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_variant_games_end_round_trip_and_views_are_consistent(players, options, seed):
    states = random_states(players, options, seed)
    rng = Rng(seed)
    for i, state in enumerate(states):
        text = canon(state)
        assert canon(GAME.state_from_dict(json.loads(text))) == text
        if i % 4:
            continue
        for viewer in [None, *range(players)]:
            view = GAME.player_view(state, viewer)
            vtext = canon(view)
            assert canon(GAME.state_from_dict(json.loads(vtext))) == vtext  # views load too
            full = GAME.determinize(view, viewer, rng)
            assert canon(GAME.player_view(full, viewer)) == vtext
            assert sorted(c for c in _all_cards(full)) == sorted(_all_cards(state))
            if viewer == state.current_player:
                assert [str(a) for a in view.legal_actions()] == [
                    str(a) for a in state.legal_actions()
                ]
                assert [str(a) for a in full.legal_actions()] == [
                    str(a) for a in state.legal_actions()
                ]


def _all_cards(state: MomijiState) -> list[int]:
    cards = state.deck + state.display + state.discard
    for hand in state.hands:
        cards += hand
    for row in state.rows:
        for pile in row:
            cards += pile
    return cards


def test_views_hide_other_hands_the_deck_and_the_discard_but_remember_the_piles():
    """Every card on a pile was played face up in front of everyone: a view holds the piles
    whole (with or without the former `show_pile_sizes` option)."""
    for options in ({}, {"show_pile_sizes": True}):
        states = random_states(3, options, 11)
        middle = next(
            s for s in states[40:] if s.discard and any(len(p) > 2 for r in s.rows for p in r)
        )
        view = GAME.player_view(middle, 1)
        assert view.hands[1] == middle.hands[1]
        assert all(c == -1 for p in (0, 2) for c in view.hands[p])
        assert len(view.hands[0]) == len(middle.hands[0])
        assert set(view.deck) == {-1} and set(view.discard) == {-1}
        assert view.display == middle.display
        assert view.rows == middle.rows
        assert view.discarded[0] == view.discarded[2] == []  # their face-down discards
        assert view.discarded[1] == middle.discarded[1]


def test_views_of_a_finished_game_show_the_piles_for_scoring():
    final = random_states(2, {}, 5)[-1]
    view = GAME.player_view(final, None)
    assert view.rows == final.rows
    assert view.scores() == final.scores()


def test_determinized_piles_are_the_piles_as_played():
    """Without the skip / start-with-1 powers, every pile starts with a 0 and climbs by at most
    1; a determinized state keeps the piles the view remembers."""
    tiles = [LANDSCAPE_INDEX[t] for t in ("L1", "C2", "R1", "L2", "C4", "R2", "L3", "C5", "R3")]
    for seed in range(4):
        states = random_states(3, {"landscape_tiles": tiles}, seed)
        rng = Rng(seed)
        for state in states[::7]:
            full = GAME.determinize(GAME.player_view(state, 0), 0, rng)
            assert full.rows == state.rows
            for row in full.rows:
                for pile in row:
                    values = [CARD_VALUE[c] for c in pile]
                    assert values[0] == 0
                    assert all(0 <= b - a <= 1 for a, b in pairwise(values))
                    assert len({CARD_TYPE[c] for c in pile}) == 1


def test_determinize_varies_the_hidden_cards():
    state = random_states(4, {}, 3)[30]
    view = GAME.player_view(state, 0)
    samples = {canon(GAME.determinize(view, 0, Rng(k))) for k in range(5)}
    assert len(samples) == 5


def test_broken_saves_are_refused():
    state = random_states(2, {}, 2)[20]
    good = state.to_dict()
    twice = json.loads(json.dumps(good))
    twice["display"].append(twice["hands"][0][0] if twice["hands"][0] else twice["deck"][0])
    hidden_top = json.loads(json.dumps(good))
    hidden_top["rows"][0] = [[-1]]
    bad_phase = {**good, "phase": "dancing"}
    bad_player = {**good, "to_move": 5}
    for broken in (twice, hidden_top, bad_phase, bad_player, {**good, "hands": [[]]}):
        with pytest.raises(InvalidStateError):
            GAME.state_from_dict(broken)
    assert canon(GAME.state_from_dict(good)) == canon(state)


def test_render_and_describe_show_only_what_the_viewer_may_see():
    from rich.console import Console

    states = random_states(3, {"landscapes": "draft"}, 4)
    for state in states[:-1]:
        for action in state.legal_actions():
            assert GAME.describe(state, action)
    for state in states[::10]:
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(GAME.render(GAME.player_view(state, 1), 1))
        hand_lines = iter(
            line.split("hand:")[1].split()
            for line in console.export_text().splitlines()
            if line.strip().startswith("hand:")
        )
        for p, hand in enumerate(state.hands):
            if not hand:
                continue
            shown = next(hand_lines)
            if p == 1:
                assert shown == [
                    card_name(c) for c in sorted(hand, key=lambda c: (CARD_KIND[c], c))
                ]
                continue
            # another hand: only the cards seen taken face up, a back for each other card
            assert len(shown) == len(hand)
            remembered = [KIND_NAMES[k] for k in state.known[p]]
            for name in shown:
                if name != "??":
                    remembered.remove(name.rstrip("?"))
        assert next(hand_lines, None) is None


def test_the_log_names_a_discarded_card_only_to_its_owner():
    from tests.momiji.helpers import table

    s = table(hands=["G2 Y2 O2"], display="G0L")
    s.play("compost")
    action = GAME.parse_notation("discard Y2")
    assert "yellow 2" in GAME.describe(GAME.player_view(s, 0), action)
    for audience in (None, 1):
        assert "yellow" not in GAME.describe(GAME.player_view(s, audience), action)
    assert "yellow" not in GAME.describe(s, action)


def test_rendered_views_show_pile_sizes_and_scores():
    """Nobody may look through a pile (§2), but everyone saw each card played onto it: a view's
    picture shows each pile's size and the scores."""
    from rich.console import Console

    def text(state: MomijiState, viewer: int) -> str:
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(GAME.render(GAME.player_view(state, viewer), viewer))
        return console.export_text()

    states = random_states(2, {}, 8)
    middle = next(s for s in states if any(len(p) > 1 for r in s.rows for p in r))
    picture = text(middle, 0)
    assert " x?]" not in picture and "score" in picture
    assert all(f" x{len(p)}]" in picture for r in middle.rows for p in r)


def test_bad_input_is_refused_and_changes_nothing():
    """Malformed notation and illegal actions raise clear errors; the state is unchanged."""
    from leafpile.engine import IllegalActionError, InvalidNotationError
    from tests.momiji.helpers import table

    s = table(hands=["G0L G2"], rows=[[], ["Y0L"]], display="O0L", acorns=[0, 0])
    before = canon(s)
    for text, error in [
        ("G4", InvalidNotationError),
        ("take Z", InvalidNotationError),
        ("<G0L>", InvalidNotationError),
        ("obj nothing", InvalidNotationError),
        ("G2", IllegalActionError),  # a pile starts with a 0
        ("<G0L", IllegalActionError),  # the first pile of a row has no side
        ("take Y", IllegalActionError),  # no yellow in the display
        ("refresh", IllegalActionError),  # no acorn
        ("discard G2", IllegalActionError),  # not a discard step
        ("end", IllegalActionError),  # the main action is still to come
        ("land L1", IllegalActionError),  # no acorn
        ("obj zero", IllegalActionError),
    ]:
        with pytest.raises(error):
            s.play(text)
        assert canon(s) == before, text


def test_a_view_does_not_carry_the_seed_that_deals_the_whole_game():
    """With the seed, new_state() would replay the shuffle: every hand and the deck order."""
    state = GAME.new_state(3, seed=12345)
    assert isinstance(state, MomijiState)
    for viewer in (None, 0, 1, 2):
        view = GAME.player_view(state, viewer)
        replay = GAME.new_state(3, seed=view.seed, options=view.options)
        assert isinstance(replay, MomijiState)
        assert replay.hands != state.hands and view.to_dict()["seed"] != 12345
