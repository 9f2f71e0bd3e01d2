"""Autumn's end of a round as a player sees it: after the round's last card, its final layout
stays on screen with each colour's largest area outlined and the round's scores and the match
so far in words (not hidden at once under the next round's start card), at the table until
the player hides it and as a step of the replay; the log says the scores; the colour choice
never covers the table it depends on."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.helpers import MOVE_TIMEOUT, dataset
from tests.server.live import ThreadServer

pytestmark = pytest.mark.browser

SEED = 11
DRAWN = "document.querySelector('.autumn[data-phase]') !== null"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
NAMES = {1280: "desktop", 390: "phone"}


@pytest.fixture
def seeded(tmp_path) -> Iterator[ThreadServer]:
    srv = ThreadServer(f"sqlite:///{tmp_path / 'autumn.db'}").start()  # client seeds allowed
    try:
        yield srv
    finally:
        srv.stop()


def _table(srv: ThreadServer) -> tuple[str, list[str]]:
    body = {
        "game": "autumn",
        "players": 2,
        "options": {"rounds": 3},
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "sit": 0,
        "name": "Ana",
        "seed": SEED,
    }
    made = httpx.post(srv.base + "/api/tables", json=body).json()
    joined = httpx.post(f"{srv.base}/api/tables/{made['table']}/seats", json={"name": "Bo"})
    return made["table"], [made["token"], joined.json()["token"]]


def _snap(srv: ThreadServer, table: str, token: str) -> dict[str, Any]:
    auth = {"authorization": f"Bearer {token}"}
    return dict(httpx.get(f"{srv.base}/api/tables/{table}", headers=auth).json())


def _play_until(srv: ThreadServer, table: str, tokens: list[str], done) -> dict[str, Any]:
    """Play legal actions (chosen by a seeded draw) over the API until `done(snapshot of the
    mover)`."""
    rng = random.Random(SEED)
    while True:
        snap = _snap(srv, table, tokens[0])
        mover = _snap(srv, table, tokens[snap["to_move"]])
        if done(mover):
            return mover
        auth = {"authorization": f"Bearer {tokens[mover['to_move']]}"}
        act = {"version": mover["version"], "action": rng.choice(mover["legal"])}
        r = httpx.post(f"{srv.base}/api/tables/{table}/actions", json=act, headers=auth)
        assert r.status_code == 200, r.text


def _open(browser, srv: ThreadServer, table: str, token: str, size: dict[str, int]):
    page = browser.new_page(viewport=size)
    page.goto(f"{srv.base}/table/{table}")
    page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
    page.reload()
    page.wait_for_function(DRAWN, timeout=MOVE_TIMEOUT)
    return page


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_the_last_card_of_a_round_leaves_its_layout_and_scores_on_screen(browser, seeded, size):
    table, tokens = _table(seeded)
    last = _play_until(seeded, table, tokens, lambda s: len(s["view"]["deck"]) == 0)
    seat = last["to_move"]
    page = _open(browser, seeded, table, tokens[seat], size)
    try:
        version = int(dataset(page, "version"))
        page.locator(".spot").first.click()  # the round's last card
        if page.locator("#place:not([hidden])").count():
            page.locator("#place").click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        summary = page.locator(".autumn-round-end")
        summary.wait_for(state="visible", timeout=MOVE_TIMEOUT)
        after = _snap(seeded, table, tokens[seat])
        scores = after["view"]["round_scores"][0]
        red_player = after["view"]["round_red"][0]
        names = ["Ana", "Bo"]
        words = summary.inner_text()
        assert "Round 1 is over" in words
        assert f"{names[red_player]} scores {scores[red_player]}" in words
        assert f"{names[1 - red_player]} scores {scores[1 - red_player]}" in words
        assert f"Ana {scores[0]}, Bo {scores[1]}" in words  # the match so far
        # the round's 18 cards as they lay, the scoring areas outlined cell by cell
        assert summary.locator(".autumn-card").count() == 18
        assert summary.locator(".scored.red").count() == scores[red_player]
        assert summary.locator(".scored.yellow").count() == scores[1 - red_player]
        assert page.locator(".autumn-table .autumn-card").count() == 1  # the next round's start
        line = page.locator("#log li").last.inner_text()
        assert "round 1 ends" in line and f"scores {scores[red_player]}" in line
        if os.environ.get("LEAFPILE_SCREENSHOTS"):
            page.screenshot(path=str(SHOTS / f"autumn-round-end-{NAMES[size['width']]}.png"))
        box = summary.bounding_box()
        assert box is not None and box["width"] <= size["width"]
        page.locator("#autumn-round-hide").click()
        assert summary.is_hidden()

        # a step of the replay: the one after the round's last card
        step = after["version"]
        page.goto(f"{seeded.base}/replay/{table}")
        page.wait_for_function("document.body.dataset.step !== undefined")
        page.locator("#step").fill(str(step))
        page.wait_for_function(f"document.body.dataset.step === '{step}'")
        assert "Round 1 is over" in page.locator(".autumn-round-end").inner_text()
        page.locator("#step").fill(str(step - 1))
        page.wait_for_function(f"document.body.dataset.step === '{step - 1}'")
        assert page.locator(".autumn-round-end").is_hidden()
    finally:
        page.close()


def test_the_colour_choice_leaves_the_table_in_sight(browser, seeded):
    table, tokens = _table(seeded)
    chooser = _play_until(seeded, table, tokens, lambda s: s["view"]["phase"] == "colour")
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page = _open(browser, seeded, table, tokens[chooser["to_move"]], size)
        try:
            choice = page.locator(".autumn-dialog .colour-choice").first
            choice.wait_for(state="visible")
            ask = page.locator(".autumn-dialog").bounding_box()
            board = page.locator(".autumn-table").bounding_box()
            assert ask is not None and board is not None
            apart = (
                ask["y"] + ask["height"] <= board["y"] or board["y"] + board["height"] <= ask["y"]
            )
            assert apart, (ask, board)  # the table is not under the question
            # what is at the table's centre is the table, not a veil over it
            x, y = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
            page.evaluate(f"window.scrollTo(0, {max(0, y - size['height'] / 2)})")
            board = page.locator(".autumn-table").bounding_box()
            x, y = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
            hit = page.evaluate(f"!!document.elementFromPoint({x}, {y})?.closest('.autumn-table')")
            assert hit
        finally:
            page.close()
