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


def test_a_name_being_typed_survives_a_push_that_redraws_the_join_form(browser, live):
    """Every push redraws the join form; one arriving while a person types (here: the host's
    page closes, so the seat's presence changes) used to put back the empty name, and the
    click then only said "Enter your name first"."""
    ana = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    table = create_from_lobby(ana, live.base, "momiji", ("open",))
    ana.wait_for_function("document.body.dataset.status === 'waiting'", timeout=MOVE_TIMEOUT)

    bo = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    bo.goto(f"{live.base}/table/{table}")
    bo.wait_for_selector("#players .dot.on", timeout=MOVE_TIMEOUT)
    bo.fill("#join-name", "Bo")
    ana.close()
    bo.wait_for_selector("#players li[data-seat='0'] .dot.off", timeout=MOVE_TIMEOUT)
    assert bo.input_value("#join-name") == "Bo"
    bo.click("#join button[data-seat='1']")
    bo.wait_for_function("document.body.dataset.you === '1'", timeout=MOVE_TIMEOUT)
