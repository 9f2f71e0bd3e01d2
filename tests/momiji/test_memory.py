"""What each Momiji seat remembers (perfect recall of public events): the cards taken face up
into a hand until they are played, the uncertainty a face-down discard brings, each seat's own
discards; and that determinize deals only worlds consistent with all of it."""

from __future__ import annotations

import io
import json
import math
import random

import pytest
from rich.console import Console

from leafpile.engine import InvalidStateError, Rng
from leafpile.games.momiji import GAME, MomijiState
from leafpile.games.momiji.actions import Discard
from leafpile.games.momiji.components import CARD_KIND, KIND_INDEX
from leafpile.games.momiji.memory import FORGET, SURE
from leafpile.games.momiji.view import contradiction
from tests.momiji.helpers import table


def kinds(names: str) -> list[int]:
    return [KIND_INDEX[n] for n in names.split()]


def rendered(state: MomijiState, viewer: int) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(GAME.render(GAME.player_view(state, viewer), viewer))
    return console.export_text()


def hand_line(picture: str, player: int) -> list[str]:
    """The words of the `hand:` line in the block of `player`."""
    lines = picture.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip("> ").startswith(f"P{player} "))
    line = next(line for line in lines[start + 1 :] if line.strip().startswith("hand:"))
    return line.split("hand:")[1].split()


def test_a_card_taken_from_the_display_is_known_to_the_opponent_until_it_is_played():
    s = table(hands=["G0L G2", "O1L O0R"], display="Y0L Y1R R2", acorns=[0, 0])
    s.play("take Y")
    s.play("end")
    view = GAME.player_view(s, 1)
    assert view.hands[0] == [-1] * 4
    assert sorted(view.known[0]) == kinds("Y0L Y1R") and view.known_chance[0] == [SURE] * 2
    assert hand_line(rendered(s, 1), 0) == ["Y0L", "Y1R", "??", "??"]
    s.play("take R")  # P1's turn
    s.play("end")
    s.play("Y0L")  # P0 plays the yellow 0 it took: it is no longer in its hand
    s.play("stop")
    s.play("end")
    view = GAME.player_view(s, 1)
    assert view.known[0] == kinds("Y1R")
    assert hand_line(rendered(s, 1), 0) == ["Y1R", "??", "??"]
    assert view.known[1] == kinds("R2")  # and P0 remembers P1's red 2
    assert GAME.player_view(s, 0).known == view.known  # everyone saw the same events


def test_a_face_down_discard_makes_the_remembered_cards_uncertain():
    s = table(hands=["G0L G2 O2", "O1L"], display="Y0L Y1R", acorns=[0, 0])
    s.play("take Y")  # 5 cards, 2 of them known
    s.play("compost")
    s.play("discard G2")  # from 5 cards: each stays with chance 4/5
    assert s.known_chance[0] == [pytest.approx(0.8)] * 2
    s.play("discard O2")  # then from 4: 3/4
    assert s.known_chance[0] == [pytest.approx(0.6)] * 2
    assert sorted(s.known[0]) == kinds("Y0L Y1R")
    view = GAME.player_view(s, 1)
    assert view.discarded == [[], []]  # P1 did not see what went face down
    assert GAME.player_view(s, 0).discarded[0] == kinds("G2 O2")  # P0 did
    assert hand_line(rendered(s, 1), 0) == ["Y0L?", "Y1R?", "??"]
    s.play("end")
    s.play(next(str(a) for a in s.legal_actions() if str(a).startswith("take")))  # P1
    s.play("end")
    s.play("Y0L")  # a yellow 0 played: the remembered one is gone, the other stays uncertain
    assert s.known[0] == kinds("Y1R") and s.known_chance[0] == [pytest.approx(0.6)]


def test_uncertain_cards_are_forgotten_once_unlikely():
    s = table(
        hands=["G0L G2", "O1L"],
        display="Y0L",
        acorns=[1, 0],
        tiles=[["L1", "C1", "R5"], ["L2", "C2", "R2"]],
    )
    s.play("take Y")
    s.play("land R5")  # sell up to 3 cards face down, from a hand of 3
    s.play("discard G2")
    assert s.known_chance[0] == [pytest.approx(2 / 3)]
    s.play("discard G0L")
    assert s.known_chance[0] == [pytest.approx(1 / 3)]
    s.play("discard Y0L")  # the hand is empty: nothing left to remember
    assert s.known == [[], []] and s.known_chance == [[], []]


