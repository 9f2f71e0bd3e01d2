"""Every game's tutorial plays on the real engine to its end: each expected action is legal at
its step, each step's player is the one to move, its texts are translated, and a broken
script is refused with the step that breaks it."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from leafpile import tutorial
from leafpile.games import GAMES
from leafpile.i18n import localize

NAMES = tutorial.available()


def raw(name: str) -> dict:
    path = resources.files("leafpile") / "games" / name.replace("-", "_") / "tutorial.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def test_autumn_has_a_tutorial() -> None:
    assert "autumn" in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_the_tutorial_replays_to_its_end(name: str) -> None:
    script = tutorial.load(name)
    state = script.new_state()
    for n, step in enumerate(script.steps):
        assert state.current_player == step.seat
        assert (step.seat == script.learner) != step.bot
        legal = {str(a) for a in state.legal_actions()}
        assert set(step.expect) <= legal
        assert script.refusal(n, step.expect[0]) is None
        others = sorted(legal - set(step.expect))
        if others:  # another legal move is refused with the step's kind word
            assert script.refusal(n, others[0])
        state.play(step.expect[0])
    part = script.part(len(script.steps), "en")
    assert part["done"] and part["end"] and part["offer"]
    if name == "autumn":  # a whole round: it ends with the areas counted
        assert state.is_terminal()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_every_step_reads_in_each_language(name: str, lang: str) -> None:
    script = tutorial.load(name)
    for step in script.steps:
        for text in (step.say, step.wrong, step.explain):
            if text is not None:
                assert localize(text, lang) != str(text), text
    assert localize(script.end, lang) != str(script.end)


@pytest.mark.parametrize("name", NAMES)
def test_a_move_that_is_not_legal_at_its_step_is_refused(name: str) -> None:
    data = copy.deepcopy(raw(name))
    learner = next(i for i, s in enumerate(data["steps"]) if "expect" in s)
    data["steps"][learner]["expect"] = ["no such move"]
    with pytest.raises(tutorial.TutorialError, match=f"step {learner}:"):
        tutorial.parse(GAMES[name], data)


@pytest.mark.parametrize("name", NAMES)
def test_a_bot_step_where_the_learner_moves_is_refused(name: str) -> None:
    data = copy.deepcopy(raw(name))
    learner = next(i for i, s in enumerate(data["steps"]) if "expect" in s)
    data["steps"][learner] = {"move": data["steps"][learner]["expect"][0]}
    with pytest.raises(tutorial.TutorialError, match="the learner is to move"):
        tutorial.parse(GAMES[name], data)


def test_a_wrong_final_score_is_refused() -> None:
    data = copy.deepcopy(raw("autumn"))
    data["scores"] = [19, 14]
    with pytest.raises(tutorial.TutorialError, match="it ends with"):
        tutorial.parse(GAMES["autumn"], data)
