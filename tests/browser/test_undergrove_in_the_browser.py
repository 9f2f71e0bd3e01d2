"""Undergrove played through its renderer: a complete game against a bot by clicks only (the
forest's lit spots, the cards in hand, the tokens and resources on the player's board, the
buttons of the decision panel), a reload mid-game, the replay; a phone-sized screen with
tap-to-preview; the keyboard. Screenshots for the README with LEAFPILE_SCREENSHOTS=1."""

from __future__ import annotations

import os
import random
from pathlib import Path

import httpx
import pytest

from leafpile.engine import GameRecord
from leafpile.games import get_game
from leafpile.games.undergrove.scoring import tie_break
from leafpile.server.api.snapshots import snapshot
from tests.browser.helpers import (
    MOVE_TIMEOUT,
    create_from_lobby,
    dataset,
    open_as,
    two_humans_at,
)
from tests.server.live import ThreadServer

ROOT = Path(__file__).resolve().parents[2]
# What a player can click now: legal choices and the first half of two-click choices.
CLICKABLE = ".ug [data-action], .ug [data-pick]"
VERSION = "document.body.dataset.version"


def wait_for_table(page) -> None:
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=MOVE_TIMEOUT)


def wait_for_my_turn_or_the_end(page) -> None:
    page.wait_for_function(
        "(() => { const d = document.body.dataset; return d.status === 'finished' || "
        "(d.you === d.toMove && !document.body.classList.contains('waiting') "
        "&& document.querySelector('.ug-decision.mine') !== null) })()",
        timeout=MOVE_TIMEOUT,
    )


def visible_choices(page):
    """The drawn things that make or narrow a choice, visible now."""
    found = page.locator(CLICKABLE)
    return [found.nth(i) for i in range(found.count()) if found.nth(i).is_visible()]


def play_one(page, rng: random.Random, tap: bool = False) -> int:
    """Make one decision by clicking what the page draws (narrowing two-click choices first);
    returns the number of clicks."""
    version = int(dataset(page, "version"))
    for clicks in range(1, 12):
        options = visible_choices(page)
        assert options, "my turn, but nothing to click"
        target = options[rng.randrange(len(options))]
        if tap:
            target.tap()
            if int(dataset(page, "version")) == version and page.locator("#ug-confirm").count():
                page.locator("#ug-confirm").tap()
        else:
            target.click()
        # the page marks a sent action at once ("waiting"); a click that only narrowed the
        # choice sent nothing, and the next one chooses among what it left
        sent = f"document.body.classList.contains('waiting') || Number({VERSION}) > {version}"
        if page.evaluate(sent):
            page.wait_for_function(f"Number({VERSION}) > {version}", timeout=MOVE_TIMEOUT)
            return clicks
    raise AssertionError("eleven clicks made no decision")


def test_a_person_plays_a_bot_to_the_end_reloads_midway_and_replays(browser, live):
    rng = random.Random(4)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(page, live.base, "undergrove", first_player="0", round_limit="4")
    moves = 0
    while True:
        wait_for_my_turn_or_the_end(page)
        if dataset(page, "status") == "finished":
            break
        # what is asked is always said in words, never in notation
        prompt = page.inner_text(".ug-prompt")
        assert prompt.startswith("Your turn") and ">" not in prompt
        play_one(page, rng)
        moves += 1
        if moves == 8:  # reload mid-game: the seat and the table come back
            version = int(dataset(page, "version"))
            page.reload()
            wait_for_table(page)
            assert int(dataset(page, "version")) >= version and dataset(page, "you") == "0"
            assert page.locator(".ug-tile").count() >= 5
    assert moves >= 6
    snap = snapshot(live.manager.tables[table], 0)
    assert snap["status"] == "finished"
    # the final scoring: the breakdown's totals are the game's scores, with the winner named
    assert page.locator("#winner").is_visible()
    assert page.locator(".ug-scores.final").is_visible()
    totals = [float(page.inner_text(f"[data-total='{p}']")) for p in (0, 1)]
    assert totals == snap["scores"]
    assert page.locator(".ug-winner").is_visible()
    # the second tie-break in the rules' words, carbon absorbed: 3 per tree + seedlings' carbon
    state = live.manager.tables[table].state
    absorbed = [3 * t + c for t, c in (tie_break(state, p) for p in (0, 1))]
    second = page.locator(".ug-tie").nth(1)
    assert "carbon absorbed" in second.inner_text()
    assert [int(x) for x in second.locator("td").all_inner_texts()] == absorbed
    # the log is in words: one line per decision, names instead of P0/P1, no notation
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) == snap["version"]
    assert not any(" P0 " in f" {line} " or " P1 " in f" {line} " for line in lines)
    assert any(line.startswith("Ana ") for line in lines)

    # replay it step by step on the replay page, with the same renderer
    page.click("text=Replay")
    page.wait_for_url("**/replay/*")
    page.wait_for_function("document.body.dataset.step !== undefined")
    assert int(dataset(page, "step")) == snap["version"]
    assert page.locator(".ug-scores.final").is_visible()
    page.click("#first")
    assert dataset(page, "step") == "0"
    assert page.locator(".ug-tile").count() == 5  # the starting cross
    assert page.locator(".ug-piece").count() == 0
    page.click("#next")
    page.click("#next")
    assert dataset(page, "step") == "2"
    assert page.locator(".ug-piece.seedling").count() == 2  # the two first seedlings
    assert page.locator(CLICKABLE).count() == 0  # a replay offers no choices
    record_text = page.request.get(f"{live.base}/api/tables/{table}/record").text()
    record = GameRecord.from_json(record_text)
    assert record.final_state(get_game("undergrove")).scores() == snap["scores"]
    assert errors == []
    context.close()


