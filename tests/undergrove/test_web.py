"""The browser's facts (`extras`) and the log sentences: every legal answer has a label in words
and a target the page can draw, nobody is told another player's choices or hand, the score
breakdown adds up to the game's scores, and every audience reads the same log line."""

from __future__ import annotations

import json
import random
import re

import pytest

from leafpile.games.undergrove import GAME
from leafpile.games.undergrove.web import extras

NOTATION = re.compile(r"\d+>|@|^(flip|pay|gain|swap|carbon|root|place|seedling) ")
TARGETS = {
    "activate": ("tile",),
    "copy": ("tile",),
    "carbon": ("tile", "corner"),
    "root": ("tile", "corner"),
    "seedling": ("corner",),
    "place": ("hand", "cell"),
    "discard": ("hand",),
    "res": ("res",),
    "token": ("token",),
    "bonus": ("bonus",),
    "take": ("bonus",),
    "end": ("end",),
    "swap": ("give", "get"),
}


def play(players: int, seed: int, steps: int = 400):
    """States along a random game (biased to absorb, so the track and its end are reached)."""
    s = GAME.new_state(players, seed, {"round_limit": 30})
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        yield s
        legal = s.legal_actions()
        pref = [a for a in legal if str(a).split()[0] in ("absorb", "carbon", "take", "end")]
        s.apply(rng.choice(pref if pref and rng.random() < 0.6 else legal))
    yield s


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_every_legal_answer_has_words_and_a_target(players, seed):
    for s in play(players, seed):
        mover = s.current_player
        view = GAME.player_view(s, mover if mover >= 0 else None)
        out = extras(view)
        json.dumps(out)  # the server sends it as JSON
        assert out["prompt"] and not NOTATION.search(out["prompt"])
        if mover < 0:
            assert out["choices"] == {}
            continue
        legal = [str(a) for a in s.legal_actions()]
        assert sorted(out["choices"]) == sorted(legal)
        placed = {str(t) for t in out["tiles"]}
        for notation, choice in out["choices"].items():
            assert choice["label"] and choice["label"] != notation, notation
            assert not NOTATION.search(choice["label"]), choice["label"]
            for field in TARGETS.get(choice["group"], ()):
                assert field in choice, (notation, choice)
            if "tile" in choice:
                assert str(choice["tile"]) in placed
            if choice["group"] in ("place", "discard"):
                assert choice["hand"] in s.hands[mover]


def test_others_are_never_told_the_choices_or_the_hand():
    for s in play(2, 5, steps=60):
        if s.is_terminal():
            break
        other = 1 - s.current_player
        out = extras(GAME.player_view(s, other))
        assert out["choices"] == {}
        shown = {int(t) for t in out["tiles"]}
        assert not shown & set(s.hands[s.current_player]) - set(s.hands[other])
        spectator = extras(GAME.player_view(s, None))
        assert spectator["choices"] == {}
        assert all(s.pos[int(t)] >= 0 for t in spectator["tiles"])


def test_the_score_breakdown_adds_up_to_the_scores():
    for players, seed in ((2, 6), (3, 7)):
        for s in play(players, seed):
            out = extras(GAME.player_view(s, None))
            for p, parts in enumerate(out["scores"]):
                total = parts["roots"] + sum(parts["goals"]) + parts["bonus"] + parts["resources"]
                assert total == parts["total"] == s.scores()[p]
            for goal in out["goals"]:
                assert len(goal["progress"]) == players == len(goal["points"])


def test_every_audience_reads_the_same_log_line_in_words():
    for players, seed in ((2, 8), (3, 9), (4, 10)):
        for s in play(players, seed, steps=300):
            if s.is_terminal():
                break
            for action in s.legal_actions()[:6]:
                lines = {
                    GAME.describe(GAME.player_view(s, who), action)
                    for who in (None, *range(players))
                }
                assert len(lines) == 1, lines
                line = lines.pop()
                assert line.startswith(f"P{s.current_player} ")
                assert not NOTATION.search(line), line


def test_a_log_line_tells_what_the_decision_caused():
    s = GAME.new_state(2, 3, {"first_player": "0", "round_limit": 10})
    s.play("seedling 1,0")
    s.play("seedling 0,1")
    assert GAME.describe(s, s.parse_action("absorb")) == "P0 absorbs carbon"
    s.play("absorb")
    # whatever the carbon-movement rules allow, the sentence names the tile, the seedling and
    # what is still owed
    action = next(a for a in s.legal_actions() if "Fly Agaric" in GAME.describe(s, a))
    line = GAME.describe(s, action)
    assert line.startswith("P0 absorbs 1 C from Fly Agaric")
    assert "into the seedling at 1,0: still to pay: 1 token + 1 nutrient" in line
    s.apply(action)
    while s.current_player == 0:
        action = s.legal_actions()[-1]
        line = GAME.describe(s, action)
        s.apply(action)
    assert line.endswith("the carbon marker moves to space 1 (+1 N)")


SECOND_PERSON = {
    "en": re.compile(r"\b(you|your|yours)\b", re.IGNORECASE),
    "fr": re.compile(r"\b(vous|votre|vos|\w+ez)\b", re.IGNORECASE),
    "ru": re.compile(r"\b(вы|ваш\w*|вам|\w+(ьте|йте|ите))\b", re.IGNORECASE),
}


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_what_another_player_does_is_said_in_the_third_person(lang):
    """A prompt shown to an opponent or a spectator, and every log line, is about the player
    to move ("their hand"), never addressed to the reader ("your hand"); the player to move
    is still addressed."""
    from leafpile.games.undergrove.words.log import sentence
    from leafpile.games.undergrove.words.prompts import prompt

    second = SECOND_PERSON[lang]
    kinds_seen = set()
    addressed = 0
    for players, seed in ((2, 11), (3, 12), (2, 13)):
        for s in play(players, seed, steps=300):
            if s.is_terminal():
                break
            mover = s.current_player
            kinds_seen.add(s.pending[-1].kind)
            for who in (None, *(p for p in range(players) if p != mover)):
                text = prompt(GAME.player_view(s, who)).localize(lang)
                assert not second.search(text), (who, text)
            if second.search(prompt(GAME.player_view(s, mover)).localize(lang)):
                addressed += 1
            for action in s.legal_actions()[:4]:
                line = sentence(GAME.player_view(s, None), action).localize(lang)
                assert not second.search(line), line
    assert len(kinds_seen) >= 8 and addressed > 0
