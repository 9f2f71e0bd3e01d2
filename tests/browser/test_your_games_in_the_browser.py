"""The lobby's "Your games": the unfinished tables this browser holds a seat at, from its
stored tokens, including a private table (never in the lobby's list) and a game put away
while idle (out of memory, loaded again when asked for); a token the server no longer knows
is forgotten."""

from __future__ import annotations

import time

import httpx

from tests.browser.helpers import MOVE_TIMEOUT, dataset
from tests.patience import HANG
from tests.server.live import ThreadServer

PRIVATE = {
    "game": "autumn",
    "players": 2,
    "options": {"first_player": "0"},  # Ana moves first: the game then waits for her
    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    "sit": 0,
    "name": "Ana",
    "private": True,
}


def test_your_games_lists_a_private_table_and_one_put_away(browser, tmp_path):
    srv = ThreadServer(f"sqlite:///{tmp_path / 'mine.db'}", waiting_ttl=0.4, idle_ttl=0.3)
    srv.start()
    errors: list[str] = []
    try:
        made = httpx.post(srv.base + "/api/tables", json=PRIVATE).json()
        table, token = made["table"], made["token"]
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(srv.base + "/")
        page.evaluate(
            "([table, token]) => { localStorage.setItem('leafpile.token.' + table, token);"
            " localStorage.setItem('leafpile.token.gone4ever', 'x'); }",
            [table, token],
        )
        deadline = time.monotonic() + HANG
        while table in srv.manager.tables:  # nobody watches it: it is put away
            assert time.monotonic() < deadline, "the idle game was not put away"
            time.sleep(0.05)
        page.reload()
        mine = page.locator(f"#mine li[data-table='{table}']")
        mine.wait_for(timeout=MOVE_TIMEOUT)
        text = mine.inner_text()
        assert "private" in text and "your turn" in text, text
        assert page.locator(f"#tables li[data-table='{table}']").count() == 0  # not listed
        assert page.evaluate("localStorage.getItem('leafpile.token.gone4ever')") is None
        mine.locator("a").click()
        page.wait_for_url(f"**/table/{table}")
        page.wait_for_function("document.body.dataset.you === '0'", timeout=MOVE_TIMEOUT)
        assert dataset(page, "status") == "playing"
        assert errors == []
    finally:
        srv.stop()
