"""The table's creator may remove a player who has not acted yet, never their own seat (they
leave it instead), and only after saying yes to a question: one stray click removes nobody."""

from __future__ import annotations

import pytest

from tests.browser.helpers import MOVE_TIMEOUT, create_from_lobby

pytestmark = pytest.mark.browser


def test_the_host_removes_another_player_after_a_question_never_themselves(browser, live):
    ana = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    table = create_from_lobby(ana, live.base, "autumn", ("open",), first_player="1", rounds="1")
    bo = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    bo.goto(f"{live.base}/table/{table}")
    bo.fill("#join-name", "Bo")
    bo.click("#join button[data-seat='1']")
    bo.wait_for_function("document.body.dataset.you === '1'", timeout=MOVE_TIMEOUT)
    ana.wait_for_selector("#seating .remove[data-seat='1']", timeout=MOVE_TIMEOUT)
    assert ana.locator("#seating .remove").count() == 1  # no "Remove Ana" for Ana herself

    asked: list[str] = []

    def answer(dialog, yes: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if yes else dialog.dismiss()

    ana.once("dialog", lambda d: answer(d, False))
    ana.click("#seating .remove[data-seat='1']")
    assert asked and "Bo" in asked[0]
    assert ana.locator("#players .player[data-seat='1']").inner_text().startswith("Bo")
    ana.once("dialog", lambda d: answer(d, True))
    ana.click("#seating .remove[data-seat='1']")
    ana.wait_for_function(
        "document.querySelector(\"#players .player[data-seat='1']\").textContent"
        ".includes('open seat')",
        timeout=MOVE_TIMEOUT,
    )
    assert ana.locator("#seating .remove").count() == 0
