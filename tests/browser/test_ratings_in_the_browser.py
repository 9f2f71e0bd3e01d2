"""Profiles and ratings through the pages: a person makes a profile in the lobby, plays a
short rated game against a bot, then finds both on the game's leaderboard and her rating
curve on her page."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from tests.browser.helpers import MOVE_TIMEOUT, dataset

ROOT = Path(__file__).resolve().parents[2]


def play_out_generic(page) -> None:
    """Play the first choice the generic renderer offers until the game ends."""
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=MOVE_TIMEOUT)
    for _ in range(200):
        if dataset(page, "status") == "finished":
            return
        page.wait_for_function(
            "document.body.dataset.status === 'finished' || ("
            "document.body.dataset.you === document.body.dataset.toMove && "
            "document.querySelector('button.action') !== null && "
            "!document.body.classList.contains('waiting'))",
            timeout=MOVE_TIMEOUT,
        )
        if dataset(page, "status") == "finished":
            return
        version = int(dataset(page, "version"))
        page.locator("button.action").first.click()
        page.wait_for_function(
            f"Number(document.body.dataset.version) > {version}", timeout=MOVE_TIMEOUT
        )
    raise AssertionError("the game did not end")


def test_a_rated_game_shows_on_the_leaderboard_and_the_players_page(browser, live):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(live.base + "/")
    page.fill("#name", "Ana")
    page.fill("#password", "correct horse")
    page.click("#create-profile")
    page.wait_for_selector("#signed-in")
    assert page.is_checked("#rated") and page.is_enabled("#rated")
    page.select_option("#visibility", "private")  # a private table is never rated
    assert not page.is_checked("#rated") and page.is_disabled("#rated")
    assert "private" in page.inner_text("#rated-note")
    page.select_option("#visibility", "public")
    assert page.is_checked("#rated") and page.is_enabled("#rated")
    page.select_option("#game", "autumn")
    page.select_option("#seat1", "bot:random")
    page.click("#options-box summary")
    page.select_option("[data-option=rounds]", "1")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=MOVE_TIMEOUT)
    assert "rated" in page.inner_text("#status")
    page.goto(page.url + "?generic")
    play_out_generic(page)
    assert page.locator(".player-link").first.inner_text().startswith("Ana")

    page.goto(live.base + "/")  # the lobby links to the leaderboards
    page.click("#board-links a[href='/leaderboard/autumn']")
    page.wait_for_selector("#board tbody tr", timeout=MOVE_TIMEOUT)
    rows = page.locator("#board tbody tr")
    assert sorted(rows.nth(i).get_attribute("data-player") for i in range(rows.count())) == [
        "Ana",
        "bot:random",
    ]
    page.click("#board a[href='/player/Ana']")
    page.wait_for_selector("#player-name")
    assert page.inner_text("#player-name") == "Ana"
    assert page.locator("figure.rating-curve svg.curve circle.dot").count() == 2  # start, 1 game
    axis = page.locator("figure.rating-curve svg.curve text.axis").all_text_contents()
    assert "1 rated game" in axis  # the axis counts the games it spans
    assert page.locator("#games .game-item").count() == 1
    replay = page.locator("#games .game-item a[href^='/replay/']")
    assert replay.count() == 1
    context.close()


@pytest.mark.skipif(
    not os.environ.get("LEAFPILE_SCREENSHOTS"), reason="set LEAFPILE_SCREENSHOTS=1 to refresh"
)
def test_screenshots_of_the_leaderboard_and_a_players_page(browser, live):
    """docs/screenshots/{leaderboard,player}[-phone].png after a few rated games."""
    http = httpx.Client(base_url=live.base)
    secrets = {
        name: http.post("/api/profiles", json={"name": name}).json()["secret"]
        for name in ("Ana", "Bo", "Chiara", "Dmitri")
    }
    for name, bot in [
        ("Ana", "random"),
        ("Bo", "easy"),
        ("Chiara", "random"),
        ("Ana", "easy"),
        ("Dmitri", "random"),
        ("Ana", "random"),
        ("Bo", "random"),
        ("Ana", "easy"),
    ]:
        body = {
            "game": "autumn",
            "players": 2,
            "options": {"rounds": 1},
            "sit": 0,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}],
            "rated": True,
            "profile": secrets[name],
            "name": name,
        }
        made = http.post("/api/tables", json=body).json()
        auth = {"authorization": f"Bearer {made['token']}"}
        while True:
            snap = http.get(f"/api/tables/{made['table']}", headers=auth).json()
            if snap["status"] == "finished":
                break
            if snap["legal"]:
                action = {"version": snap["version"], "action": snap["legal"][-1]}
                http.post(f"/api/tables/{made['table']}/actions", json=action, headers=auth)
    for mobile, suffix in [(False, ""), (True, "-phone")]:
        size = {"width": 390, "height": 844} if mobile else {"width": 1280, "height": 800}
        context = browser.new_context(viewport=size, is_mobile=mobile, device_scale_factor=1)
        page = context.new_page()
        page.goto(live.base + "/leaderboard/autumn")
        page.wait_for_selector("#board tbody tr")
        page.wait_for_timeout(300)
        page.screenshot(path=str(ROOT / "docs" / "screenshots" / f"leaderboard{suffix}.png"))
        page.goto(live.base + "/player/Ana")
        page.wait_for_selector("svg.curve")
        page.wait_for_timeout(300)
        out = ROOT / "docs" / "screenshots" / f"player{suffix}.png"
        page.screenshot(path=str(out), full_page=not mobile)
        context.close()