def test_absorbing_is_a_guided_sequence_of_clicks(browser, live):
    """Absorb: the action, the carbon's tile then the seedling on the forest, then the token
    and the nutrients clicked on the player's own board while the panel says what is owed."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(page, live.base, "undergrove", first_player="0", round_limit="3")
    wait_for_my_turn_or_the_end(page)
    version = int(dataset(page, "version"))
    page.locator(".ug-target.corner").first.click()  # the first seedling
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    wait_for_my_turn_or_the_end(page)
    version = int(dataset(page, "version"))
    page.click(".ug-choices button[data-action='absorb']")
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    wait_for_my_turn_or_the_end(page)
    assert "Absorb 1 carbon" in page.inner_text(".ug-prompt")
    # first click: the tile with the carbon (it only narrows the choice)
    version = int(dataset(page, "version"))
    source = page.locator(".ug-target.tile.pick").first
    source.click()
    assert int(dataset(page, "version")) == version
    assert "now click the seedling" in page.inner_text(".ug-selection")
    # second click: the seedling, lit with the steps the way costs
    seedling = page.locator(".ug-target.corner[data-action]").first
    badge = seedling.text_content() or ""
    assert "step" in badge or "free" in badge
    wanted = seedling.get_attribute("data-action")
    seedling.click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    assert live.manager.tables[table].actions[version] == wanted
    # the payments: tokens and nutrients on Ana's own board, the debt said in words
    paid = 0
    while dataset(page, "toMove") == "0" and page.locator(".ug-owed").count():
        wait_for_my_turn_or_the_end(page)
        assert "Still to pay" in page.inner_text(".ug-owed")
        version = int(dataset(page, "version"))
        mine = page.locator(".ug-player.mine .ug-clickable")
        assert mine.count() > 0
        mine.first.click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        paid += 1
    assert paid >= 2  # the token and the nutrient, then the steps
    log = page.locator("#log li").all_inner_texts()
    assert any(line.startswith("Ana absorbs 1 C from ") for line in log)
    assert any("the carbon marker moves to space 1" in line for line in log)
    assert page.locator(".ug-space[data-space='1'] .ug-marker").count() >= 1
    assert errors == []
    page.close()


def test_a_phone_sized_screen_previews_a_tap_then_confirms(browser, live):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    create_from_lobby(page, live.base, "undergrove", first_player="0", round_limit="3")
    wait_for_my_turn_or_the_end(page)
    # the first decision: a seedling on an Earthlover corner, drawn as lit corners
    version = int(dataset(page, "version"))
    spot = page.locator(".ug-target.corner").first
    action = spot.get_attribute("data-action")
    spot.tap()  # first tap: preview
    assert page.locator(f"[data-ghost='{action}']").count() == 1
    assert dataset(page, "version") == str(version)
    page.locator("#ug-confirm").tap()  # then confirm
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    rng = random.Random(7)
    for _ in range(4):
        wait_for_my_turn_or_the_end(page)
        if dataset(page, "status") == "finished":
            break
        play_one(page, rng, tap=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the table page must not scroll sideways on a phone"
    assert errors == []
    context.close()


def test_the_keyboard_chooses_on_the_forest_and_in_the_panel(browser, live):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(page, live.base, "undergrove", first_player="0", round_limit="3")
    wait_for_my_turn_or_the_end(page)
    # arrows walk the lit corners of the Earthlover, Enter puts the seedling there
    version = int(dataset(page, "version"))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    ghost = page.locator("[data-ghost]").get_attribute("data-ghost")
    assert ghost in snapshot(live.manager.tables[table], 0)["legal"]
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    assert live.manager.tables[table].actions[version] == ghost
    # Tab reaches the action buttons; Enter presses the focused one
    wait_for_my_turn_or_the_end(page)
    version = int(dataset(page, "version"))
    button = page.locator(".ug-choices button").last
    button.focus()
    wanted = button.get_attribute("data-action")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    assert live.manager.tables[table].actions[version] == wanted
    assert errors == []
    page.close()


@pytest.mark.skipif(
    not os.environ.get("LEAFPILE_SCREENSHOTS"), reason="set LEAFPILE_SCREENSHOTS=1 to refresh"
)
def test_screenshots_for_the_readme(browser, live):
    """docs/screenshots/undergrove-{desktop,phone}.png: a mid-game table against a bot."""

    from leafpile.bots import make_bot
    from leafpile.engine import Rng

    game = get_game("undergrove")
    created = httpx.post(
        f"{live.base}/api/tables",
        json={
            "game": "undergrove",
            "players": 2,
            "options": {"first_player": "0"},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "medium"}],
            "sit": 0,
            "name": "Ana",
        },
    ).json()
    table, token = created["table"], created["token"]
    auth = {"authorization": f"Bearer {token}"}
    bot = make_bot("medium", game)
    rng = Rng(5)
    chooser = random.Random(5)
    live_table = live.manager.tables[table]
    decisions = 0
    while decisions < 120:
        snap = httpx.get(f"{live.base}/api/tables/{table}", headers=auth).json()
        if snap["status"] != "playing":
            break
        if snap["legal"]:
            if decisions > 55 and snap["extras"]["decision"] == "main":
                break
            # the bot's choices, but growing the forest whenever it can, for a fuller picture
            growth = [a for a in snap["legal"] if a.split()[0] in ("place", "reproduce", "partner")]
            if growth and chooser.random() < 0.8:
                action = chooser.choice(growth)
            else:
                action = str(bot.act(game.player_view(live_table.state, 0), rng))
            body = {"version": snap["version"], "action": action}
            httpx.post(f"{live.base}/api/tables/{table}/actions", json=body, headers=auth)
            decisions += 1
    for name, viewport, mobile in (
        ("desktop", {"width": 1280, "height": 900}, False),
        ("phone", {"width": 390, "height": 844}, True),
    ):
        context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile)
        page = context.new_page()
        page.goto(live.base + "/")
        page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
        page.goto(f"{live.base}/table/{table}")
        wait_for_my_turn_or_the_end(page)
        page.wait_for_timeout(300)
        out = ROOT / "docs" / "screenshots" / f"undergrove-{name}.png"
        if mobile:  # the first two screens: what is asked, the forest and the players' boards
            bottom = page.evaluate(
                "document.querySelector('.ug-players').getBoundingClientRect().bottom + scrollY"
            )
            clip = {"x": 0, "y": 0, "width": 390, "height": bottom + 8}
            page.screenshot(path=str(out), full_page=True, clip=clip)
        else:
            page.screenshot(path=str(out), full_page=True)
        context.close()


def test_a_phone_confirms_an_absorb_turn_once(browser, tmp_path):
    """On a phone each tap of a decision that may be taken back acts at once (as a click does
    on a desktop; Undo takes it back); only the one that ends the turn asks to be confirmed.
    An Absorb turn of five decisions takes six taps (it took two taps each)."""

    game = get_game("undergrove")
    seed = 3
    state = game.new_state(2, seed=seed)
    prefix: list[str] = []
    while not (state.current_player == 0 and "absorb" in map(str, state.legal_actions())):
        action = next(a for a in state.legal_actions() if str(a) != "absorb")
        prefix.append(str(action))
        state.apply(action)
    srv = ThreadServer(f"sqlite:///{tmp_path / 'absorb.db'}").start()
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        table, tokens = two_humans_at(srv, "undergrove", seed, prefix)
        page = context.new_page()
        open_as(page, srv, table, tokens[0])
        wait_for_my_turn_or_the_end(page)
        taps, confirmed = 0, []  # per decision: whether it asked to be confirmed
        legal = ["absorb"]
        while dataset(page, "toMove") == "0":
            version = int(dataset(page, "version"))
            target = None
            for wanted in legal:  # the first choice drawn as a button
                found = page.locator(f".ug-decision [data-action='{wanted}']")
                shown = [found.nth(i) for i in range(found.count()) if found.nth(i).is_visible()]
                if shown:
                    target = shown[0]
                    break
            if target is None:  # only on the forest or in the folded list: unfold it
                page.locator(".ug-list summary").tap()
                taps += 1
                target = page.locator(f".ug-list [data-action='{legal[0]}']")
            target.tap()
            taps += 1
            sent = f"document.body.classList.contains('waiting') || Number({VERSION}) > {version}"
            page.wait_for_function(f"{sent} || !!document.querySelector('#ug-confirm')")
            confirmed.append(not page.evaluate(sent))
            if confirmed[-1]:
                page.locator("#ug-confirm").tap()  # previewed: this one asks to be confirmed
                taps += 1
            page.wait_for_function(f"Number({VERSION}) > {version}", timeout=MOVE_TIMEOUT)
            page.wait_for_function(
                "!document.body.classList.contains('waiting')", timeout=MOVE_TIMEOUT
            )
            auth = {"authorization": f"Bearer {tokens[0]}"}
            legal = httpx.get(f"{srv.base}/api/tables/{table}", headers=auth).json()["legal"]
        assert len(confirmed) >= 3  # absorb, its payments and steps, the end
        assert confirmed == [False] * (len(confirmed) - 1) + [True], confirmed  # once, at the end
    finally:
        context.close()
        srv.stop()
