"""What a table page says in words: a waiting table says it waits (not "open seat is taking
their turn"), the tab names the game, and a spectator is told they are watching."""

from __future__ import annotations

import pytest

from tests.browser.helpers import MOVE_TIMEOUT, create_from_lobby

pytestmark = pytest.mark.browser


def test_a_waiting_table_the_tab_title_and_a_spectator_in_words(browser, live):
    ana = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    table = create_from_lobby(ana, live.base, "momiji", ("open",))
    ana.wait_for_function("document.body.dataset.status === 'waiting'", timeout=MOVE_TIMEOUT)
    ana.wait_for_selector("#board :text('Waiting for players')", timeout=MOVE_TIMEOUT)
    assert "taking their turn" not in ana.inner_text("#board")
    assert ana.title().startswith("Momiji")

    bo = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    bo.goto(f"{live.base}/table/{table}")
    bo.fill("#join-name", "Bo")
    bo.click("#join button[data-seat='1']")
    bo.wait_for_function("document.body.dataset.status === 'playing'", timeout=MOVE_TIMEOUT)

    cy = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    cy.goto(f"{live.base}/table/{table}")
    cy.wait_for_function("document.body.dataset.status === 'playing'", timeout=MOVE_TIMEOUT)
    assert "You are watching this game" in cy.inner_text("#turn")
    assert "watching" not in bo.inner_text("#turn")
    assert cy.title().startswith("Momiji")
