"""A game won on a tie-break says so: Under the Leaves' last step names the tie-break
(hummingbirds, then bees) in the replay, where it used to say "share the victory" with nobody
named (the replay gave the renderer no winners). The replay's answer is edited on its way to
the page so that the finished game is a tie on points won by seat 0."""

from __future__ import annotations

import json
import os

import pytest

from tests.browser.helpers import bot_game

pytestmark = pytest.mark.browser


def _tied(route) -> None:
    """The replay as served, with a tie on points at the end won by seat 0."""
    data = route.fetch().json()
    last = data["steps"][-1]
    top = max(s["total"] for s in last["extras"]["scores"])
    for s in last["extras"]["scores"]:
        s["total"] = top
    last["scores"] = [top] * len(last["scores"])
    data["winners"] = [0]
    route.fulfill(json=data)


def test_a_tie_break_win_names_the_tie_break_in_the_replay(browser, live):
    table, _ = bot_game(live.base, "under-the-leaves")
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.route("**/api/tables/*/replay*", _tied)
    page.goto(f"{live.base}/replay/{table}")
    page.wait_for_function("document.body.dataset.step !== undefined")
    task = page.inner_text(".utl-task")
    # the tie-break that decided it, by the real game's counts (hummingbirds, then bees)
    assert "tied at" in task and "hummingbird" in task and " wins " in task, task
    assert "share the victory" not in task


def test_a_tie_break_win_says_so_under_the_table(browser, live):
    table, _ = bot_game(live.base, "under-the-leaves")
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()

    def handler(ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: server.send(m))

        def down(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "state" and data.get("status") == "finished":
                top = max(data["scores"])
                data["scores"] = [top] * len(data["scores"])
                data["winners"] = [0]
            ws.send(json.dumps(data))

        server.on_message(down)

    page.route_web_socket("**/ws/**", handler)
    page.goto(f"{live.base}/table/{table}")
    page.wait_for_selector("#winner")
    text = page.inner_text("#winner")
    assert "wins on the tie-break" in text and "Tied at" in text, text


def _decided(hummingbirds: tuple[int, int], bees: tuple[int, int]):
    """The replay as served, tied on points at the end, seat 0 the winner with these counts of
    hummingbirds and bees for seats 0 and 1 (the final scores show them)."""

    def edit(route) -> None:
        data = route.fetch().json()
        last = data["steps"][-1]
        scores = last["extras"]["scores"]
        top = max(s["total"] for s in scores)
        for p, s in enumerate(scores):
            s["total"] = top
            s["hummingbirds"], s["bees"] = hummingbirds[p], bees[p]
        last["scores"] = [top] * len(last["scores"])
        data["winners"] = [0]
        route.fulfill(json=data)

    return edit


@pytest.mark.parametrize(
    ("size", "hummingbirds", "bees", "words"),
    [
        ((1280, 800), (3, 2), (4, 6), "wins with more hummingbirds (3 to 2)"),
        ((390, 844), (2, 2), (6, 5), "tied at {n} points and on hummingbirds (2)"),
    ],
)
def test_the_last_step_gives_the_tie_break_that_decided_it(
    browser, live, size, hummingbirds, bees, words
):
    """Not "hummingbirds, then bees" whichever decided: the one that did, with its counts."""
    table, _ = bot_game(live.base, "under-the-leaves")
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.route("**/api/tables/*/replay*", _decided(hummingbirds, bees))
    page.goto(f"{live.base}/replay/{table}")
    page.wait_for_function("document.body.dataset.step !== undefined")
    task = page.inner_text(".utl-task")
    top = page.locator("[data-total='0']").inner_text()
    if os.environ.get("LEAFPILE_LOOK"):  # a screenshot to look at, where it names a folder
        page.screenshot(path=os.path.join(os.environ["LEAFPILE_LOOK"], f"tie-{size[0]}.png"))
    assert words.format(n=top) in task, task
    if hummingbirds[0] == hummingbirds[1]:
        assert "wins with more bees (6 to 5)" in task, task
    assert "then bees" not in task
    page.context.close()
