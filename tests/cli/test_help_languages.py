"""`leafpile --help` in the reader's language: the app's help and each command's, in French
and Russian with `--lang` (before the command) or LEAFPILE_LANG. Typer reads the help texts
when the commands are defined, at import, so each case runs the command line in a new
process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import leafpile
from leafpile.cli.common import help_language
from tests.patience import HANG

SRC = str(Path(leafpile.__file__).resolve().parents[1])
#: Variables that choose a language, cleared so that each case chooses its own.
LANGUAGE_VARIABLES = ("LEAFPILE_LANG", "LANGUAGE", "LC_ALL", "LANG")


def leafpile_cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    base.update(PYTHONPATH=SRC, COLUMNS="100", NO_COLOR="1", **env)
    return subprocess.run(
        [sys.executable, "-m", "leafpile.cli", *args],
        env=base,
        capture_output=True,
        text=True,
        timeout=HANG,
    )


def said(result: subprocess.CompletedProcess[str]) -> str:
    """What the help says, without its frames and line breaks."""
    return " ".join(result.stdout.replace("│", " ").split())


def test_help_language_reads_lang_before_the_commands_are_defined(monkeypatch):
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert help_language(["--lang", "fr", "play", "--help"]) == "fr"
    assert help_language(["--lang=RU", "serve", "--help"]) == "ru"
    assert help_language(["--lang", "xx", "--help"]) == "en"  # refused later, clearly
    assert help_language(["--lang"]) == "en"
    assert help_language(["play", "--", "--lang", "fr"]) == "en"
    monkeypatch.setenv("LEAFPILE_LANG", "ru")
    assert help_language(["--help"]) == "ru"
    assert help_language(["--lang", "fr", "--help"]) == "fr"


@pytest.mark.parametrize(
    ("args", "env", "present", "absent"),
    [
        (
            ["--lang", "fr", "--help"],
            {},
            ["Jouer, revoir, simuler et mesurer", "Afficher la version et quitter", "Lister"],
            ["Play, replay, simulate", "Print the version", "List the registered games"],
        ),
        (
            ["--lang", "fr", "review", "--help"],
            {},
            ["L'analyse par le bot des décisions", "Graine de la recherche du bot"],
            ["The bot's review", "Seed of the bot's search"],
        ),
        (
            ["--lang=ru", "play", "--help"],
            {},
            ["Играть в терминале", "Зерно для воспроизводимой партии", "Опция игры"],
            ["Play in the terminal", "Seed for a reproducible game", "A game option"],
        ),
        (
            ["--help"],
            {"LEAFPILE_LANG": "ru"},
            ["Играть, пересматривать, моделировать", "Показать версию и выйти"],
            ["Play, replay, simulate", "Print the version"],
        ),
        (
            ["--lang", "en", "play", "--help"],
            {"LEAFPILE_LANG": "fr"},
            ["Play in the terminal", "Seed for a reproducible game"],
            ["Jouer dans le terminal", "Graine"],
        ),
    ],
)
def test_help_in_the_readers_language(args, env, present, absent):
    result = leafpile_cli(*args, **env)
    assert result.returncode == 0, result.stderr
    text = said(result)
    for words in present:
        assert words in text
    for words in absent:
        assert words not in text


def test_a_bad_lang_is_refused_clearly():
    result = leafpile_cli("--lang", "xx", "play", "--help")
    assert result.returncode == 2
    assert "unknown language 'xx'; known: en, fr, ru" in " ".join(result.stdout.split())
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "Utilisation :",
                "play [OPTIONS] GAME",
                "Arguments",
                "Afficher ce message et quitter.",
            ],
        ),
        (
            "ru",
            [
                "Использование:",
                "play [ПАРАМЕТРЫ] GAME",
                "Аргументы",
                "Показать эту справку и выйти.",
            ],
        ),
    ],
)
def test_the_librarys_own_help_words_are_in_the_readers_language(lang, words):
    """ "Usage", the panel titles and "Show this message and exit." (Click's words)."""
    result = leafpile_cli("--lang", lang, "play", "--help")
    text = said(result)
    assert all(w in text for w in words), text
    assert "Usage" not in text and "Show this message" not in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--lang", "fr", "play", "autumn", "--nope"], "Option inconnue : --nope"),
        (["--lang", "ru", "play", "autumn", "--seed", "x"], "нужно целое число"),
        (["--lang", "fr", "replay"], "Il manque l'argument 'file'."),
        (["--lang", "ru", "frobnicate"], "Нет такой команды: 'frobnicate'."),
        (["--lang", "ru", "review", "g.json", "--iterations", "3"], "не меньше 50"),
    ],
)
def test_the_librarys_errors_are_in_the_readers_language(args, words):
    result = leafpile_cli(*args)
    text = " ".join(result.stderr.replace("│", " ").split())
    assert result.returncode == 2 and words in text, text
    assert "Usage" not in text and "Error" not in text and "Try '" not in text