def test_the_discard_pile_taken_at_random_leaves_each_own_discard_uncertain():
    s = table(
        hands=["G0L G2 O2", "O1L"],
        display="Y0L",
        acorns=[3, 3],
        tiles=[["L1", "C1", "R1"], ["L2", "C2", "R2"]],
    )
    s.play("compost")
    s.play("discard G2")
    s.play("discard O2")
    s.play("take Y")
    s.play("end")
    assert s.discarded[0] == kinds("G2 O2") and s.discarded_chance[0] == [SURE, SURE]
    s.play("land R2")  # P1 takes both cards of the discard pile
    assert s.discarded_chance[0] == []  # 2 of 2 taken: nothing is left to remember
    assert sorted(CARD_KIND[c] for c in s.hands[1]) == sorted(kinds("O1L G2 O2"))


def test_determinize_deals_the_remembered_cards():
    s = table(hands=["G0L G2 O2", "O1L"], display="Y0L Y1R", acorns=[0, 0])
    s.play("take Y")
    s.play("end")
    view = GAME.player_view(s, 1)
    for seed in range(20):
        full = GAME.determinize(view, 1, Rng(seed))
        held = [CARD_KIND[c] for c in full.hands[0]]
        assert held.count(KIND_INDEX["Y0L"]) >= 1 and held.count(KIND_INDEX["Y1R"]) >= 1
        assert contradiction(view, full) is None
        assert canon(GAME.player_view(full, 1)) == canon(view)


def test_uncertain_cards_come_with_their_chance_or_lie_in_the_discard_pile():
    s = table(hands=["G0L G2 O2", "O1L"], display="Y2", acorns=[0, 0])
    s.play("take Y")
    s.play("compost")
    s.play("discard G2")
    s.play("discard O2")  # Y2 stays with chance 3/4 * 2/3 = 1/2
    s.play("end")
    view = GAME.player_view(s, 1)
    assert view.known_chance[0] == [pytest.approx(0.5)]
    held = 0
    for seed in range(400):
        full = GAME.determinize(view, 1, Rng(seed))
        y2 = KIND_INDEX["Y2"]
        in_hand = sum(CARD_KIND[c] == y2 for c in full.hands[0])
        in_pile = sum(CARD_KIND[c] == y2 for c in full.discard)
        assert in_hand + in_pile >= 1  # the remembered Y2 is in one or the other
        held += in_hand
    assert 0.4 < held / 400 < 0.65  # about half the time, a little more (the other copies)


def test_own_discards_lie_in_the_discard_pile_of_every_determinized_state():
    s = table(hands=["G0L G2 O2 R3", "O1L"], display="Y2", acorns=[0, 0])
    s.play("compost")
    s.play("discard R3")
    s.play("discard O2")
    view = GAME.player_view(s, 0)
    for seed in range(20):
        full = GAME.determinize(view, 0, Rng(seed))
        assert sorted(CARD_KIND[c] for c in full.discard) == kinds("O2 R3")


def canon(state: MomijiState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


# -- saves ------------------------------------------------------------------------------------
def remembering_save() -> dict:
    s = table(hands=["G0L G2 O2", "O1L"], display="Y0L Y1R", acorns=[0, 0])
    s.play("take Y")
    s.play("compost")
    s.play("discard G2")
    return json.loads(json.dumps(s.to_dict()))


def test_a_save_from_before_the_seats_remembered_loads_with_nothing_remembered():
    old = remembering_save()
    for key in ("known", "known_chance", "discarded", "discarded_chance"):
        del old[key]
    s = GAME.state_from_dict(old)
    assert isinstance(s, MomijiState)
    assert s.known == [[], []] and s.discarded == [[], []]
    s.play("discard O2")  # and it plays on, remembering from now on
    assert s.discarded[0] == kinds("O2")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("known_chance", [[1.0, math.nan], []]),
        ("known_chance", [[1.0, 0.0], []]),
        ("known_chance", [[1.0, 1.5], []]),
        ("known_chance", [[1.0, "1"], []]),
        ("known_chance", [[1.0, True], []]),
        ("known_chance", [[1.0], []]),  # not as many chances as kinds
        ("known", [[0, 999], []]),
        ("known", [[KIND_INDEX["B0L"], KIND_INDEX["Y1R"]], []]),  # brown is not in play
        ("known", [[KIND_INDEX["R3"], KIND_INDEX["Y1R"]], []]),  # P0 holds no R3
        ("known", "nothing"),
        ("discarded", [[KIND_INDEX["R3"]], []]),  # not in the discard pile
        ("discarded_chance", [[1.0], [1.0]]),
    ],
)
def test_broken_memory_in_a_save_is_refused(field, value):
    save = remembering_save()
    save["known_chance"] = [[1.0, 1.0], []]  # a sure save to break (the pile holds G2)
    save[field] = value
    with pytest.raises(InvalidStateError):
        GAME.state_from_dict(save)


