"""How to play: the text speaks of what the pictures show, with the names they show. The worked
examples used to explain terminal codes ("letters are colours, ~ is a puddle", "0s1", "# is a
blocker", "G0R") under graphical pictures, and called the players "Ann (P0)" while the pictures
said "Player 1". Every game, every language, at phone size (the desktop screenshot too)."""

from __future__ import annotations

import os
import re

import httpx
import pytest

from leafpile.games import GAMES
from tests.patience import HANG_MS


def _look(page, name: str, **options: object) -> None:
    """A screenshot to look at, written only where LEAFPILE_LOOK names a folder."""
    folder = os.environ.get("LEAFPILE_LOOK")
    if folder:
        page.screenshot(path=os.path.join(folder, name), **options)


#: What the terminal's pictures print and the browser's never show: seat numbers (P0, "player
#: number"), pieces written as player-kind-carbon (0s1, 1T3), Momiji cards as type-value-corner
#: (G0R), Under the Leaves' spaces and figures as letters (~, h1), Undergrove's `#` blocker and
#: C1 / 3v tile counts, and the sentences that explain them.
TERMINAL = [
    r"\bP[0-3]\b",
    r"\b[0-3][sT]\d\b",
    r"\b[GYORPB][0-5][LR]\b",
    r"\bh\d\b",
    r"\bC\d\b",
    r"\b\dv\b",
    r"(^|\s)[~#*](\s|$|\))",
    r"\(#\)",
    r"letters are colours|les lettres sont|буквы обозначают",
    r"is written|s'écrit|записывается",
]
GENERIC = {"en": "Player", "fr": "Joueur", "ru": "Игрок"}


def terminal_codes(text: str) -> list[str]:
    return [m.group(0) for pattern in TERMINAL for m in re.finditer(pattern, text, re.M)]


CASES = [(game, lang) for game in GAMES for lang in ("en", "fr", "ru")]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_text_names_what_the_pictures_show(browser, live, game, lang):
    answer = httpx.get(f"{live.base}/api/rules/{game}/{lang}").json()
    positions = [p["position"] for p in answer["parts"] if "position" in p]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live.base}/rules/{game}")
    page.wait_for_function(
        f"document.querySelectorAll('.rule-picture').length === {len(positions)}",
        timeout=HANG_MS,
    )
    page.wait_for_timeout(300)  # the renderers' first drawing
    prose = "\n".join(page.locator(".rule-text").all_inner_texts())
    captions = page.locator(".rule-picture figcaption").all_inner_texts()
    pictures = page.locator(".rule-picture .board").all_inner_texts()
    if lang == "en":
        _look(page, f"rules-{game}-phone.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})
        page.wait_for_timeout(300)
        _look(page, f"rules-{game}-desktop.png", full_page=True)
    context.close()
    assert not errors
    assert terminal_codes(prose + "\n" + "\n".join(captions)) == []
    for position, picture in zip(positions, pictures, strict=True):
        names = [s["name"] for s in position["seats"]]
        assert all(names), "every picture names its players as the text does"
        for name in names:
            assert name in prose, f"{name} is in the picture but not in the text"
            assert name in picture, f"the text's {name} is not labelled in the picture"
        assert not re.search(GENERIC[lang] + r" \d", picture), "a seat labelled by number"
