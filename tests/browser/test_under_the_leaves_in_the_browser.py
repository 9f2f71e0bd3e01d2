"""Under the Leaves played through its renderer: a complete game against a bot by clicks only
(tiles from the market, turns and flips, legal spots, Collector and Friendly choices), a reload
mid-game, the replay step by step; a phone-sized screen with tap and confirm; the keyboard.
(The placement previews the page is given are checked without a browser in
tests/under_the_leaves/test_web.py.)

`LEAFPILE_SCREENSHOTS=1` also writes the README's mid-game screenshots
(docs/screenshots/under_the_leaves-desktop.png and -phone.png).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from leafpile.engine import GameRecord
from leafpile.games import get_game
from leafpile.server.api.snapshots import snapshot
from tests.browser.helpers import MOVE_TIMEOUT, create_from_lobby, dataset

GAME = "under-the-leaves"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
READY = (
    "(() => { const d = document.body.dataset; return d.status === 'finished' || "
    "(d.you === d.toMove && !document.body.classList.contains('waiting') && "
    "!document.querySelector('.utl[data-busy]')) })()"
)


#: The table page shows the table: the gardens are drawn.
TABLE = "document.body.dataset.version !== undefined && document.querySelector('.utl-garden')"


def wait_for_table(page) -> None:
    page.wait_for_function(TABLE, timeout=MOVE_TIMEOUT)


def anchor_gain(anchor) -> int:
    text = (anchor.text_content() or "").strip()
    return int(text.lstrip("+")) if text else 0


def play_one(page, rng: random.Random, best: bool = False) -> str:
    """One decision through what the page shows: a highlighted space for a figure, or a market
    tile, maybe turned and flipped, placed on a highlighted spot. With `best`, the spot and
    orientation that bring the most. Returns what was done."""
    version = int(dataset(page, "version"))
    spaces = page.locator(".utl-choice")
    if spaces.count():
        spaces.nth(rng.randrange(spaces.count())).click()
        done = "choice"
    else:
        tiles = page.locator(".utl-market-tile:not([disabled])")
        if tiles.count():  # (after a reload mid-turn the tile may be taken already)
            tiles.nth(rng.randrange(tiles.count())).click()
        if best:
            found = (-1, 0, 0)
            for o in range(8):
                page.click(f".utl-orient[data-o='{o}']")
                for i, anchor in enumerate(page.locator(".utl-anchor").all()):
                    if (gain := anchor_gain(anchor)) > found[0]:
                        found = (gain, o, i)
            page.click(f".utl-orient[data-o='{found[1]}']")
            spot = page.locator(".utl-anchor").nth(found[2])
        else:
            for _ in range(rng.randrange(4)):
                page.click("#utl-rotate")
            if rng.random() < 0.5:
                page.click("#utl-flip")
            spots = page.locator(".utl-anchor")
            assert spots.count() > 0, "my turn but no legal spot is shown"
            spot = spots.nth(rng.randrange(spots.count()))
        spot.hover()
        assert page.locator("[data-ghost]").count() == 1  # the tile follows the pointer
        assert "Here:" in page.inner_text(".utl-preview")  # and says what it brings
        spot.click()
        done = "tile"
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {version}", timeout=MOVE_TIMEOUT
    )
    return done


def test_a_person_plays_a_bot_to_the_end_reloads_midway_and_replays(browser, live):
    rng = random.Random(4)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(
        page,
        live.base,
        GAME,
        ("bot:random",),
        drawn=TABLE,
        mushroom="collector",
        puddle="friendly",
        burly="true",
    )
    done: list[str] = []
    while dataset(page, "status") != "finished":
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        if dataset(page, "status") == "finished":
            break
        done.append(play_one(page, rng))
        if len(done) == 7:  # reload mid-game: the seat and the whole table come back
            version = dataset(page, "version")
            gardens = page.locator(".utl-garden .utl-space").count()
            page.reload()
            wait_for_table(page)
            assert int(dataset(page, "version")) >= int(version) and dataset(page, "you") == "0"
            assert page.locator(".utl-garden .utl-space").count() >= gardens
    assert done.count("tile") == 12  # every turn of the game, each one a take and a placement
    snap = snapshot(live.manager.tables[table], 0)
    assert page.locator("#winner").is_visible()
    assert "The game is over" in page.inner_text(".utl-task")
    totals = page.locator(".utl-score-table [data-total]").all_inner_texts()
    assert [float(t) for t in totals] == snap["scores"]
    assert page.locator(".utl-score-table tr.bonus").count() == 4  # 3 majorities and Burly
    assert len(page.locator("#log li").all()) == snap["version"]
    log = page.inner_text("#log")
    assert "Ana takes the " in log and "Ana places the " in log
    assert not re.search(r"\bt\d+\b|-?\d+,-?\d+r\d+|@-?\d", log)  # words, never notation
    # each space carries its terrain's mark, so sectors read without colour; chips and legend too
    spaces = page.locator(".utl-garden .utl-space")
    assert spaces.locator("rect[fill^='url(#utl-mark-']").count() == spaces.count()
    assert page.locator(".utl-chip").count() == page.locator(".utl-chip .utl-swatch").count()
    assert page.locator(".utl-legend .utl-swatch").count() == 6

    # the replay, step by step from the start to the end
    page.click("text=Replay")
    page.wait_for_url("**/replay/*")
    page.wait_for_function("document.body.dataset.step !== undefined")
    last = int(dataset(page, "step"))
    assert last == snap["version"]
    page.click("#first")
    assert dataset(page, "step") == "0"
    assert page.locator(".utl-garden").count() == 2
    assert page.locator(".utl-garden .utl-space").count() == 2 * 4  # the two starting tiles
    for step in range(1, last + 1):
        page.click("#next")
        assert dataset(page, "step") == str(step)
    assert page.locator(".utl-garden .utl-space").count() == 2 * 13 * 4
    assert "The game is over" in page.inner_text(".utl-task")
    record = GameRecord.from_json(page.request.get(f"{live.base}/api/tables/{table}/record").text())
    assert record.final_state(get_game(GAME)).scores() == snap["scores"]
    assert errors == []
    context.close()


def test_a_phone_sized_screen_places_by_tap_and_confirm(browser, live):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(page, live.base, GAME, ("bot:random",), drawn=TABLE)
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    version = int(dataset(page, "version"))
    page.locator(".utl-market-tile:not([disabled])").first.tap()
    page.locator("#utl-rotate").tap()
    page.locator("#utl-flip").tap()
    spot = page.locator(".utl-anchor").first
    spot.tap()  # first tap: the tile is shown there with what it brings, nothing is sent
    ghost = page.locator("[data-ghost]").get_attribute("data-ghost")
    assert ghost and ghost.endswith("r90m")  # turned right once, then flipped
    assert dataset(page, "version") == str(version)
    assert "Here:" in page.inner_text(".utl-preview")
    page.locator("#utl-place").tap()  # then confirm: the take and the placement
    page.wait_for_function(f"Number(document.body.dataset.version) >= {version + 2}")
    assert live.manager.tables[table].actions[version + 1] == ghost
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
    context.close()


def test_the_keyboard_takes_turns_and_places_a_tile(browser, live):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(page, live.base, GAME, ("bot:random",), drawn=TABLE)
    for turn in range(2):
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        version = int(dataset(page, "version"))
        if turn == 0:
            page.keyboard.press("2")  # the second market tile
        else:  # or clicked: Enter then places the tile, it does not press the button again
            page.locator(".utl-market-tile:not([disabled])").first.click()
        page.keyboard.press("ArrowDown")  # a first legal spot
        page.keyboard.press("ArrowRight")
        for key in ("r", "r", "f", "q"):  # all 8 orientations are reachable by keys
            page.keyboard.press(key)
        assert page.locator(".utl").get_attribute("data-orient") == "7"
        ghost = page.locator("[data-ghost]").get_attribute("data-ghost")
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.body.dataset.version) >= {version + 2}")
        assert live.manager.tables[table].actions[version + 1] == ghost
        if page.locator(".utl-choice").count():  # not with the default cards, but in case
            page.locator(".utl-choice").first.focus()
            page.keyboard.press("Enter")
    assert errors == []
    page.close()


@pytest.mark.skipif(not os.environ.get("LEAFPILE_SCREENSHOTS"), reason="LEAFPILE_SCREENSHOTS")
def test_take_the_readme_screenshots(browser, live):
    """A mid-game table against the greedy bot, the tile being tried over a spot that pays."""
    rng = random.Random(7)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    create_from_lobby(page, live.base, GAME, ("bot:greedy",), drawn=TABLE, burly="true")
    turns = 0
    while True:  # seven tiles placed, and a tile to take now (not a figure to place)
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        if turns >= 7 and not page.locator(".utl-choice").count():
            break
        turns += play_one(page, rng, best=True) == "tile"
    url = page.url
    page.locator(".utl-market-tile:not([disabled])").first.click()
    spots = page.locator(".utl-anchor.pays")
    (spots if spots.count() else page.locator(".utl-anchor")).first.hover()
    page.evaluate("window.scrollTo(0, 0)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "under_the_leaves-desktop.png"), full_page=True)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        storage_state=context.storage_state(),
    )
    small = phone.new_page()
    small.goto(url)
    wait_for_table(small)
    small.locator(".utl-market-tile:not([disabled])").first.tap()
    spots = small.locator(".utl-anchor.pays")
    (spots if spots.count() else small.locator(".utl-anchor")).first.tap()
    # the phone's width, from the market and the tile in hand down through every garden, taken
    # from the top of the page (scrolled down, the sticky turn bar would lie over the market)
    small.evaluate("window.scrollTo(0, 0)")
    box = small.evaluate(
        "(() => { const top = document.querySelector('.utl-market-panel').getBoundingClientRect();"
        " const end = document.querySelector('.utl-gardens').getBoundingClientRect();"
        " return {y: top.top + scrollY - 8, h: end.bottom - top.top + 16}; })()"
    )
    small.screenshot(
        path=str(SHOTS / "under_the_leaves-phone.png"),
        full_page=True,
        clip={"x": 0, "y": box["y"], "width": 390, "height": box["h"]},
    )
    phone.close()
    context.close()
