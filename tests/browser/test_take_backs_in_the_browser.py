"""The Undo button of the table page (web/table.js, every game): enabled only when the server
says the seat to move may take its last decision back; two decisions of a Momiji turn (a
compost and its first card) taken back by clicks, the log saying so; disabled again once a
decision reveals cards. The server's own checks are in tests/server/tables/test_take_backs.py."""

from __future__ import annotations

import os

import httpx

from tests.browser.helpers import MOVE_TIMEOUT, dataset
from tests.server.live import ThreadServer


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


def test_one_undo_takes_back_a_whole_play_of_two_cards(browser, tmp_path):
    """Momiji's "Play 2 cards" is one click (two cards and the end of the play, sent one
    after the other); one Undo takes it all back, to the turn's start, with no "End the play"
    half-way."""
    live = ThreadServer(f"sqlite:///{tmp_path / 'seeded.db'}").start()  # a hand known to hold two
    made = httpx.post(
        live.base + "/api/tables",
        json={
            "game": "momiji",
            "players": 2,
            "options": {"first_player": "0"},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "sit": 0,
            "name": "Ana",
            "seed": 20261129,
        },
    ).json()
    table, token = made["table"], made["token"]
    httpx.post(f"{live.base}/api/tables/{table}/seats", json={"name": "Bo"})
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{live.base}/table/{table}")
        page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
        page.reload()
        version = _moved(page, -1)
        start = _choices(page)
        page.locator(".mj-hand-card.usable").first.click()
        page.locator(".mj-hand-card.usable:not(.chosen)").first.click()
        confirm = page.locator("#mj-confirm")
        sent = confirm.get_attribute("data-actions").split("|")
        assert len(sent) >= 2 and confirm.is_enabled(), sent
        confirm.click()
        page.wait_for_function(
            f"Number(document.body.dataset.version) >= {version + len(sent)} && "
            "!document.querySelector('[data-busy]')",
            timeout=MOVE_TIMEOUT,
        )
        version = _moved(page, version)
        undo = page.locator("#undo")
        assert undo.is_enabled()
        undo.click()
        _moved(page, version)
        assert _choices(page) == start  # the turn's start again: one click, one Undo
        assert undo.is_disabled()
        log = page.locator("#log li").all_inner_texts()
        assert len(log) == len(sent) and all(line.startswith("Ana takes back:") for line in log)
        assert not page.get_by_role("button", name="End the play").count()
    finally:
        page.close()
        live.stop()
