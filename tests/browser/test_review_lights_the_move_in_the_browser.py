"""The review's better move is lit on the board for Under the Leaves' market decisions: its
market tile is picked out (as a player picking it sees it), and nothing of a turn in the
making is offered (no "Place here", no turning), since a review only shows moves."""

from __future__ import annotations

import httpx

from tests.browser.helpers import dataset
from tests.browser.test_review_in_the_browser import review_page, server  # noqa: F401


def test_a_market_decision_lights_the_market_tile_of_the_move_shown(browser, server):  # noqa: F811
    table, context, page = review_page(
        browser, server, "under-the-leaves", {"width": 1280, "height": 800}
    )
    try:
        review = httpx.get(f"{server.base}/api/tables/{table}/review?seats=0&time=0.05").json()
        takes = [d for d in review["decisions"] if d["best"].startswith("t")]
        assert takes, "no market decision was reviewed"
        d = next((x for x in takes if x["best"] != x["played"]), takes[0])
        page.locator("#step").fill(str(d["number"]))
        page.wait_for_function(f"document.body.dataset.step === '{d['number']}'")
        if page.locator("#show-best").count():
            page.click("#show-best")
        lit = page.locator(".utl-market-tile.selected")
        assert lit.count() == 1
        assert lit.get_attribute("data-tile") == d["best"][1:]
        assert not page.get_by_role("button", name="Place here").is_visible()
        if d["best"] != d["played"] and d["played"].startswith("t"):
            page.click("#show-played")
            page.wait_for_selector("#show-played.primary")
            assert (
                page.locator(".utl-market-tile.selected").get_attribute("data-tile")
                == d["played"][1:]
            )
        assert dataset(page, "review") == "done"
    finally:
        context.close()
