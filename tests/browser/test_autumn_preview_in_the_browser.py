"""Autumn at the table as a player sees it: pointing at a legal spot (mouse, keyboard or a first
tap) previews what the card would do there, before → after, as the engine measures it, with the
areas it would join outlined; each colour's largest area is outlined during play; R keeps the
keyboard's spot; the table keeps still (when the colours' line goes, and from move to move
unless the layout outgrows it); the last card is marked in words; phone spots are a finger
wide and the words say tap; the Russian turn button stays on one line.

`LEAFPILE_SCREENSHOTS=1` also writes docs/screenshots/autumn-preview-{desktop,phone}.png."""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from leafpile.games.autumn import rules
from leafpile.games.autumn.components import CELLS, RED_BITS, bit
from leafpile.games.autumn.preview import regions
from tests.browser.helpers import MOVE_TIMEOUT, dataset
from tests.server.live import ThreadServer

SEED = 5
DRAWN = "document.querySelector('.autumn[data-phase]') !== null"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def seeded(tmp_path) -> Iterator[ThreadServer]:
    srv = ThreadServer(f"sqlite:///{tmp_path / 'autumn.db'}").start()  # client seeds allowed
    try:
        yield srv
    finally:
        srv.stop()


class Table:
    """A two-person table (Ana first) played over the API by a seeded draw."""

    def __init__(self, srv: ThreadServer) -> None:
        body = {
            "game": "autumn",
            "players": 2,
            "options": {"rounds": 3, "first_player": "0"},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "sit": 0,
            "name": "Ana",
            "seed": SEED,
        }
        self.srv = srv
        made = httpx.post(srv.base + "/api/tables", json=body).json()
        self.id = made["table"]
        joined = httpx.post(f"{srv.base}/api/tables/{self.id}/seats", json={"name": "Bo"})
        self.tokens = [made["token"], joined.json()["token"]]
        self.rng = random.Random(SEED)

    def snap(self, seat: int) -> dict[str, Any]:
        auth = {"authorization": f"Bearer {self.tokens[seat]}"}
        return dict(httpx.get(f"{self.srv.base}/api/tables/{self.id}", headers=auth).json())

    def mover(self) -> dict[str, Any]:
        return self.snap(self.snap(0)["to_move"])

    def play(self, action: str | None = None) -> None:
        mover = self.mover()
        auth = {"authorization": f"Bearer {self.tokens[mover['to_move']]}"}
        act = {"version": mover["version"], "action": action or self.rng.choice(mover["legal"])}
        r = httpx.post(f"{self.srv.base}/api/tables/{self.id}/actions", json=act, headers=auth)
        assert r.status_code == 200, r.text

    def play_until(self, done) -> dict[str, Any]:
        while not done(mover := self.mover()):
            self.play()
        return mover

    def state(self) -> Any:
        return self.srv.manager.tables[self.id].state

    def open(self, browser, seat: int, size: dict[str, int], lang: str = "en", **kw: Any):
        page = browser.new_page(viewport=size, **kw)
        page.goto(f"{self.srv.base}/table/{self.id}")
        page.evaluate(f"localStorage.setItem('leafpile.token.{self.id}', '{self.tokens[seat]}')")
        page.evaluate(f"localStorage.setItem('leafpile.lang', '{lang}')")
        page.reload()
        page.wait_for_function(DRAWN, timeout=MOVE_TIMEOUT)
        return page


def wait_version(page, version: int) -> None:
    page.wait_for_function(
        f"Number(document.body.dataset.version) >= {version}", timeout=MOVE_TIMEOUT
    )


def expected(state: Any, notation: str) -> dict[str, Any]:
    """What placing `notation` does, measured on the table's real state."""
    action = state.parse_action(notation)
    occupied, red = rules.laid(state, action)
    yellow = occupied & ~red
    now = rules.live_areas(state)
    after = (rules.largest_area(red), rules.largest_area(yellow))
    b = bit(action.x, action.y)
    card_red = RED_BITS[state.card][action.rot] << b
    leaves = (card_red, (CELLS << b) & ~card_red)
    joined = [
        sum(r.bit_count() for r in regions(mask) if r & leaf)
        for mask, leaf in ((red, card_red), (yellow, leaves[1]))
    ]
    mine = 0 if state.to_move == state.red_player else 1
    return {"now": now, "after": after, "mine": mine, "joined": joined}


