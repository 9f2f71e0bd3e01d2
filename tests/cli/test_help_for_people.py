"""The help pages and listings a new player reads (issue #30): every command that takes a game
names the games, `play --help` says what to type at a turn, nothing is cut at 80 columns, and
the log's colours agree with their numbers in French."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from leafpile.cli import app
from leafpile.games import GAMES
from tests.patience import HANG

runner = CliRunner()


def at_80_columns(*args: str, lang: str = "en") -> str:
    """What a command prints in a real process whose terminal is 80 columns wide."""
    env = {**os.environ, "COLUMNS": "80", "LEAFPILE_LANG": lang}
    done = subprocess.run(
        [sys.executable, "-m", "leafpile.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    return done.stdout


def commands() -> list[str]:
    return [c.name for c in app.registered_commands if c.name]


def test_every_command_that_takes_a_game_names_the_games():
    for command in commands():
        out = runner.invoke(app, ["--lang", "en", command, "--help"]).output
        if "GAME" in out.split("Options")[0]:
            assert all(g in out for g in GAMES), (command, out)


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_play_help_says_what_to_type_at_a_turn(lang):
    said = " ".join(at_80_columns("play", "--help", lang=lang).split())
    words = {
        "en": ("? lists the actions again", "quit, or the end of the input", "'take G'"),
        "fr": ("? affiche de nouveau les actions", "quitter, ou la fin", "'prendre G'"),
        "ru": ("? снова показывает действия", "выход или конец ввода", "'взять G'"),
    }[lang]
    assert all(w in said for w in words), said


def test_nothing_is_cut_short_at_80_columns():
    """Rich cuts a table cell that does not fit with an ellipsis; at 80 columns none is cut
    (a sentence under a table is soft-wrapped: the terminal wraps it whole)."""
    pages = [("games",), *((("games", g)) for g in GAMES)]
    pages += [(command, "--help") for command in commands()]
    for page in pages:
        out = at_80_columns(*page)
        assert "…" not in out, (page, out)


def test_the_log_agrees_colours_with_their_numbers_in_french():
    """A card of 1 red and 3 yellow leaves is "1 rouge, 3 jaunes"; 2 and 2, "2 rouges, 2
    jaunes" (the English log has no plural to make)."""
    from leafpile import i18n

    game = GAMES["autumn"]
    counts: set[tuple[int, str, int, str]] = set()
    for seed in range(30):
        state = game.new_state(2, seed)
        for _ in range(6):
            line = game.describe(state, state.legal_actions()[0]).localize("fr")
            found = re.search(r"\((\d) (rouges?), (\d) (jaunes?)\)", line)
            if found:
                red, red_word, yellow, yellow_word = found.groups()
                counts.add((int(red), red_word, int(yellow), yellow_word))
            state.apply(state.legal_actions()[0])
    assert {(r, y) for r, _, y, _ in counts} >= {(1, 3), (2, 2), (3, 1)}, counts
    for red, red_word, yellow, yellow_word in counts:
        assert red_word == ("rouge" if red <= 1 else "rouges"), counts
        assert yellow_word == ("jaune" if yellow <= 1 else "jaunes"), counts
    assert i18n.current() == "en"
