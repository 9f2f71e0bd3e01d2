"""`leafpile learn GAME` in a real process: fed the expected moves of the game's tutorial
(the same steps as the browser's), it completes the guided game; another legal move is refused
with the step's words, and the end offers a real game against the easy bot."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from leafpile import tutorial
from leafpile.games import GAMES
from leafpile.i18n import localize
from tests.patience import HANG


def learn(game: str, lines: list[str], lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LEAFPILE_LANG": lang, "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "leafpile.cli", "learn", game],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG,
    )


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", tutorial.available())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_learn_completes_the_tutorial_fed_its_expected_moves(game: str, lang: str) -> None:
    script = tutorial.load(game)
    learner = [step for step in script.steps if not step.bot]
    first = script.new_state()
    for step in script.steps[: script.steps.index(learner[0])]:
        first.play(step.expect[0])
    other = next(str(a) for a in first.legal_actions() if str(a) not in learner[0].expect)
    lines = ["?", other] + [step.expect[0] for step in learner]
    done = learn(game, lines, lang)
    assert done.returncode == 0, done.stderr
    out = flat(done.stdout)
    wrong = learner[0].wrong or tutorial.DEFAULT_WRONG
    assert flat(localize(wrong, lang)) in out
    for step in learner:
        assert flat(localize(step.say, lang)) in out
    assert flat(localize(script.end, lang)) in out
    assert f"leafpile play {game} --seats me,{script.bot}" in out


def test_leaving_the_tutorial_exits_with_the_left_code() -> None:
    done = learn("autumn", ["quit"])
    assert done.returncode == 1
    assert "leafpile learn autumn" in done.stdout


def test_a_game_without_a_tutorial_is_refused() -> None:
    others = [g for g in GAMES if g not in tutorial.available()]
    if not others:
        pytest.skip("every game has a tutorial")
    done = learn(others[0], [])
    assert done.returncode == 2
    assert "has no tutorial yet" in done.stdout + done.stderr
