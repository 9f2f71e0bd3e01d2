"""The lobby's table settings are written for players: a name and one line in the reader's
language, menus whose choices are words, checkboxes for yes or no; no option names, rule-file
marks ([D], §1.4, Q13, "BGA option 101", data files) and no setting that has no effect or only
serves puzzles and tests (a fixed deck). What is chosen reaches the table."""

from __future__ import annotations

import re

import httpx
import pytest

from leafpile.bots.levels import ladder_ratings
from leafpile.games import GAMES

pytestmark = pytest.mark.browser

DEVELOPER_WORDS = re.compile(r"\[D\]|\[BGA|§|\bQ\d+|BGA option|\.json|first_player|_")


def _settings(page) -> list[dict]:
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('#options label.option')].map((l) => ({
              text: l.innerText,
              kind: l.querySelector('[data-option]').type,
              name: l.querySelector('[data-option]').dataset.option,
              choices: [...l.querySelectorAll('option')].map((o) => o.textContent),
            }))"""
        )
    )


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_every_game_s_settings_are_in_players_words(browser, live, lang):
    page = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang).new_page()
    page.goto(f"{live.base}/?lang={lang}")
    page.wait_for_selector("#seat1")
    for game in GAMES.values():
        page.select_option("#game", game.info.name)
        page.select_option("#players", str(max(2, game.info.min_players)))
        settings = _settings(page)
        assert settings, game.info.name
        for s in settings:
            assert not DEVELOPER_WORDS.search(s["text"]), (game.info.name, s["text"])
            assert s["name"] not in s["text"]  # the option's name in code is never shown
            assert all(not DEVELOPER_WORDS.search(c) for c in s["choices"]), s
        shown = {s["name"] for s in settings}
        for spec in game.info.options:
            if isinstance(spec.default, bool) and spec.name in shown:
                assert next(s for s in settings if s["name"] == spec.name)["kind"] == "checkbox"
        assert not shown & {"deck", "bag", "show_pile_sizes", "objectives", "landscape_tiles"}
        if lang != "en" and game.info.name == "momiji":
            labels = " ".join(s["text"] for s in settings)
            assert "Acorn harvest" not in labels and "Who starts" not in labels  # translated


def test_the_chosen_settings_reach_the_table(browser, live):
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(live.base + "/")
    page.wait_for_selector("#seat1")
    page.fill("#name", "Ana")
    page.select_option("#game", "under-the-leaves")
    page.select_option("#players", "2")
    page.click("#options-box summary")
    page.check("[data-option=burly]")
    page.uncheck("[data-option=visible_score]")
    seats = page.locator("[data-option=first_player] option").all_inner_texts()
    assert seats == ["at random", "Seat 1", "Seat 2"]  # only the seats of a 2-player game
    page.select_option("[data-option=leaf]", "flirty")
    assert page.locator("[data-option=leaf] option:checked").inner_text() == "Flirty"
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    table = page.url.rsplit("/", 1)[-1]
    options = httpx.get(f"{live.base}/api/tables/{table}").json()["options"]
    assert options["burly"] is True and options["visible_score"] is False
    assert options["leaf"] == "flirty"


def test_bot_levels_come_weakest_first_each_with_a_line_on_how_it_plays(browser, live):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(live.base + "/")
    page.wait_for_selector("#seat1")
    values = page.locator("#seat1 option").evaluate_all("os => os.map((o) => o.value)")
    bots = [v[4:] for v in values if v.startswith("bot:")]
    assert bots[:3] == ["easy", "medium", "hard"]  # the levels for people, weakest first
    ratings = ladder_ratings()[page.input_value("#game")]  # the ladder's, for the game shown
    lines = set()
    for level in bots:
        page.select_option("#seat1", f"bot:{level}")
        line = page.inner_text("#seat1-about")
        assert line, level
        if level in ratings:
            assert line.endswith(f"Ladder rating: {ratings[level]}."), line
        lines.add(line)
        # On a phone the line goes under the menu, a readable width, and the seats' box stays
        # inside the form (a line squeezed beside the menu was 60 px wide and pushed it out).
        about, box = (page.locator(s).bounding_box() for s in ("#seat1-about", "#seats"))
        form = page.evaluate(
            "document.querySelector('#seats').parentElement.getBoundingClientRect().right"
        )
        assert about and box and about["width"] > box["width"] / 2, level
        assert box["x"] + box["width"] <= form + 0.5, level
    assert {"easy", "medium", "hard"} <= set(ratings)
    assert len(lines) == len(bots)  # each says something of its own
    page.select_option("#seat1", "open")
    assert page.inner_text("#seat1-about") == ""


def test_the_lobby_lists_tables_a_page_at_a_time_by_game_and_by_search(browser, live):
    def open_table(game: str, name: str) -> None:
        body = {"game": game, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
        r = httpx.post(live.base + "/api/tables", json={**body, "sit": 0, "name": name})
        assert r.status_code == 201, r.text

    for i in range(22):
        open_table("autumn", f"Ana{i}")
    for _ in range(3):
        open_table("momiji", "Zed")
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(live.base + "/")
    page.wait_for_selector("#table-pager")
    assert "1\u201320 of 25" in page.inner_text("#table-pager")
    assert page.locator("#tables .table-item").count() == 20
    page.click("#page-next")
    page.wait_for_function(
        "document.querySelector('#table-pager').textContent.includes(\"21\u201325\")"
    )
    assert page.locator("#tables .table-item").count() == 5
    page.select_option("#table-game", "momiji")
    page.wait_for_function("document.querySelectorAll('#tables .table-item').length === 3")
    assert page.locator("#table-pager").count() == 0  # one page: no pager
    page.select_option("#table-game", "")
    page.fill("#table-search", "zed")
    page.wait_for_function("document.querySelectorAll('#tables .table-item').length === 3")
    assert all("Zed" in x for x in page.locator("#tables .table-item").all_inner_texts())
    page.fill("#table-search", "nobody at all")
    page.wait_for_selector("#tables :text('No table matches.')")
