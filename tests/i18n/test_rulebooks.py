"""The rules for players: every game in every language, the same sections and pictures in each,
every picture a position the engine reaches, and `leafpile rules` prints them."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from leafpile.cli import app
from leafpile.games import GAMES
from leafpile.i18n import LANGUAGES, rulebook

CASES = [(name, lang) for name in GAMES for lang in LANGUAGES]


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_picture_is_a_position_the_engine_reaches(name, lang):
    game = GAMES[name]
    positions = [p for p in rulebook.parts(rulebook.read(game, lang)) if not isinstance(p, str)]
    assert positions, "a rulebook has at least one picture"
    for position in positions:
        position.view(game)  # replays every action, checked against legal_actions()
        assert position.caption


@pytest.mark.parametrize("name", list(GAMES))
def test_the_three_languages_share_sections_and_pictures(name):
    game = GAMES[name]
    shapes = {}
    for lang in LANGUAGES:
        text = rulebook.read(game, lang)
        assert rulebook.path(game, lang).is_file()
        sections = len(re.findall(r"^## ", text, re.M))
        pictures = [
            {**p.to_dict(), "caption": "", "names": len(p.names)}
            for p in rulebook.parts(text)
            if not isinstance(p, str)
        ]
        shapes[lang] = (sections, pictures)
    assert shapes["fr"] == shapes["en"] == shapes["ru"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Goal of the game"), ("fr", "But du jeu"), ("ru", "Цель игры")],
)
def test_rules_command_prints_the_rules_in_each_language(lang, words):
    result = CliRunner().invoke(app, ["rules", "autumn", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output


def test_rules_under_the_leaves_in_russian():
    result = CliRunner().invoke(app, ["rules", "under-the-leaves", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert "пчел" in result.output  # bees, in the Russian text
    assert "Under the Leaves" in result.output or "Под листьями" in result.output


def test_rules_language_from_the_environment(monkeypatch):
    monkeypatch.setenv("LEAFPILE_LANG", "fr")
    result = CliRunner().invoke(app, ["rules", "momiji"])
    assert result.exit_code == 0 and "But du jeu" in result.output


def test_rules_refuses_an_unknown_language():
    result = CliRunner().invoke(app, ["rules", "autumn", "--lang", "de"])
    assert result.exit_code == 2 and "unknown language" in result.output