def test_a_save_may_not_remember_more_cards_than_the_game_holds():
    save = remembering_save()
    save["known"] = [[KIND_INDEX["Y0L"]] * 57, []]  # 56 cards are in play
    save["known_chance"] = [[0.5] * 57, []]
    with pytest.raises(InvalidStateError, match="more cards than the game holds"):
        GAME.state_from_dict(save)


def test_a_view_may_not_remember_another_seats_discards():
    view = GAME.player_view(GAME.state_from_dict(remembering_save()), 1).to_dict()
    GAME.state_from_dict(view)  # fine as it is
    view["discarded"] = [kinds("G2"), []]
    view["discarded_chance"] = [[1.0], []]
    with pytest.raises(InvalidStateError):
        GAME.state_from_dict(view)


# -- the memory is what a replay of the public events gives ----------------------------------
def replayed_memory(states: list[MomijiState], actions: list, viewer: int) -> list[list[int]]:
    """The kinds each hand is remembered to hold, rebuilt from what `viewer` saw: the display
    before and after each action, the piles, and the actions except a face-down discard's card."""
    known: list[list[tuple[int, float]]] = [[] for _ in states[0].hands]
    for before, action, after in zip(states, actions, states[1:], strict=False):
        p = before.to_move
        seen_before = GAME.player_view(before, viewer)
        seen_after = GAME.player_view(after, viewer)
        # a card leaves the display only into the hand of the player to move
        taken = [c for c in seen_before.display if c not in seen_after.display]
        known[p].extend((CARD_KIND[c], SURE) for c in taken)
        new_on_piles = [
            c
            for row in seen_after.rows[p : p + 1]
            for pile in row
            for c in pile
            if not any(c in pile2 for pile2 in seen_before.rows[p])
        ]
        for c in new_on_piles:
            same = [i for i, (k, _) in enumerate(known[p]) if k == CARD_KIND[c]]
            if same:
                best = max(same, key=lambda i: known[p][i][1])
                del known[p][best]
        if isinstance(action, Discard) and len(seen_after.hands[p]) < len(seen_before.hands[p]):
            h = len(seen_before.hands[p])
            known[p] = [(k, c * (h - 1) / h) for k, c in known[p] if c * (h - 1) / h >= FORGET]
    return [[k for k, _ in entries] for entries in known]


@pytest.mark.parametrize("seed", range(6))
def test_the_remembered_cards_are_what_a_replay_of_the_public_events_gives(seed):
    state = GAME.new_state(2 + seed % 3, seed=seed)
    assert isinstance(state, MomijiState)
    chooser = random.Random(seed)
    states = [state.clone()]
    actions = []
    while not state.is_terminal():
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
        states.append(state.clone())
        viewer = len(actions) % state.num_players
        view = GAME.player_view(state, viewer)
        assert contradiction(view, state) is None
        if len(actions) % 25 == 0 or state.is_terminal():
            assert [sorted(k) for k in view.known] == [
                sorted(k) for k in replayed_memory(states, actions, viewer)
            ]
    assert any(state.known) or any(state.discarded)


def test_a_world_without_a_remembered_card_contradicts_the_view():
    s = table(hands=["G0L G2 O2", "O1L"], display="Y0L Y1R", acorns=[0, 0])
    s.play("take Y")
    view = GAME.player_view(s, 1)
    assert contradiction(view, s) is None
    wrong = s.clone()
    y0 = next(c for c in wrong.hands[0] if CARD_KIND[c] == KIND_INDEX["Y0L"])
    other = next(c for c in wrong.deck if CARD_KIND[c] != KIND_INDEX["Y0L"])
    wrong.hands[0] = sorted([other if c == y0 else c for c in wrong.hands[0]])
    wrong.deck = [y0 if c == other else c for c in wrong.deck]
    assert contradiction(view, wrong) == "P0's hand lacks a card remembered in it"


def test_the_page_is_given_the_remembered_cards_of_the_hands_it_does_not_see():
    s = table(hands=["G0L G2 O2", "O1L"], display="Y0L Y1R", acorns=[0, 0])
    s.play("take Y")
    s.play("compost")
    s.play("discard G2")
    s.play("discard O2")
    s.play("end")
    s.play(next(str(a) for a in s.legal_actions() if str(a).startswith("take")))
    extras = GAME.extras(GAME.player_view(s, 1))
    assert extras["players"][0]["remembered"] == [
        {"kind": "Y0L", "sure": False},
        {"kind": "Y1R", "sure": False},
    ]
    assert extras["players"][1]["remembered"] is None  # the page shows its own hand
    assert {"Y0L", "Y1R"} <= set(extras["kinds"])  # so the page can draw them
    spectator = GAME.extras(GAME.player_view(s, None))
    assert [p["remembered"] is not None for p in spectator["players"]] == [True, True]
