"""The Undo button of the table page (web/table.js, every game): enabled only when the server
says the seat to move may take its last decision back; two decisions of a Momiji turn (a
compost and its first card) taken back by clicks, the log saying so; disabled again once a
decision reveals cards. The server's own checks are in tests/server/tables/test_take_backs.py."""

from __future__ import annotations

import os

import httpx

from tests.browser.helpers import MOVE_TIMEOUT, dataset


def _choices(page) -> list[str]:
    return [
        str(a)
        for a in page.locator("[data-action]").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action)"
        )
    ]


def _moved(page, version: int) -> int:
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {version} && "
        "!document.body.classList.contains('waiting') && "
        "document.body.dataset.toMove === document.body.dataset.you",
        timeout=MOVE_TIMEOUT,
    )
    return int(dataset(page, "version"))


def test_decisions_of_a_turn_are_taken_back_with_the_undo_button(browser, live):
    made = httpx.post(
        live.base + "/api/tables",
        json={
            "game": "momiji",
            "players": 2,
            "options": {"first_player": "0", "start_acorns": 2},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "sit": 0,
            "name": "Ana",
        },
    ).json()
    table, token = made["table"], made["token"]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{live.base}/table/{table}?generic")
        page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
        page.reload()
        version = _moved(page, -1)
        undo = page.locator("#undo")
        assert undo.is_visible() and undo.is_disabled()  # nothing done yet this turn
        start = _choices(page)
        assert "compost" in start

        page.click("[data-action='compost']")
        version = _moved(page, version)
        assert undo.is_enabled()
        composting = _choices(page)
        page.click("[data-action^='discard']")
        version = _moved(page, version)
        assert undo.is_enabled()

        undo.click()
        version = _moved(page, version)
        assert _choices(page) == composting
        undo.click()
        version = _moved(page, version)
        assert _choices(page) == start
        assert undo.is_disabled()  # back at the start of the turn
        log = page.locator("#log li").all_inner_texts()
        assert [line.split(":")[0] for line in log] == ["Ana takes back", "Ana takes back"]
        assert log[0].startswith("Ana takes back: Ana composts ")  # the card, as the log said

        if shots := os.environ.get("LEAFPILE_TAKE_BACK_SHOTS"):  # to look at the page
            page.screenshot(path=f"{shots}/take-back-desktop.png")
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=f"{shots}/take-back-phone.png")
        if "refresh" in start:  # a paid refresh turns up cards: it stays
            page.click("[data-action='refresh']")
            _moved(page, version)
            assert undo.is_disabled()
    finally:
        page.close()
