"""Undergrove at the sizes people play it (issue #26): the forest stays still while a turn's
small decisions follow one another; the arrow keys keep the chosen spot in sight; on a phone
the tiles' names are legible, the log is near the board, the How to play forest is whole; a
mushroom chosen this turn looks chosen, not greyed; a running score says what it is; a prompt
about another player never says "your"."""

from __future__ import annotations

import random

import pytest

from leafpile.games import get_game
from tests.browser.helpers import (
    MOVE_TIMEOUT,
    create_from_lobby,
    dataset,
    open_as,
    two_humans_at,
)
from tests.browser.test_undergrove_in_the_browser import wait_for_my_turn_or_the_end
from tests.server.live import ThreadServer

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
VERSION = "Number(document.body.dataset.version)"
# where the forest is on the screen (the page may scroll to keep it there)
FOREST_TOP = "document.querySelector('.ug-forest').getBoundingClientRect().top"


def grown(seed: int, moves: int, until) -> list[str]:
    """The actions of a game that grows its forest (tiles placed whenever it can) for at least
    `moves` decisions, then until `until(state)` holds with seat 0 to decide."""
    game = get_game("undergrove")
    state = game.new_state(2, seed=seed)
    rng = random.Random(seed)
    prefix: list[str] = []
    while not (len(prefix) >= moves and state.current_player == 0 and until(state)):
        legal = [str(a) for a in state.legal_actions()]
        growth = [a for a in legal if a.split()[0] in ("place", "reproduce", "partner")]
        action = rng.choice(growth if growth and rng.random() < 0.9 else legal)
        prefix.append(action)
        state.apply(next(a for a in state.legal_actions() if str(a) == action))
        assert not state.is_terminal()
    return prefix


