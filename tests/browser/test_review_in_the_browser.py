"""The bot's review in the browser, for every game: a finished game between bots is reviewed
from its finished table's "Review" button with progress shown (in worker processes, as
`leafpile serve` runs it), then its marks, the evaluation graph and the bot's move on the
board; "Explore from here" opens a private analysis table where the person plays on against
bots.

`LEAFPILE_SCREENSHOTS=1` also writes docs/screenshots/review-<game>.png and review-phone.png.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from leafpile.games import GAMES
from tests.browser.helpers import MOVE_TIMEOUT, bot_game, dataset
from tests.patience import HANG_MS
from tests.server.live import ThreadServer

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
#: A short Autumn (one round); the others whole. Undergrove is a whole game between `easy`
#: bots: random ones play on to its safety-net round limit.
OPTIONS: dict[str, dict[str, Any]] = {"autumn": {"rounds": 1, "first_player": "0"}}
BOTS = {"undergrove": "easy"}
SEED = 12


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("review") / "review.db"
    # client seeds allowed; bots and reviews in worker processes, as `leafpile serve` runs them
    srv = ThreadServer(f"sqlite:///{db}", bot_workers="process").start()
    yield srv
    srv.stop()


def finished(server: ThreadServer, name: str) -> str:
    """A game between two bots, played to its end; its table id."""
    options = OPTIONS.get(name, {})
    bot = BOTS.get(name, "random")
    return bot_game(server.base, name, bot=bot, options=options, seed=SEED)[0]


def review_page(browser, server: ThreadServer, name: str, size: dict[str, int]):
    table = finished(server, name)
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.goto(f"{server.base}/table/{table}")
    link = page.locator("#review-link")
    link.wait_for(timeout=MOVE_TIMEOUT)
    # the link's review, kept short: seat 0 only, 0.05 s per decision
    page.goto(page.url.replace("/table/", "/replay/") + "?review&seats=0&time=0.05")
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=HANG_MS)
    return table, context, page


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_finished_game_is_reviewed_and_explored_from_a_position(browser, server, name):
    table, context, page = review_page(browser, server, name, {"width": 1280, "height": 800})
    review = httpx.get(f"{server.base}/api/tables/{table}/review?seats=0&time=0.05").json()
    decisions = review["decisions"]
    assert decisions and all(d["seat"] == 0 for d in decisions)
    # the graph draws seat 0's expected result, a dot per marked decision
    assert page.locator(".review-graph polyline[data-seat='0']").count() == 1
    marked = [d for d in decisions if d["mark"]]
    assert page.locator(".review-graph circle[data-mark]").count() == len(marked)
    assert page.locator(".review-summary li[data-seat='0']").count() == 1
    # the page opens on the first marked decision (or the first one), the board at that
    # position as seat 0 saw it, and the card names what was played and the bot's choice
    shown = marked[0] if marked else decisions[0]
    assert dataset(page, "decision") == str(shown["number"])
    card = page.locator(".review-decision")
    assert card.get_attribute("data-mark") == shown["mark"]
    assert page.locator("#log li .mark").count() == len(
        [d for d in marked if d["number"] < shown["number"]]
    )
    if shown["best"] != shown["played"]:
        page.click("#show-played")
        page.wait_for_selector("#show-played.primary")
        page.click("#show-best")
        page.wait_for_selector("#show-best.primary")
    # clicking the graph moves through the game
    page.locator(".review-graph").click(position={"x": 1, "y": 20})
    page.wait_for_function("document.body.dataset.step === '0'")
    # explore from a position: a private table, played on as seat 0 against bots
    page.locator("#step").fill(str(shown["number"]))
    page.wait_for_function(f"document.body.dataset.step === '{shown['number']}'")
    page.click("#explore")
    page.wait_for_url("**/table/*", timeout=MOVE_TIMEOUT)
    page.wait_for_function("document.body.dataset.you === '0'", timeout=MOVE_TIMEOUT)
    assert page.locator("#analysis-note").is_visible()
    analysis = page.url.rsplit("/", 1)[1]
    state = httpx.get(f"{server.base}/api/tables/{analysis}").json()
    assert state["analysis_of"] == table and state["status"] == "playing"
    lobby = httpx.get(f"{server.base}/api/tables").json()["tables"]
    assert analysis not in [t["id"] for t in lobby]
    # the person plays on: once it is their turn (the bots may move first), one move
    page.wait_for_function("document.body.dataset.toMove === '0'", timeout=MOVE_TIMEOUT)
    token = page.evaluate(f"localStorage.getItem('leafpile.token.{analysis}')")
    auth = {"authorization": f"Bearer {token}"}
    mine = httpx.get(f"{server.base}/api/tables/{analysis}", headers=auth).json()
    body = {"table": analysis, "version": mine["version"], "action": mine["legal"][0]}
    moved = httpx.post(f"{server.base}/api/tables/{analysis}/actions", json=body, headers=auth)
    assert moved.status_code == 200, moved.text
    page.wait_for_function(f"Number(document.body.dataset.version) > {mine['version']}")
    context.close()
    if os.environ.get("LEAFPILE_SCREENSHOTS") and name in ("autumn", "undergrove"):
        take_screenshot(browser, server, name)


def take_screenshot(browser, server: ThreadServer, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    _, context, page = review_page(browser, server, name, {"width": 1280, "height": 800})
    page.screenshot(path=str(SHOTS / f"review-{name}.png"), full_page=True)
    context.close()
    if name == "autumn":
        _, phone, small = review_page(browser, server, name, {"width": 390, "height": 844})
        small.screenshot(path=str(SHOTS / "review-phone.png"), full_page=True)
        phone.close()
