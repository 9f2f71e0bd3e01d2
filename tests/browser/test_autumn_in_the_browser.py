"""Complete Autumn games played through the UI: a person against a bot, two people joined by
an invite link with a spectator watching, page reloads mid-game, and a phone-sized screen."""

from __future__ import annotations

import json
import random
import time

import pytest

from leafpile.engine import GameRecord
from leafpile.games import get_game
from leafpile.server.api.snapshots import snapshot
from tests.browser.helpers import MOVE_TIMEOUT, create_from_lobby, dataset
from tests.patience import HANG

#: The renderer has drawn the table: its card faces load after the first state has come, and
#: until then neither the spots nor the colour dialog are shown.
DRAWN = "document.querySelector('.autumn[data-phase]') !== null"


def is_my_turn(page) -> bool:
    return bool(
        page.evaluate(
            "(() => { const d = document.body.dataset; return d.status === 'playing' && "
            "d.you !== '' && d.you === d.toMove && !document.body.classList.contains('waiting')"
            f" && {DRAWN} }})()"
        )
    )


def wait_for_table(page) -> None:
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=MOVE_TIMEOUT)


def play_one(page, rng: random.Random) -> None:
    """Make one legal move using only what the page offers (dialog buttons, table spots)."""
    version = int(dataset(page, "version"))
    dialog = page.locator(".autumn-dialog:not([hidden]) .colour-choice")
    if dialog.count():
        dialog.nth(rng.randrange(dialog.count())).click()
    else:
        rotate = page.locator("#rotate")
        if rotate.is_enabled() and rng.random() < 0.5:
            rotate.click()
        spots = page.locator(".spot")
        n = spots.count()
        assert n > 0, "my turn but no legal spot is shown"
        spots.nth(rng.randrange(n)).click()
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {version}", timeout=MOVE_TIMEOUT
    )


def test_a_person_plays_a_bot_to_the_end_reloads_midway_and_replays(browser, live):
    rng = random.Random(1)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(page, live.base, "autumn")
    moves = 0
    while dataset(page, "status") != "finished":
        page.wait_for_function(
            "(() => { const d = document.body.dataset; return d.status === 'finished' || "
            "(d.you === d.toMove && !document.body.classList.contains('waiting')) })()",
            timeout=MOVE_TIMEOUT,
        )
        if dataset(page, "status") == "finished":
            break
        play_one(page, rng)
        moves += 1
        if moves == 6:  # reload mid-game: the seat token survives in the browser
            version = dataset(page, "version")
            page.reload()
            wait_for_table(page)
            assert dataset(page, "version") >= version and dataset(page, "you") == "0"
    assert moves >= 20  # three rounds of Autumn
    assert page.locator("#winner").is_visible()
    total = page.locator("[data-total]").all_inner_texts()
    snap = snapshot(live.manager.tables[table], 0)
    assert [float(t) for t in total] == snap["scores"]
    assert len(page.locator("#log li").all()) == snap["version"]

    # replay it step by step, and download the record
    page.click("text=Replay")
    page.wait_for_url("**/replay/*")
    page.wait_for_function("document.body.dataset.step !== undefined")
    assert int(dataset(page, "step")) == snap["version"]
    page.click("#first")
    assert dataset(page, "step") == "0"
    assert page.locator(".autumn-card").count() == 1 + 1  # start card + card in the hand
    page.click("#next")
    page.click("#next")
    assert dataset(page, "step") == "2"
    record_text = page.request.get(f"{live.base}/api/tables/{table}/record").text()
    record = GameRecord.from_json(record_text)
    assert record.final_state(get_game("autumn")).scores() == snap["scores"]
    assert errors == []
    context.close()