def click_still(page, locator) -> tuple[float, float]:
    """Click `locator` with the mouse where it is, without the scroll a Playwright click may
    make first; the forest's place on the screen before and after the page's answer."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box
    version = int(dataset(page, "version"))
    before = page.evaluate(FOREST_TOP)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        f"{VERSION} > {version} || document.querySelector('.ug-selection') !== null",
        timeout=MOVE_TIMEOUT,
    )
    page.wait_for_function("!document.body.classList.contains('waiting')", timeout=MOVE_TIMEOUT)
    return before, page.evaluate(FOREST_TOP)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_forest_stays_still_through_an_absorb_turn(browser, tmp_path, size):
    """Every decision of an Absorb turn redraws the panel above the forest (what is asked, the
    choices, the hint): the forest stays where it is on the screen (it moved 145 px)."""
    seed = 3
    prefix = grown(seed, 0, lambda s: "absorb" in map(str, s.legal_actions()))
    srv = ThreadServer(f"sqlite:///{tmp_path / 'still.db'}").start()
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        table, tokens = two_humans_at(srv, "undergrove", seed, prefix)
        page = context.new_page()
        open_as(page, srv, table, tokens[0])
        wait_for_my_turn_or_the_end(page)
        moves = [click_still(page, page.locator(".ug-choices button[data-action='absorb']"))]
        while dataset(page, "toMove") == "0" and len(moves) < 14:
            wait_for_my_turn_or_the_end(page)
            if dataset(page, "toMove") != "0":
                break
            if page.locator(".ug-selection").count():  # narrowed: now the seedling to feed
                choice = page.locator(".ug-target.corner[data-action]").first
            else:  # the first choice offered, on the player's board, the panel or the forest
                choice = page.locator(
                    ".ug-player.mine .ug-clickable, .ug-choices button[data-action], "
                    ".ug-target[data-action], .ug-target.pick"
                ).first
            moves.append(click_still(page, choice))
        assert len(moves) >= 4, moves
        # the last one ends the turn: the next player's turn may move it
        for before, after in moves[:-1]:
            assert abs(after - before) <= 1, moves
    finally:
        context.close()
        srv.stop()


def test_the_arrow_keys_keep_the_chosen_spot_in_sight(browser, tmp_path):
    """In a grown forest taller than the screen, the spot the arrow keys reach is scrolled
    into view, clear of the sticky turn bar."""
    seed = 11
    prefix = grown(seed, 60, lambda s: any(str(a).startswith("place") for a in s.legal_actions()))
    srv = ThreadServer(f"sqlite:///{tmp_path / 'keys.db'}").start()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        table, tokens = two_humans_at(srv, "undergrove", seed, prefix)
        page = context.new_page()
        open_as(page, srv, table, tokens[0])
        wait_for_my_turn_or_the_end(page)
        page.evaluate("window.scrollTo(0, 0)")
        forest = page.locator(".ug-forest").bounding_box()
        assert forest and forest["y"] + forest["height"] > 800, "the forest must be taller"
        seen = 0
        for key in ["ArrowDown"] * 8 + ["ArrowRight"] * 4 + ["ArrowUp"] * 10 + ["ArrowLeft"] * 4:
            page.keyboard.press(key)
            hot = page.locator(".ug-target.hot")
            if not hot.count():
                continue
            box = page.evaluate(
                "(() => { const r = document.querySelector('.ug-target.hot')"
                ".getBoundingClientRect(); const f = document.querySelector('.ug-forest-wrap')"
                ".getBoundingClientRect(); const bar = document.querySelector('.turn-bar')"
                ".getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right, f.left, "
                "f.right, bar.bottom, innerHeight] })()"
            )
            top, bottom, left, right, frame_left, frame_right, bar, height = box
            assert top >= bar and bottom <= height, (key, box)
            assert left >= frame_left - 1 and right <= frame_right + 1, (key, box)
            seen += 1
        assert seen >= 10
    finally:
        context.close()
        srv.stop()


def test_a_phone_shows_legible_names_the_log_near_the_board_and_a_chosen_mushroom(
    browser, tmp_path
):
    seed = 5
    prefix = grown(
        seed, 12, lambda s: any(str(a).startswith("activate") for a in s.legal_actions())
    )
    srv = ThreadServer(f"sqlite:///{tmp_path / 'phone.db'}").start()
    context = browser.new_context(**PHONE)
    try:
        table, tokens = two_humans_at(srv, "undergrove", seed, prefix)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_as(page, srv, table, tokens[0])
        wait_for_my_turn_or_the_end(page)
        # the tiles' names: 11 px or more on the screen (they were about 7)
        sizes = page.evaluate(
            "[...document.querySelectorAll('.ug-forest .ug-tile-name')].map(t => "
            "parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a)"
        )
        assert sizes and min(sizes) >= 11, sizes
        # the log: right under the turn bar, its newest line on the first screen (it was
        # three screens below the board), the whole log one tap away
        newest = page.locator("#log li").last
        assert newest.is_visible()
        box = newest.bounding_box()
        assert box and box["y"] + box["height"] <= 844 / 2, box
        forest = page.locator(".ug-forest").bounding_box()
        assert forest and box["y"] < forest["y"]
        page.locator("#log-toggle").tap()
        assert page.get_attribute("#log-toggle", "aria-expanded") == "true"
        assert page.locator("#log li").first.is_visible() or page.evaluate(
            "document.getElementById('log').scrollHeight > document.getElementById('log')"
            ".clientHeight"
        )
        page.locator("#log-toggle").tap()
        # the running score says it is one if the game ended now
        assert "if the game ended now" in page.inner_text(".ug-player.mine")
        # a mushroom activated this turn is marked as chosen, not greyed
        action = page.locator(".ug-choices button[data-action^='activate']").first
        wanted = action.get_attribute("data-action") or ""
        version = int(dataset(page, "version"))
        action.tap()
        if page.locator("#ug-confirm").count():
            page.locator("#ug-confirm").tap()
        page.wait_for_function(f"{VERSION} > {version}", timeout=MOVE_TIMEOUT)
        if dataset(page, "toMove") == "0":
            tile = page.locator(f".ug-tile[data-tile='{wanted.split()[1]}']")
            assert "activated" in (tile.get_attribute("class") or "")
            assert "activated this turn" in (tile.text_content() or "")
            fill = tile.locator(".ug-tile-bg").evaluate("e => getComputedStyle(e).fill")
            assert fill in ("rgb(246, 238, 219)", "rgb(233, 220, 184)"), fill  # not greyed
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert errors == []
    finally:
        context.close()
        srv.stop()


def test_the_log_stays_beside_the_board_on_a_wide_screen(browser, live):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    create_from_lobby(page, live.base, "undergrove", first_player="0")
    assert page.locator("#side #log-panel").count() == 1
    assert not page.locator("#log-toggle").is_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("document.querySelector('#board #log-panel') !== null")
    assert page.locator("#log-toggle").is_visible()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("document.querySelector('#side #log-panel') !== null")
    page.close()


def test_the_how_to_play_forest_fits_a_phone(browser, live):
    """A How to play picture cannot be scrolled: its forest was cut at the right."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live.base + "/rules/undergrove")
    page.wait_for_selector(".rule-picture .ug-forest")
    frames = page.evaluate(
        "[...document.querySelectorAll('.rule-picture .ug-forest-wrap')].map(w => "
        "[w.scrollWidth, w.clientWidth, w.querySelector('.ug-forest').getBoundingClientRect()"
        ".right, w.getBoundingClientRect().right])"
    )
    assert frames
    for scroll, client, svg_right, frame_right in frames:
        assert scroll <= client and svg_right <= frame_right, frames
    context.close()


def test_a_bots_turn_is_told_in_the_third_person(browser, live):
    """While the bot decides, the page says what it is doing about it ("their"), never "your"."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    create_from_lobby(page, live.base, "undergrove", seats=("bot:random",), first_player="1")
    page.wait_for_function("document.querySelector('.ug-prompt') !== null", timeout=MOVE_TIMEOUT)
    seen = []
    for _ in range(60):
        if dataset(page, "toMove") == "0" or dataset(page, "status") == "finished":
            break
        text = page.inner_text(".ug-decision")
        seen.append(text)
        page.wait_for_timeout(50)
    wait_for_my_turn_or_the_end(page)
    lines = page.locator("#log li").all_inner_texts()
    for text in seen + lines:
        words = f" {text.lower()} "
        assert " your " not in words and " you " not in words, text
    page.close()
