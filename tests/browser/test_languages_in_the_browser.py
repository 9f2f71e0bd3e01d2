"""Every page in French and Russian: the language switch, and no English left on a game's
table page (apart from names), on the lobby, the replay and How to play."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from leafpile.games.undergrove.components import TILES
from leafpile.i18n import extract
from tests.patience import HANG_MS, READ

TIMEOUT = HANG_MS  # only a hang takes so long
#: Words that are the same in every language: names of games, of the platform, of bots'
#: search method, and the languages' own names in the switch.
NAMES = {
    "autumn",
    "momiji",
    "under",
    "the",
    "leaves",
    "undergrove",
    "leafpile",
    "mcts",
    "english",
    "français",
    "русский",
    "ana",
    "enter",
}  # and the Enter key


def english_only_words(lang: str) -> set[str]:
    """Words of the English message ids that the `lang` catalogs never use: seeing one on a
    page means an English sentence got through."""
    english: set[str] = set()
    translated: set[str] = set()
    for domain in extract.domains():
        path = extract.po_path(domain, lang)
        if not path.is_file():
            continue
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in ids:
                english |= set(re.findall(r"[a-z]{3,}", re.sub(r"\{\w+\}", "", text.lower())))
            for text in strings:
                translated |= set(re.findall(r"[a-zà-ÿ]{3,}", text.lower()))
    return english - translated - NAMES


def leftover_english(page, lang: str, allowed: set[str]) -> list[str]:
    text = page.evaluate("document.body.innerText").lower()
    words = set(re.findall(r"[a-zà-ÿ]{3,}", text))
    if lang == "ru":  # Russian pages: any Latin word that is not a name is English
        return sorted(w for w in words if w not in NAMES | allowed)
    return sorted(words & (english_only_words(lang) - allowed))


def choose_language(page, lang: str) -> None:
    page.select_option("#lang", lang)  # the switch reloads the page in that language
    page.wait_for_function(
        f"document.documentElement !== null && document.documentElement.lang === '{lang}'",
        timeout=TIMEOUT,
    )  # the switch reloads the page: the document may be gone for a moment


def open_table(page, base: str, game: str) -> str:
    page.goto(base + "/")
    page.fill("#name", "Ana")
    page.wait_for_selector("#seat1")
    page.select_option("#game", game)
    page.select_option("#seat1", "bot:random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=TIMEOUT)
    return page.url.rsplit("/", 1)[-1]


#: Per game, words a table legitimately shows in Latin letters: Undergrove keeps its mushroom
#: tiles' English names in every language, as the rules for players do.
GAME_NAMES = {
    "autumn": set(),
    "momiji": set(),
    "under-the-leaves": set(),
    "undergrove": {w for t in TILES if t for w in re.findall(r"[a-z]{3,}", t.name.lower())},
}


@pytest.mark.parametrize("game", ["autumn", "momiji", "under-the-leaves", "undergrove"])
@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_a_table_page_has_no_english_left(browser, live, game, lang):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_table(page, live.base, game)
    choose_language(page, lang)
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=TIMEOUT)
    page.wait_for_timeout(300)  # the renderer's first drawing
    assert leftover_english(page, lang, GAME_NAMES[game]) == []
    assert not errors
    page.context.close()


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_the_lobby_and_how_to_play_speak_the_chosen_language(browser, live, lang):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(live.base + "/")
    page.wait_for_selector("#seat1")
    choose_language(page, lang)
    page.wait_for_selector("#seat1")
    assert (
        page.locator("#create-button").inner_text()
        == {"fr": "Créer la table", "ru": "Создать стол"}[lang]
    )
    assert leftover_english(page, lang, set()) == []
    page.goto(live.base + "/rules/under-the-leaves")
    page.wait_for_selector(".rule-text h1")
    heading = page.locator(".rule-text h1").first.inner_text()
    assert (
        heading
        == {"fr": "Under the Leaves — règles du jeu", "ru": "Under the Leaves — правила игры"}[lang]
    )
    assert page.locator(".rule-picture").count() >= 1
    page.context.close()


def test_joiners_are_told_when_a_table_fixes_its_deck(browser, live):
    import httpx

    deck = ",".join(str(i) for i in range(18))
    body = {
        "game": "autumn",
        "players": 2,
        "options": {"deck": deck},
        "seats": [{"kind": "human"}, {"kind": "human"}],
    }
    table = httpx.post(live.base + "/api/tables", json=body, timeout=READ).json()["table"]
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{live.base}/table/{table}")
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=TIMEOUT)
    note = page.locator("#fixed-note")
    assert note.is_visible() and "deck" in note.inner_text()
    page.goto(live.base + "/")  # a table without a fixed order says nothing
    open_table(page, live.base, "autumn")
    assert not page.locator("#fixed-note").is_visible()
    page.context.close()
