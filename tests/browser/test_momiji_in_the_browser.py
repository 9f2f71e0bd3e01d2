"""Momiji played through its renderer: a complete 3-player game against two bots by clicks only
(display columns, the refresh button, hand cards chosen for a Play and confirmed, objectives,
landscapes, the compost and the hand limit as selections), a reload mid-game, the replay step
by step; a phone-sized screen with tap and confirm; the keyboard. (What the page is given, the
play tree and the words, is checked without a browser in tests/momiji/test_web.py.)

`LEAFPILE_SCREENSHOTS=1` also writes the README's mid-game screenshots
(docs/screenshots/momiji-desktop.png and -phone.png).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from leafpile.engine import GameRecord
from leafpile.games import get_game
from leafpile.games.momiji.components import KIND_NAMES
from leafpile.server.api.snapshots import snapshot
from tests.browser.helpers import MOVE_TIMEOUT, create_from_lobby, dataset
from tests.momiji.helpers import NOTATION

GAME = "momiji"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
READY = (
    "(() => { const d = document.body.dataset; return d.status === 'finished' || "
    "(d.you === d.toMove && !document.body.classList.contains('waiting') && "
    "!document.querySelector('.mj[data-busy]') && document.querySelector('.mj.my-turn')) })()"
)


#: The table page shows the table: its players' panels are drawn.
TABLE = "document.body.dataset.version !== undefined && document.querySelector('.mj-player')"
TWO_BOTS = ("bot:random", "bot:random")


def wait_for_table(page) -> None:
    page.wait_for_function(TABLE, timeout=MOVE_TIMEOUT)


def after(page, version: int) -> None:
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {version} && "
        "!document.querySelector('.mj[data-busy]') && "
        "!document.body.classList.contains('waiting')",
        timeout=MOVE_TIMEOUT,
    )


def click_any(page, selector: str, rng: random.Random) -> bool:
    found = page.locator(selector)
    if not found.count():
        return False
    found.nth(rng.randrange(found.count())).click()
    return True


def play_one(page, rng: random.Random, play_first: bool = False) -> str:
    """One step of a turn through what the page shows; returns what was done. With
    `play_first`, cards are played whenever the hand can (a game that must play some)."""
    version = int(dataset(page, "version"))
    phase = page.get_attribute(".mj", "data-phase")
    hand = page.locator(".mj-hand")
    if phase in ("compost", "discard", "sell"):
        least = int(hand.get_attribute("data-min") or 0)
        most = int(hand.get_attribute("data-max") or 0)
        for _ in range(least if phase != "sell" else rng.randint(least, most)):
            page.locator(".mj-hand-card.usable:not(.chosen)").first.click()
        page.click("#mj-confirm")
        after(page, version)
        return phase
    if phase == "draft":
        click_any(page, ".mj-draft button.mj-land", rng)
        after(page, version)
        return "draft"
    if phase in ("pick", "swap"):
        click_any(page, ".mj-pick:not([disabled])" if phase == "pick" else ".mj-swap", rng)
        after(page, version)
        return phase
    if phase in ("collect", "collect2"):
        stop = phase == "collect2" and rng.random() < 0.3
        if stop or not click_any(page, ".mj-column.takeable", rng):
            page.click("#mj-stop")
        after(page, version)
        return "collect"
    playable = page.locator(".mj-hand-card.usable")
    main_done = page.locator("#mj-end.primary").count() > 0 or phase == "play"
    r = rng.random()
    if phase == "turn" and r < 0.12 and page.locator("#mj-compost").count():
        page.click("#mj-compost")
        for _ in range(2):
            page.locator(".mj-hand-card.usable:not(.chosen)").first.click()
        page.click("#mj-confirm")
        after(page, version)
        return "compost"
    if phase == "turn" and r < 0.2 and click_any(page, "button.mj-land", rng):
        after(page, version)
        return "landscape"
    if not main_done or phase == "play":
        choices = []
        if page.locator(".mj-column.takeable").count():
            choices += ["collect"] * 3
        if playable.count():
            choices += ["play"] * 4
        if page.locator("button.mj-objective").count():
            choices += ["objective"]
        if page.locator("#mj-refresh").count():
            choices += ["refresh"]
        if page.locator("#mj-stop").count():
            choices += ["stop"]
        if choices:
            choice = "play" if play_first and "play" in choices else rng.choice(choices)
            if choice == "play":
                for _ in range(rng.randint(1, 3)):
                    cards = page.locator(".mj-hand-card.usable:not(.chosen)")
                    if not cards.count():
                        break
                    cards.nth(rng.randrange(cards.count())).click()
                assert page.locator(".mj-ghost").count() >= 1  # each card shown where it goes
                actions = page.get_attribute("#mj-confirm", "data-actions") or ""
                page.click("#mj-confirm")
                page.wait_for_function(
                    f"Number(document.body.dataset.version) >= {version + len(actions.split('|'))}"
                    " && !document.querySelector('.mj[data-busy]')",
                    timeout=MOVE_TIMEOUT,
                )
                return "play"
            selector = {
                "collect": ".mj-column.takeable",
                "objective": "button.mj-objective",
                "refresh": "#mj-refresh",
                "stop": "#mj-stop",
            }[choice]
            click_any(page, selector, rng)
            after(page, version)
            return choice
    assert page.locator("#mj-end").count(), (
        phase,
        page.inner_text(".mj-head"),
        page.inner_text(".mj-bar"),
    )
    page.click("#mj-end")
    after(page, version)
    return "end"


def test_a_person_plays_two_bots_to_the_end_reloads_midway_and_replays(browser, live):
    rng = random.Random(3)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(page, live.base, GAME, TWO_BOTS, drawn=TABLE, start_acorns="4")
    done: list[str] = []
    while dataset(page, "status") != "finished":
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        if dataset(page, "status") == "finished":
            break
        # the deal is the server's random one: play cards until some were, so the checks below
        # never depend on the luck of the deal
        done.append(play_one(page, rng, play_first="play" not in done))
        if len(done) == 12:  # reload mid-game: the seat and the whole table come back
            version = dataset(page, "version")
            piles = page.locator(".mj-pile").count()
            page.reload()
            wait_for_table(page)
            assert int(dataset(page, "version")) >= int(version) and dataset(page, "you") == "0"
            assert page.locator(".mj-pile").count() >= piles
        assert len(done) < 400
    assert done.count("end") >= 5 and "play" in done and "collect" in done
    snap = snapshot(live.manager.tables[table], 0)
    assert page.locator("#winner").is_visible()
    end_words = page.inner_text(".mj-task")
    assert end_words.startswith("The game is over: ")
    assert ("wins with" in end_words) == (len(snap["winners"]) == 1)
    totals = page.locator(".mj-score-table [data-total]").all_inner_texts()
    assert [float(t) for t in totals] == snap["scores"]
    assert len(page.locator("#log li").all()) == snap["version"]
    log = page.inner_text("#log")
    assert "Ana collects" in log or "Ana starts" in log
    assert not NOTATION.search(log), NOTATION.search(log)  # words, never notation

    # the replay, step by step from the start to the end
    page.click("text=Replay")
    page.wait_for_url("**/replay/*")
    page.wait_for_function("document.body.dataset.step !== undefined")
    last = int(dataset(page, "step"))
    assert last == snap["version"]
    page.click("#first")
    assert dataset(page, "step") == "0"
    assert page.locator(".mj-player").count() == 3
    assert page.locator(".mj-pile").count() == 0
    for step in range(1, last + 1):
        page.click("#next")
        assert dataset(page, "step") == str(step)
    assert page.inner_text(".mj-task") == end_words  # the same winner and points
    assert page.locator(".mj-hand-card, .mj-bar button").count() == 0  # nothing to click
    record = GameRecord.from_json(page.request.get(f"{live.base}/api/tables/{table}/record").text())
    assert record.final_state(get_game(GAME)).scores() == snap["scores"]
    assert errors == []
    context.close()


def test_a_phone_sized_screen_collects_and_plays_by_tap_and_confirm_in_french(browser, live):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.add_init_script("localStorage.setItem('leafpile.lang', 'fr')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(page, live.base, GAME, TWO_BOTS, drawn=TABLE, first_player="0")
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    assert "Choisissez votre action principale" in page.inner_text(".mj-task")
    version = int(dataset(page, "version"))
    column = page.locator(".mj-column.takeable").first
    action = column.get_attribute("data-action")
    column.tap()  # first tap: the choice is shown in words, nothing is sent
    assert page.locator("#mj-confirm").is_visible()
    assert "Collecter" in page.inner_text(".mj-bar")
    assert dataset(page, "version") == str(version)
    page.locator("#mj-confirm").tap()  # then confirm
    after(page, version)
    assert live.manager.tables[table].actions[version] == action
    while not page.locator("#mj-end").count():  # a discard after the collect, if any
        play_one(page, random.Random(1))
    version = int(dataset(page, "version"))
    page.locator("#mj-end").tap()
    page.locator("#mj-confirm").tap()
    after(page, version)
    # next turn: cards tapped in the hand go to their piles as ghosts, then one confirmation
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    while page.get_attribute(".mj", "data-phase") == "discard":  # over the hand limit
        play_one(page, random.Random(1))
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    if (
        page.get_attribute(".mj", "data-phase") == "turn"
        and page.locator(".mj-hand-card.usable").count()
    ):
        version = int(dataset(page, "version"))
        # on a phone the hand's cards overlap: tap the part that shows, the left edge
        page.locator(".mj-hand-card.usable").first.tap(position={"x": 8, "y": 30})
        assert page.locator(".mj-ghost").count() == 1
        actions = page.get_attribute("#mj-confirm", "data-actions") or ""
        assert dataset(page, "version") == str(version)
        page.locator("#mj-confirm").tap()
        page.wait_for_function(
            f"Number(document.body.dataset.version) >= {version + len(actions.split('|'))}"
        )
        assert live.manager.tables[table].actions[version:] == actions.split("|")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
    context.close()


def test_the_keyboard_plays_collects_and_ends_turns(browser, live):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(
        page,
        live.base,
        GAME,
        TWO_BOTS,
        drawn=TABLE,
        first_player="0",
        types="0,1,2,3,4",
        deck="1,14,28,5,20,51",
    )
    # a Play chosen by keys: arrows move between cards, Space picks, Esc clears, C confirms
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    page.locator(".mj-hand-card.usable").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(" ")
    assert page.locator(".mj-hand-card.chosen").count() == 1
    page.keyboard.press("Escape")
    assert page.locator(".mj-hand-card.chosen").count() == 0
    page.keyboard.press("Enter")  # the focus stays on the card: Enter picks it again
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.locator(".mj-hand-card.chosen").count() == 2
    actions = page.get_attribute("#mj-confirm", "data-actions") or ""
    version = int(dataset(page, "version"))
    page.keyboard.press("c")
    page.wait_for_function(
        f"Number(document.body.dataset.version) >= {version + len(actions.split('|'))}"
        " && !document.querySelector('.mj[data-busy]')"
    )
    assert live.manager.tables[table].actions[version:] == actions.split("|")
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    version = int(dataset(page, "version"))
    page.focus("#mj-end")
    page.keyboard.press("Enter")
    after(page, version)
    # next turn: Tab reaches the display's columns, arrows move between them, Enter collects
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    page.evaluate("document.activeElement.blur()")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.mj-column.takeable')"):
            break
    else:
        pytest.fail("Tab never reached a column of the display")
    if page.locator(".mj-column.takeable").count() > 1:
        page.keyboard.press("ArrowRight")
    action = page.evaluate("document.activeElement.dataset.action")
    version = int(dataset(page, "version"))
    page.keyboard.press("Enter")
    after(page, version)
    assert live.manager.tables[table].actions[version] == action
    assert errors == []
    page.close()


#: What a pointer may rest on during a turn: everything offered on the board and the bar.
OFFERED = (
    ".mj-column.takeable, .mj-hand-card.usable, #mj-refresh, button.mj-objective, "
    "button.mj-land, .mj-bar button"
)
#: How many different layouts of the display's columns, the hand and the element itself show
#: over six animation frames (1: nothing moves).
LAYOUTS = """async (target) => {
  const boxes = () => [target, ...document.querySelectorAll('.mj-column, .mj-hand')]
    .map((e) => { const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; })
    .join(' ');
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  await frame();
  await frame();
  const seen = new Set();
  for (let i = 0; i < 6; i++) {
    seen.add(boxes());
    await frame();
  }
  return seen.size;
}"""
#: Animations on the board that never end.
ENDLESS = (
    "document.getAnimations().filter((a) => a.effect?.target?.closest?.('.mj') && "
    "a.effect.getTiming().iterations === Infinity).length"
)


def assert_still_under_the_pointer(page) -> int:
    """With the pointer resting near the top and the bottom edge of each offered choice, the
    board does not move: a hover that shifts what is under the pointer (a lift, a hint that
    adds a line) would make it leave and come back every frame, and a moving target takes no
    click. Returns how many choices were tried."""
    assert page.evaluate(ENDLESS) == 0
    page.wait_for_function("document.getAnimations().length === 0", timeout=MOVE_TIMEOUT)
    offered = page.locator(OFFERED)
    for i in range(offered.count()):
        target = offered.nth(i)
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None
        for y in (1, 8, box["height"] - 8, box["height"] - 1):
            if not 0 < y < box["height"]:
                continue
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + y)
            layouts = target.evaluate(LAYOUTS)
            what = target.evaluate("e => e.outerHTML.slice(0, 120)")
            assert layouts == 1, f"{layouts} layouts with the pointer {y:.0f} px into {what}"
    return offered.count()


def test_the_board_stays_still_under_a_resting_pointer(browser, live):
    """Before the main action (columns, hand, bar) and after it, when the page has no advice
    line to replace with a hint (the bar's buttons, objectives, landscapes)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    create_from_lobby(page, live.base, GAME, TWO_BOTS, drawn=TABLE, first_player="0")
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    assert page.locator(".mj-column.takeable").count()
    assert assert_still_under_the_pointer(page) >= 3
    version = int(dataset(page, "version"))
    page.locator(".mj-column.takeable").first.click()
    after(page, version)
    while page.get_attribute(".mj", "data-phase") != "turn":  # over the hand limit
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        play_one(page, random.Random(2))
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    assert page.locator("#mj-end").count()
    assert assert_still_under_the_pointer(page) >= 1
    assert errors == []
    context.close()


def choose_a_mixed_play(page, how: str) -> None:
    """Choose two cards of different types when the hand allows it (else one or two)."""
    first = page.locator(".mj-hand-card.usable").first
    kind = first.get_attribute("data-kind") or ""
    getattr(first, how)(position={"x": 8, "y": 30})  # the left edge shows on a phone too
    other = page.locator(f".mj-hand-card.usable:not(.chosen):not([data-kind^='{kind[0]}'])")
    if not other.count():
        other = page.locator(".mj-hand-card.usable:not(.chosen)")
    if other.count():
        getattr(other.first, how)(position={"x": 8, "y": 30})


@pytest.mark.skipif(not os.environ.get("LEAFPILE_SCREENSHOTS"), reason="LEAFPILE_SCREENSHOTS")
def test_take_the_readme_screenshots(browser, live):
    """A mid-game table against two greedy bots, with two cards of a Play chosen and previewed.
    Pile sizes are shown and the objectives are ones the sizes settle, so every score is known
    (by the physical rule nobody may count a pile: scores stay partly secret until the end)."""
    rng = random.Random(11)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    create_from_lobby(
        page,
        live.base,
        GAME,
        ("bot:greedy", "bot:greedy"),
        drawn=TABLE,
        show_pile_sizes="true",
        objectives="1,7,8,10,11",  # most green, top cards' sum, closed, largest, acorns
    )
    turns = 0
    while True:
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        assert dataset(page, "status") == "playing", "the game ended before a good moment"
        usable = page.locator(".mj-hand-card.usable").count()
        phase = page.get_attribute(".mj", "data-phase")
        if turns >= 5 and phase == "turn" and usable >= 3 - turns // 4:
            break
        turns += play_one(page, rng) == "end"
    url = page.url
    choose_a_mixed_play(page, "click")
    page.add_style_tag(content=".mj-bar { position: static !important; }")  # in its place
    page.evaluate("window.scrollTo(0, 0)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "momiji-desktop.png"), full_page=True)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        storage_state=context.storage_state(),
    )
    small = phone.new_page()
    small.goto(url)
    wait_for_table(small)
    choose_a_mixed_play(small, "tap")
    small.add_style_tag(content=".mj-bar { position: static !important; }")
    small.evaluate("window.scrollTo(0, 0)")
    # the phone's width, from what to do down through the scores (the log is the page's own)
    box = small.evaluate(
        "(() => { const top = document.querySelector('#turn').getBoundingClientRect();"
        " const end = document.querySelector('.mj-note').getBoundingClientRect();"
        " return {y: top.top + scrollY - 4, h: end.bottom - top.top + 12}; })()"
    )
    small.screenshot(
        path=str(SHOTS / "momiji-phone.png"),
        full_page=True,
        clip={"x": 0, "y": box["y"], "width": 390, "height": box["h"]},
    )
    phone.close()
    context.close()


# -- no browser: what the page is given ------------------------------------------------------------
def test_a_mixed_play_shows_its_harvest_and_a_landscape_swaps_two_piles(browser, live):
    """Scripted cards: Ana's hand holds G0R and Y0L. Chosen in that order they make a row of
    two piles whose touching acorns harvest 2 (shown before confirming); then her landscape
    "Swap piles" (R3) swaps them."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(
        page,
        live.base,
        GAME,
        TWO_BOTS,
        drawn=TABLE,
        first_player="0",
        types="0,1,2,3,4",
        deck="1,14,28,5,20,51",  # G0R Y0L O0L G1L Y1R R2
        landscape_tiles="3,6,12,0,5,10,1,7,11",  # Ana: L4 C2 R3
    )
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    page.click(".mj-hand-card[data-kind='G0R']")
    page.click(".mj-hand-card[data-kind='Y0L']")
    assert page.get_attribute("#mj-confirm", "data-actions") == "G0R|Y0L>|stop"
    assert "the harvest brings 2 acorns" in page.inner_text(".mj-plan")
    assert page.locator(".mj-harvest").count() == 1  # between the two new piles
    page.click(".mj-pile.fresh .mj-side")  # the yellow pile goes to the left end instead
    assert page.get_attribute("#mj-confirm", "data-actions") == "G0R|<Y0L|stop"
    assert "no neighbouring acorns" in page.inner_text(".mj-plan")
    page.click(".mj-pile.fresh .mj-side")  # and back
    version = int(dataset(page, "version"))
    page.click("#mj-confirm")
    page.wait_for_function(f"Number(document.body.dataset.version) >= {version + 3}")
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    assert page.locator(".mj-player.me [data-acorns='4']").count() == 1  # 2 + the harvest
    assert [t.get_attribute("data-type") for t in page.locator(".mj-player.me .mj-pile").all()] == [
        "G",
        "Y",
    ]
    version = int(dataset(page, "version"))
    page.click("button.mj-land[data-land='R3']")
    after(page, version)
    assert page.get_attribute(".mj", "data-phase") == "swap"
    version = int(dataset(page, "version"))
    page.click(".mj-swap")
    after(page, version)
    assert [t.get_attribute("data-type") for t in page.locator(".mj-player.me .mj-pile").all()] == [
        "Y",
        "G",
    ]
    assert page.locator(".mj-player.me .mj-land.used[data-land='R3']").count() == 1
    log = page.inner_text("#log")
    assert "Ana ends the play — the acorn harvest brings 2 acorns" in log
    assert "Ana swaps two neighbouring piles: green leaves and yellow leaves" in log
    assert live.manager.tables[table].actions[:5] == ["G0R", "Y0L>", "stop", "land R3", "swap 1"]
    assert errors == []
    page.close()


def test_a_bots_cards_taken_from_the_display_show_face_up_in_its_panel(browser, live):
    """Perfect recall: what the bot collected from the display is drawn face up in its panel
    (faded with a "?" once a face-down discard may have taken it), a back for each other card,
    exactly as the view the server sends remembers it."""
    rng = random.Random(8)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    table = create_from_lobby(page, live.base, GAME, ("bot:greedy",), drawn=TABLE)
    known = page.locator(".mj-player:not(.me) .mj-known:not(.back)")
    for _ in range(60):
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        if known.count():
            break
        play_one(page, rng)
    assert known.count(), "the bot never collected from the display"
    snap = snapshot(live.manager.tables[table], 0)
    view = snap["view"]
    shown = sorted(known.evaluate_all("els => els.map(e => e.dataset.kind)"))
    remembered = sorted(KIND_NAMES[k] for k in view["known"][1])[: len(view["hands"][1])]
    assert shown == remembered
    cards = page.locator(".mj-player:not(.me) .mj-known")
    assert cards.count() == len(view["hands"][1])  # the rest as backs
    if os.environ.get("LEAFPILE_SCREENSHOTS"):
        page.screenshot(path="/tmp/momiji-remembered.png", full_page=True)
    context.close()
