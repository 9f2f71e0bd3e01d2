"""Two people play a private Autumn table with a real-time clock to the end: it is made in the
lobby's form, never listed (page or API), the clocks tick, one player runs out of time and a
bot plays on for him until he takes his seat back; the record says who played which part.

The server's clock is the real time plus an offset the test moves on, so a five-minute bank
runs out at once instead of after five minutes."""

from __future__ import annotations

import asyncio
import os
import random
import time
from pathlib import Path

import httpx

from tests.browser.helpers import MOVE_TIMEOUT, dataset
from tests.browser.test_autumn_in_the_browser import is_my_turn, play_one
from tests.patience import HANG, READ
from tests.server.live import ThreadServer

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _lobby_ids(base: str) -> set[str]:
    return {t["id"] for t in httpx.get(base + "/api/tables").json()["tables"]}


async def _bot_moves_now(srv: ThreadServer, table_id: str) -> None:
    """The waiting stand-in moves at once (in the server's loop): its wait is cut short."""
    table = srv.manager.get(table_id)
    task = table.bot_task
    if task is not None:
        task.cancel()
        await asyncio.wait([task])
    srv.manager.seat_bots.delay = 0.0
    srv.manager.seat_bots.schedule(table)


def _play_until(pages, rng: random.Random, done) -> None:
    """Whoever's turn it is plays, through the page, until `done()`."""
    deadline = time.monotonic() + HANG
    while not done():
        assert time.monotonic() < deadline, "the game did not move on"
        for page in pages:
            if is_my_turn(page) and dataset(page, "standIn") == "" and not done():
                play_one(page, rng)
        time.sleep(0.05)


def test_a_private_table_with_a_clock_a_timeout_a_stand_in_and_a_comeback(browser, tmp_path):
    offset = [0.0]
    srv = ThreadServer(
        f"sqlite:///{tmp_path / 'clocks.db'}",
        allow_client_seed=False,
        now=lambda: time.time() + offset[0],
    ).start()
    rng = random.Random(7)
    errors: list[str] = []
    try:
        ana = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        ana.on("pageerror", lambda e: errors.append(str(e)))
        ana.goto(srv.base + "/")
        ana.fill("#name", "Ana")
        ana.wait_for_selector("#seat1")
        ana.select_option("#game", "autumn")
        ana.select_option("#seat1", "open")
        ana.select_option("#visibility", "private")
        ana.select_option("#clock", "realtime:300:3")
        ana.select_option("#replacement", "random")
        ana.click("#options-box summary")
        ana.select_option("[data-option=rounds]", "1")
        ana.select_option("[data-option=first_player]", "0")  # Ana moves first, whatever the seed
        ana.click("#create-button")
        ana.wait_for_url("**/table/*")
        table = ana.url.rsplit("/", 1)[-1]
        ana.wait_for_selector("#invite .private")
        assert table not in _lobby_ids(srv.base)

        bo = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        bo.on("pageerror", lambda e: errors.append(str(e)))
        bo.goto(f"{srv.base}/table/{table}")  # the invite link
        bo.fill("#join-name", "Bo")
        bo.click("#join button[data-seat='1']")
        bo.wait_for_function("document.body.dataset.you === '1'", timeout=MOVE_TIMEOUT)
        ana.wait_for_selector(".toast:has-text('Bo joined')", timeout=MOVE_TIMEOUT)
        ana.wait_for_selector("#players .clock.running", timeout=MOVE_TIMEOUT)
        ana.wait_for_function("document.title.startsWith('●')", timeout=MOVE_TIMEOUT)  # her turn
        first = ana.inner_text("#players .clock.running")
        ana.wait_for_function(
            f"document.querySelector('#players .clock.running').textContent !== {first!r}",
            timeout=MOVE_TIMEOUT,
        )  # it ticks
        if os.environ.get("LEAFPILE_SCREENSHOTS"):  # the README's clocked table, both sizes
            ana.screenshot(path=str(SHOTS / "clocks-desktop.png"))
            bo.evaluate("window.scrollTo(0, 0)")
            bo.screenshot(path=str(SHOTS / "clocks-phone.png"))
        play_one(ana, rng)
        ana.wait_for_function("!document.title.startsWith('●')", timeout=MOVE_TIMEOUT)

        # Bo's turn: he lets his clock run out; a random bot plays on for him. It waits first,
        # so both pages are seen while the bot is to move in Bo's seat.
        bo.wait_for_function("document.body.dataset.toMove === '1'", timeout=MOVE_TIMEOUT)
        srv.manager.seat_bots.delay = 3600.0
        offset[0] += 400
        keeper = srv.manager.timekeeper
        loop = keeper.task.get_loop()
        loop.call_soon_threadsafe(keeper.wake.set)
        bo.wait_for_function("document.body.dataset.standIn === 'random'", timeout=MOVE_TIMEOUT)
        bo.wait_for_selector("#come-back")
        # Bo is not told it is his turn: the bot plays it, and says so
        assert "mine" not in (bo.get_attribute("#turn", "class") or "")
        assert "random bot is playing your turn" in bo.inner_text("#turn")
        assert not bo.title().startswith("●")
        # Ana reads it in the log, beside Bo's name and in the turn line
        note = "Bo ran out of time: the random bot plays for them"
        ana.wait_for_selector(f"#log li.note:has-text('{note}')", timeout=MOVE_TIMEOUT)
        assert "random bot playing for Bo" in ana.inner_text("#players .player[data-seat='1']")
        assert "Bo (random bot playing) to play" in ana.inner_text("#turn")
        asyncio.run_coroutine_threadsafe(_bot_moves_now(srv, table), loop).result(READ)
        ana.wait_for_function("document.body.dataset.toMove === '0'", timeout=MOVE_TIMEOUT)
        ana.wait_for_selector("#log li.by-stand-in:has-text('(played by the random bot)')")
        ana.wait_for_function("!document.body.classList.contains('waiting')")
        play_one(ana, rng)  # Ana plays on against the stand-in
        bo.click("#come-back")  # Bo is back before the end, with his seat token
        bo.wait_for_function("document.body.dataset.standIn === ''", timeout=MOVE_TIMEOUT)
        ana.wait_for_selector("#log li.note:has-text('Bo is back and plays again')")
        ana.wait_for_function(
            "!document.querySelector('#players .player[data-seat=\\'1\\'] .stand-in-mark')"
        )
        assert bo.inner_text("#players .player[data-seat='1'] .clock") != "0:00"
        _play_until([ana, bo], rng, lambda: dataset(ana, "status") == "finished")

        record = httpx.get(f"{srv.base}/api/tables/{table}/record").json()
        parts = [[p["by"] for p in seat] for seat in record["metadata"]["played_by"]]
        assert parts[0] == ["Ana"] and "bot:random" in parts[1] and parts[1][-1] == "Bo"
        ana.goto(srv.base + "/")
        ana.wait_for_selector("#tables .table-list, #tables p")
        assert ana.locator(f"[data-table='{table}']").count() == 0
        assert table not in _lobby_ids(srv.base)
        assert not errors, errors
    finally:
        srv.stop()