def best_spot(page, state: Any):
    """The spot that adds most to the mover's round score (for the screenshots)."""

    def gain(spot) -> int:
        want = expected(state, spot.get_attribute("data-action") or "")
        return int(want["after"][want["mine"]] - want["now"][want["mine"]])

    return max(page.locator(".spot").all(), key=gain)


def test_pointing_at_a_spot_previews_its_areas_and_score_from_the_engine(browser, seeded):
    table = Table(seeded)
    table.play_until(
        lambda s: s["view"]["red_player"] is not None and len(s["view"]["placed"]) >= 6
    )
    seat = table.mover()["to_move"]
    page = table.open(browser, seat, DESKTOP)
    try:
        state = table.state()
        # each colour's largest area is outlined now, as large as the engine measures it
        now = rules.live_areas(state)
        assert int(page.locator(".areas-now path.red").get_attribute("data-cells")) == now[0]
        assert int(page.locator(".areas-now path.yellow").get_attribute("data-cells")) == now[1]
        assert page.locator(".autumn-preview").inner_text() == ""
        checked = 0
        for spot in page.locator(".spot").all()[:4]:
            spot.hover()
            notation = spot.get_attribute("data-action")
            page.wait_for_selector(f"[data-ghost='{notation}']")
            want = expected(state, notation)
            colour = ("red", "yellow")[want["mine"]]
            words = page.locator(".autumn-preview").inner_text()
            gain = page.locator(".autumn-gain")
            score = [int(gain.get_attribute(k) or "") for k in ("data-before", "data-after")]
            assert score == [want["now"][want["mine"]], want["after"][want["mine"]]]
            b, a = score
            assert f"your round score {b} → {a}" in words
            assert f"largest {colour} area {b} → {a} (your colour)" in words
            other = 1 - want["mine"]
            o_b, o_a = want["now"][other], want["after"][other]
            assert f"largest {('red', 'yellow')[other]} area {o_b} → {o_a}" in words
            assert (
                f"Ana: round score {o_b} → {o_a}" in words
                or f"Bo: round score {o_b} → {o_a}" in words
            )
            joined = [
                sum(
                    int(p.get_attribute("data-cells") or "0")
                    for p in page.locator(f".areas-joined path.{c}").all()
                )
                for c in ("red", "yellow")
            ]
            assert joined == want["joined"]
            checked += 1
        assert checked == 4
        assert "faded" in (page.locator(".areas-now").get_attribute("class") or "")
        if os.environ.get("LEAFPILE_SCREENSHOTS"):
            best_spot(page, state).hover()
            page.screenshot(path=str(SHOTS / "autumn-preview-desktop.png"))
    finally:
        page.close()


def test_a_first_tap_on_a_phone_previews_in_russian_and_spots_are_a_finger_wide(browser, seeded):
    table = Table(seeded)
    table.play_until(
        lambda s: s["view"]["red_player"] is not None and len(s["view"]["placed"]) >= 5
    )
    mover = table.mover()
    page = table.open(browser, mover["to_move"], PHONE, "ru", has_touch=True, is_mobile=True)
    try:
        spot = page.locator(".spot").first
        box = spot.bounding_box()
        assert box is not None and box["width"] >= 28 and box["height"] >= 28, box
        hint = page.locator(".autumn-hint").inner_text()
        assert "Коснитесь" in hint and "указатель" not in hint
        notation = spot.get_attribute("data-action")
        spot.tap()
        page.wait_for_selector(f"[data-ghost='{notation}']")
        assert dataset(page, "version") == str(mover["version"])  # a first tap only previews
        want = expected(table.state(), notation)
        b, a = want["now"][want["mine"]], want["after"][want["mine"]]
        words = page.locator(".autumn-preview").inner_text()
        assert f"ваши очки за раунд {b} → {a}" in words
        if os.environ.get("LEAFPILE_SCREENSHOTS"):
            best_spot(page, table.state()).tap()
            page.screenshot(path=str(SHOTS / "autumn-preview-phone.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        page.close()


def test_turning_the_card_keeps_the_keyboard_spot(browser, seeded):
    table = Table(seeded)
    turned = lambda s: any(a.endswith("r") for a in s["legal"])  # noqa: E731
    table.play_until(
        lambda s: s["view"]["card"] is not None and turned(s) and len(s["view"]["placed"]) > 2
    )
    page = table.open(browser, table.mover()["to_move"], DESKTOP)
    try:
        page.keyboard.press("ArrowDown")
        ghost = page.locator("[data-ghost]")
        first = ghost.get_attribute("data-ghost")
        assert first is not None
        page.keyboard.press("r")
        page.wait_for_function("document.querySelector('.autumn').dataset.rot === '1'")
        assert ghost.count() == 1, "R lost the spot chosen with the keyboard"
        now = ghost.get_attribute("data-ghost") or ""
        assert now.endswith("r") and now in table.mover()["legal"]
        assert page.locator(".autumn-preview .autumn-gain").count() == 1
        page.keyboard.press("r")
        assert ghost.count() == 1
    finally:
        page.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE])
