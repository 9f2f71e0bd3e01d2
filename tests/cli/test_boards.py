"""Terminal boards as a new user reads them: they fit the terminal (or say how wide it must
be, never wrap into nonsense), every abbreviation has a legend, and every word is in the
reader's language."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from leafpile import i18n
from leafpile.games import GAMES
from leafpile.games.momiji.words import type_words

#: Words of the English pictures that a French or Russian reader must not meet.
ENGLISH = (
    "legend",
    "your turn",
    "deck:",
    "hand:",
    "piles:",
    "display:",
    "objectives",
    "landscapes",
    "tokens",
    "supply",
    "score so far",
    "round ",
    "(you)",
    "pieces",
    "bonus tiles",
    "goals:",
    "nitrogen",
    "a space's colour",
    "cards left",
)
LEGEND = {"en": "legend:", "fr": "légende :", "ru": "условные обозначения:"}


def position(name: str, players: int, seed: int, moves: int):
    """The state after `moves` random actions (or the end)."""
    game = GAMES[name]
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def picture(name: str, state, viewer: int | None, width: int, lang: str) -> str:
    """The board as the terminal shows it at `width` columns, in `lang`."""
    game = GAMES[name]
    shown = game.player_view(state, viewer) if viewer is not None else state
    console = Console(width=width, file=io.StringIO(), record=True)
    i18n.use(lang)
    try:
        console.print(game.render(shown, viewer))
    finally:
        i18n.use("en")
    return console.export_text()


def widest(text: str) -> int:
    return max(len(line.rstrip()) for line in text.splitlines())


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
@pytest.mark.parametrize("width", [50, 80, 120])
@pytest.mark.parametrize("moves", [3, 40, 10_000])
def test_momiji_fits_any_terminal_and_has_a_legend(lang, width, moves):
    state = position("momiji", 3, 7, moves)
    text = picture("momiji", state, 0, width, lang)
    assert widest(text) <= width
    assert LEGEND[lang] in text
    flat = " ".join(text.split())
    for t in state.types:  # every type letter shown is explained in the reader's words
        words = type_words(t)
        letter = "GYORPB"[t]
        assert (
            f"{letter} = {words.localize(lang) if isinstance(words, i18n.Msg) else words}" in flat
        )
    assert re.search(r"G1R|[GYORPB]\d[LR]* =", flat), "a card code is explained"
    assert "x?" not in flat  # every seat remembers each pile whole (its cards were played face up)
    if lang != "en":
        lower = text.lower()
        assert not [w for w in ENGLISH if w in lower], text


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_undergrove_explains_its_codes(lang):
    text = picture("undergrove", position("undergrove", 2, 5, 30), 0, 120, lang)
    flat = " ".join(text.split())
    for code in ("C4 N2 P2 K2 =", "BPGY =", "s6 T4 r18 =", "0s2 =", "+ # =", "B7 ="):
        assert code in flat, code
    assert LEGEND[lang] in text
    meanings = {
        "en": ("carbon, nitrogen, phosphorus, potassium", "seedlings, trees, roots"),
        "fr": ("Carbone, azote, phosphore, potassium", "Plants, Arbres, Racines"),
        "ru": ("углерод, азот, фосфор, калий", "ростки, деревья, корни"),
    }[lang]
    for words in meanings:
        assert words in flat
    if lang != "en":
        assert not [w for w in ENGLISH if w in text.lower()], text


def forest_of_width(tiles: int):
    """A position of a random game whose forest is `tiles` tiles wide."""
    from leafpile.games.undergrove.components import coords

    game = GAMES["undergrove"]
    state = game.new_state(3, 2)
    rng = random.Random(2)
    while not state.is_terminal():
        xs = [coords(c)[0] for c in state.tile_at]
        if max(xs) - min(xs) + 1 == tiles:
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no forest {tiles} tiles wide")


def test_a_wide_forest_takes_the_full_layout_when_it_fits_and_the_compact_one_else():
    state = forest_of_width(7)  # full: 4 + 7 * 12 + 3 = 91 columns; compact: 4 + 7 * 9 + 3 = 70
    wide = picture("undergrove", state, 1, 120, "en")
    narrow = picture("undergrove", state, 1, 80, "en")
    assert "|Earthlov" in wide and "|Earthlov" not in narrow  # names only in the full layout
    assert "1 = Earthlover" in " ".join(narrow.split())  # and listed under the compact one
    assert "needs" not in wide and "needs" not in narrow
    assert widest(wide) <= 120 and widest(narrow) <= 80


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "The forest needs 88 columns and this terminal has 80"),
        ("fr", "La forêt demande 88 colonnes et ce terminal en a 80"),
        ("ru", "Лес: нужна ширина 88 столбцов"),
    ],
)
def test_a_forest_wider_than_the_terminal_says_how_wide_it_must_be(lang, words):
    text = picture("undergrove", position("undergrove", 3, 2, 100_000), 0, 80, lang)
    assert words in " ".join(text.split())
    assert widest(text) <= 80  # cut at the edge, never wrapped
    assert widest(picture("undergrove", position("undergrove", 3, 2, 100_000), 0, 88, lang)) <= 88


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_under_the_leaves_and_autumn_pictures_have_legends(lang):
    text = picture("under-the-leaves", position("under-the-leaves", 2, 4, 6), 0, 80, lang)
    flat = " ".join(text.split())
    assert LEGEND[lang] in text and "P Y O V G =" in flat and "h2 =" in flat
    autumn = picture("autumn", position("autumn", 2, 3, 2), 0, 80, lang)
    assert {"en": "R = red", "fr": "R = rouge", "ru": "R = красный"}[lang] in autumn


def test_boards_name_the_players_and_mark_you():
    i18n.use_seat_names(["Ana", "hard bot"])
    try:
        for name in GAMES:
            text = picture(name, position(name, 2, 3, 6), 0, 100, "en")
            assert "Ana" in text and "(you)" in text, name
    finally:
        i18n.use_seat_names(())