def test_two_people_by_invite_link_with_a_spectator(browser, live):
    rng = random.Random(2)
    ana = browser.new_context().new_page()
    bo = browser.new_context().new_page()
    eve = browser.new_context().new_page()
    errors: list[str] = []
    for p in (ana, bo, eve):
        p.on("pageerror", lambda e: errors.append(str(e)))
    create_from_lobby(ana, live.base, "autumn", ("open",), rounds="1")
    assert dataset(ana, "status") == "waiting"
    invite = ana.input_value("#invite-link")
    bo.goto(invite)
    wait_for_table(bo)
    bo.fill("#join-name", "Bo")
    bo.click("#join button[data-seat='1']")
    bo.wait_for_function("document.body.dataset.you === '1'", timeout=MOVE_TIMEOUT)
    ana.wait_for_function("document.body.dataset.status === 'playing'", timeout=MOVE_TIMEOUT)
    eve.goto(invite)
    wait_for_table(eve)
    assert dataset(eve, "you") == "" and eve.locator("#join").is_hidden()

    moves = 0
    while dataset(ana, "status") != "finished":
        mover = None
        deadline = time.monotonic() + HANG  # only a hang takes so long
        while True:
            mover = next((p for p in (ana, bo) if is_my_turn(p)), None)
            if mover is not None or dataset(ana, "status") == "finished":
                break
            assert time.monotonic() < deadline, "nobody's turn and the game goes on"
            ana.wait_for_timeout(25)
        if mover is None:
            break
        play_one(mover, rng)
        moves += 1
        if moves == 5:
            bo.reload()
            wait_for_table(bo)
            assert dataset(bo, "you") == "1"  # never shown as a spectator after a reload
        if moves % 4 == 0:  # the spectator never gets choices
            assert eve.locator(".spot").count() == 0
            assert eve.locator(".autumn-dialog:not([hidden])").count() == 0
    assert moves == 18  # one round: 17 placements and the colour choice
    for p in (ana, bo, eve):
        p.wait_for_function("document.body.dataset.status === 'finished'", timeout=MOVE_TIMEOUT)
    winner = ana.inner_text("#winner")
    assert bo.inner_text("#winner") == winner == eve.inner_text("#winner")
    names = eve.locator("#players .name").all_inner_texts()
    assert names == ["Ana", "Bo"]
    assert errors == []


def test_a_phone_sized_screen_places_by_tap_and_confirm(browser, live):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    create_from_lobby(page, live.base, "autumn", rounds="1")
    page.wait_for_function(
        "document.body.dataset.you === document.body.dataset.toMove", timeout=MOVE_TIMEOUT
    )
    version = int(dataset(page, "version"))
    if page.locator(".autumn-dialog:not([hidden])").count():
        page.locator(".colour-choice").first.tap()
    else:
        spot = page.locator(".spot").first
        action = spot.get_attribute("data-action")
        spot.tap()  # first tap: preview the card there
        assert page.locator(f"[data-ghost='{action}']").count() == 1
        assert dataset(page, "version") == str(version)
        page.locator("#place").tap()  # then confirm
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the table page must not scroll sideways on a phone"
    context.close()


def test_the_generic_renderer_offers_every_legal_action_as_a_button(browser, live):
    """A game without its own renderer gets the fallback: its view and one button per action."""
    page = browser.new_page()
    page.on("pageerror", lambda e: pytest.fail(str(e)))
    table = create_from_lobby(page, live.base, "autumn", rounds="1")
    page.goto(f"{live.base}/table/{table}?generic")
    wait_for_table(page)
    for _ in range(3):
        page.wait_for_function(
            "document.body.dataset.you === document.body.dataset.toMove", timeout=MOVE_TIMEOUT
        )
        snap = snapshot(live.manager.tables[table], 0)
        buttons = page.locator("button.action")
        assert buttons.all_inner_texts() == snap["legal"]
        assert json.loads(page.inner_text(".generic-view"))["placed"] == snap["view"]["placed"]
        version = snap["version"]
        buttons.last.click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    page.goto(live.base + "/")
    page.wait_for_selector(f"[data-table='{table}']")
    assert "Return" in page.inner_text(f"[data-table='{table}']")
    page.close()


def test_the_keyboard_places_a_card(browser, live):
    page = browser.new_page()
    page.on("pageerror", lambda e: pytest.fail(str(e)))
    create_from_lobby(page, live.base, "autumn", rounds="1")
    placed = 0
    while placed < 2:
        page.wait_for_function(
            "document.body.dataset.you === document.body.dataset.toMove "
            f"&& !document.body.classList.contains('waiting') && {DRAWN}",
            timeout=MOVE_TIMEOUT,
        )
        version = int(dataset(page, "version"))
        if page.locator(".autumn-dialog:not([hidden])").count():  # the colour choice first
            page.locator(".colour-choice").first.click()
            page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
            continue
        placed += 1
        page.keyboard.press("ArrowDown")  # selects a first legal spot
        page.keyboard.press("ArrowRight")
        ghost = page.locator("[data-ghost]").get_attribute("data-ghost")
        assert ghost in snapshot(live.manager.tables[dataset_table(page)], 0)["legal"]
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        assert live.manager.tables[dataset_table(page)].actions[version] == ghost
    page.close()


def dataset_table(page) -> str:
    return str(page.url.rsplit("/", 1)[-1])