def test_the_table_keeps_still_when_the_colours_are_chosen_and_from_move_to_move(
    browser, seeded, size
):
    table = Table(seeded)
    page = table.open(browser, 0, size)  # Ana places first: the colours' line is shown
    try:
        assert "Colours are chosen" in page.locator(".autumn-head").inner_text()
        top = page.locator(".autumn-table").bounding_box()
        boxes = [page.locator(".autumn-table").get_attribute("viewBox")]
        for version in range(1, 10):
            table.play()
            wait_version(page, version)
            boxes.append(page.locator(".autumn-table").get_attribute("viewBox"))
        assert "Colours are chosen" not in page.locator(".autumn-head").inner_text()
        assert page.locator(".autumn-table").bounding_box() == top  # the board did not move
        frames = [[float(n) for n in (b or "").split()] for b in boxes]
        for before, after in itertools.pairwise(frames):  # it only ever grows
            assert after[0] <= before[0] and after[1] <= before[1], frames
            assert after[0] + after[2] >= before[0] + before[2], frames
            assert after[1] + after[3] >= before[1] + before[3], frames
        assert frames[1] == frames[2], frames  # a move inside the frame leaves it as it was
    finally:
        page.close()


def test_the_last_card_placed_is_marked_in_words(browser, seeded):
    table = Table(seeded)
    table.play_until(lambda s: s["view"]["red_player"] is not None and s["to_move"] == 0)
    table.play()  # Ana's card: now Bo's turn; then Bo places
    page = table.open(browser, 0, DESKTOP)
    try:
        version = int(dataset(page, "version"))
        table.play()
        wait_version(page, version + 1)
        placed = table.snap(0)["view"]["placed"]
        x, y, r = placed[-1][1:]
        last = page.locator(".autumn-table .autumn-card.last")
        assert last.count() == 1 and last.get_attribute("data-at") == f"{x},{y},{r}"
        assert page.locator(".autumn-table .last-mark").text_content() == "last card"
        width = last.locator(".outline").evaluate(
            "e => parseFloat(getComputedStyle(e).strokeWidth)"
        )
        assert width >= 3
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["ru", "fr"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE])
def test_the_turn_button_stays_on_one_line_in_its_panel(browser, seeded, size, lang):
    table = Table(seeded)
    table.play_until(lambda s: any(a.endswith("r") for a in s["legal"]))
    page = table.open(browser, table.mover()["to_move"], size, lang)
    try:
        button = page.locator("#rotate")
        assert "180°" in button.inner_text()
        lines = button.evaluate(
            "b => { const s = getComputedStyle(b); const line = parseFloat(s.lineHeight) || "
            "1.2 * parseFloat(s.fontSize); return (b.clientHeight - parseFloat(s.paddingTop) - "
            "parseFloat(s.paddingBottom)) / line }"
        )
        assert lines < 1.5, lines
        inside = button.evaluate(
            "b => { const p = b.closest('.autumn-hand').getBoundingClientRect(); "
            "const r = b.getBoundingClientRect(); return r.left >= p.left && r.right <= p.right "
            "&& b.scrollWidth <= b.clientWidth }"
        )
        assert inside, "the button's words overflow the hand panel"
    finally:
        page.close()
