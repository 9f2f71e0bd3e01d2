"""Every game's distinguishing colours stay apart for colour-blind players.

The colours are read from each game's `web/colours.js`, the one place its renderer takes them
from. Each pair is compared with CIEDE2000 as seen with full protanopia, deuteranopia and
tritanopia (Machado et al. 2009, severity 1.0, in linear RGB; see colour_vision.py), and with
normal vision.

Thresholds. A CIEDE2000 difference of about 1-2 is just noticeable side by side; telling
categories apart at a glance, on small spaces, across a board, and remembering which is which
needs far more. We ask for ΔE00 >= 12 between every pair under each simulation (about six
times the just noticeable difference, and margin for the simulation's approximations and for
screens), and ΔE00 >= 20 in normal vision, so that the palettes stay obviously different for
everyone. Where colour is the only cue (Undergrove's pieces on the forest carry no other mark
of their owner) the players' colours must also differ by ΔE00 >= 12 in grayscale, that is in
lightness alone. Under the Leaves' terrains have a mark each (tiles.js), Autumn's leaves a
shape each, Momiji's cards a leaf shape and a name, Undergrove's tokens a glyph: there the
grayscale check is not asked for.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.colour_vision import closest_pairs, read_colours_module

GAMES = Path(__file__).resolve().parent.parent / "src" / "leafpile" / "games"
SIMULATIONS = ("protanopia", "deuteranopia", "tritanopia")
SIMULATED_MIN = 12.0
NORMAL_MIN = 20.0

#: Under the Leaves' terrains before issue #26: green and orange nearly merge for deuteranopes.
OLD_UNDER_THE_LEAVES = {
    "pink": "#f3a6c6",
    "yellow": "#f6d44f",
    "orange": "#f2953b",
    "purple": "#a47ad3",
    "green": "#78c257",
    "puddle": "#5cb2e8",
}


def table(game: str, name: str) -> dict[str, str]:
    return read_colours_module(GAMES / game / "web" / "colours.js")[name]


#: (game, table, the names it must hold, visions checked besides the three simulations)
PALETTES = [
    ("autumn", "LEAF", {"R", "Y"}, ()),
    ("momiji", "TYPES", {"G", "Y", "O", "R", "P", "B"}, ()),
    (
        "under_the_leaves",
        "TERRAIN",
        {"pink", "yellow", "orange", "purple", "green", "puddle"},
        (),
    ),
    ("undergrove", "PLAYER_COLOURS", {"0", "1", "2", "3"}, ("grayscale",)),
    ("undergrove", "TOKEN_COLOURS", {"b", "p", "g", "y"}, ()),
]


def too_close(palette: dict[str, str], visions: tuple[str, ...]) -> list[str]:
    """The pairs that fail their threshold, in words (empty when the palette is fine)."""
    failures = []
    for vision in ("normal", *SIMULATIONS, *visions):
        least = NORMAL_MIN if vision == "normal" else SIMULATED_MIN
        failures += [
            f"{p}/{q} ΔE00 {d:.1f} < {least} ({vision})"
            for d, p, q in closest_pairs(palette, vision)
            if d < least
        ]
    return failures


@pytest.mark.parametrize(("game", "name", "names", "visions"), PALETTES)
def test_every_pair_of_colours_stays_apart_for_colour_blind_players(
    game: str, name: str, names: set[str], visions: tuple[str, ...]
) -> None:
    palette = table(game, name)
    assert set(palette) == names
    assert too_close(palette, visions) == []


def test_the_old_under_the_leaves_terrains_are_flagged() -> None:
    failures = too_close(OLD_UNDER_THE_LEAVES, ())
    assert "green/orange ΔE00 5.8 < 12.0 (deuteranopia)" in failures
    assert "green/orange ΔE00 6.4 < 12.0 (protanopia)" in failures
    assert "puddle/purple ΔE00 7.2 < 12.0 (deuteranopia)" in failures


def test_under_the_leaves_draws_its_terrains_from_its_colours_module() -> None:
    web = GAMES / "under_the_leaves" / "web"
    written = (web / "tiles.js").read_text() + (web / "under-the-leaves.css").read_text()
    for colour in table("under_the_leaves", "TERRAIN").values():
        assert colour not in written.lower()
    assert 'from "./colours.js"' in (web / "tiles.js").read_text()


def test_a_colours_module_that_cannot_be_read_is_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "colours.js"
    bad.write_text('export const TERRAIN = {\n  pink: "pink",\n};\n')
    with pytest.raises(ValueError, match="cannot read"):
        read_colours_module(bad)


def test_undergroves_css_token_colours_are_those_of_its_colours_module() -> None:
    """The decision panel paints tokens from CSS custom properties: they must not drift."""
    css = (GAMES / "undergrove" / "web" / "undergrove.css").read_text()
    declared = dict(re.findall(r"--tok-(\w): (#[0-9a-f]{6})", css))
    assert declared == table("undergrove", "TOKEN_COLOURS")
