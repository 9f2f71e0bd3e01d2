"""After an Undo, every choice the page offers still acts, for every game.

For each game a person (seat 0, against a second person played over the API) makes a decision
that may be taken back by clicking the page, clicks Undo, then clicks each choice the page
offers there: each must send its action (seen on the socket) and the server must accept it
(the version moves on). A choice that may itself be taken back is undone to try the next one;
otherwise the position is made again on a fresh table. Momiji's decision is a one-card Play
("Play 1 card" sends the card and `stop`, the reported case of "End the play" doing nothing
after an Undo); one Undo takes that click back whole, to the turn's start.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from leafpile.engine import GameRecord
from leafpile.games import GAMES
from tests.browser.helpers import MOVE_TIMEOUT, dataset, two_humans_at
from tests.server.live import ThreadServer

pytestmark = pytest.mark.browser

SEED = 7
CLOCK = {"kind": "realtime", "bank": 3600, "increment": 5}  # long: no one runs out here
CARD = re.compile(r"^<?[A-Z]\d[LR]?>?$")  # a Momiji card played from the hand
#: What the page offers to click: buttons and other elements that name their action.
CHOICES = "#board button:not([disabled]):not(#undo), #board [data-action]:not(button)"
#: Controls that only change the page (a choice in the making), never send anything.
LOCAL = ("mj-clear", "mj-compost", "mj-side", "utl-orient", "utl-rotate", "utl-flip")
#: What completes a choice in the making: Momiji's and Undergrove's confirmation, a spot for
#: the Under the Leaves tile just picked (it sends the take, then the placement).
COMPLETE = "#mj-confirm:not([disabled]), #ug-confirm, .utl-anchor"
READY = (
    "(() => { const b = document.body; return b.dataset.version !== undefined && "
    "b.dataset.toMove === b.dataset.you && "
    "!b.classList.contains('waiting') && !document.querySelector('[data-busy]'); })()"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("undo") / "undo.db"
    srv = ThreadServer(f"sqlite:///{db}").start()  # client seeds allowed
    yield srv
    srv.stop()


@dataclass
class Position:
    """A table at the decision to take back: its id, both seats' tokens, the page."""

    table: str
    tokens: list[str]
    sent: list[dict[str, Any]] = field(default_factory=list)


def snapshot(server: ThreadServer, pos: Position, seat: int) -> dict[str, Any]:
    auth = {"authorization": f"Bearer {pos.tokens[seat]}"}
    return dict(httpx.get(f"{server.base}/api/tables/{pos.table}", headers=auth).json())


def new_table(server: ThreadServer, name: str, prefix: list[str]) -> Position:
    """A two-person table of `name` with `prefix` played over the API."""
    table, tokens = two_humans_at(server, name, SEED, prefix, clock=CLOCK)
    return Position(table, tokens)


def decision(name: str) -> tuple[list[str], str] | None:
    """The actions before a decision of seat 0 that may be taken back, and that decision
    (for Momiji a card that ends the Play when it can, so only `stop` is left after it);
    None for a game where none may be (Autumn: each decision passes the turn or draws)."""
    game = GAMES[name]
    record = GameRecord.start(game.new_state(2, seed=SEED))
    state = record.initial_state(game)
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player == 0:
            undoable = []
            for action in legal:
                after = state.clone()
                after.apply(action)
                if game.may_take_back(state, action, after):
                    undoable.append((after, str(action)))
            if name == "momiji":
                cards = [(a, s) for a, s in undoable if CARD.match(s)]
                ends = [s for a, s in cards if [str(x) for x in a.legal_actions()] == ["stop"]]
                if ends or cards:
                    return list(record.actions), (ends or [s for _a, s in cards])[0]
            elif undoable:
                return list(record.actions), undoable[0][1]
        record.actions.append(str(legal[0]))
        state.apply(legal[0])
    return None


def open_page(browser, server: ThreadServer, pos: Position):
    page = browser.new_page(viewport={"width": 1280, "height": 900})

    def watch(ws) -> None:
        ws.on("framesent", lambda frame: pos.sent.append(json.loads(frame)))

    page.on("websocket", watch)
    page.goto(f"{server.base}/table/{pos.table}")
    page.evaluate(f"localStorage.setItem('leafpile.token.{pos.table}', '{pos.tokens[0]}')")
    page.reload()
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    return page


def settled(page, version: int) -> int:
    """Wait until the page holds a version after `version` and is idle; that version."""
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {version} && "
        "!document.body.classList.contains('waiting') && !document.querySelector('[data-busy]')",
        timeout=MOVE_TIMEOUT,
    )
    return int(dataset(page, "version"))


def decide(page, server: ThreadServer, pos: Position, name: str, action: str) -> None:
    """Make `action` by clicking the page (a Momiji card: pick it, then "Play 1 card"), or
    over the API when the page makes it only as part of a longer gesture (an Under the
    Leaves take is sent with its placement)."""
    version = int(dataset(page, "version"))
    if name == "momiji":
        kind = action.strip("<>")
        page.locator(f".mj-hand-card.usable[data-kind='{kind}']").first.click()
        assert page.get_attribute("#mj-confirm", "data-actions") == f"{action}|stop"
        page.click("#mj-confirm")
        page.wait_for_function(f"Number(document.body.dataset.version) >= {version + 2}")
    elif page.locator(
        clickable := f"#board [data-action='{action}']:not(.utl-market-tile)"
    ).count():
        # (a market tile carries its take for the tutorial's guide, but a click only selects it)
        page.click(clickable)
    else:
        auth = {"authorization": f"Bearer {pos.tokens[0]}"}
        body = {"table": pos.table, "version": version, "action": action}
        r = httpx.post(f"{server.base}/api/tables/{pos.table}/actions", json=body, headers=auth)
        assert r.status_code == 200, r.text
    settled(page, version)


def undone(server: ThreadServer, browser, name: str, undos: int) -> tuple[Position, Any]:
    """A fresh table at the decision, decided in the page, then Undo clicked `undos` times."""
    found = decision(name)
    assert found is not None
    prefix, action = found
    pos = new_table(server, name, prefix)
    page = open_page(browser, server, pos)
    decide(page, server, pos, name, action)
    for _ in range(undos):
        assert page.locator("#undo").is_enabled()
        version = int(dataset(page, "version"))
        page.click("#undo")
        settled(page, version)
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    assert "takes back" in page.locator("#log li").last.inner_text()
    return pos, page


def sending(page, version: int) -> bool:
    """Whether the page sent an action from `version` (the shell marks the page as waiting for
    the answer as it sends; the answer may even be in already)."""
    return bool(
        page.evaluate(
            f"document.body.classList.contains('waiting') || "
            f"Number(document.body.dataset.version) > {version}"
        )
    )


def actions_sent(page, pos: Position, before: int) -> list[dict[str, Any]]:
    """The action frames the page sent since `before`, once the first has been seen here."""
    deadline = time.monotonic() + MOVE_TIMEOUT / 1000
    while not (sent := [m for m in pos.sent[before:] if m["type"] == "action"]):
        assert time.monotonic() < deadline, "the page's action never showed on its socket"
        page.wait_for_timeout(20)  # lets the browser's events reach this process
    return sent


def describe(page, i: int) -> str:
    """A name for the i-th choice offered: its id, action, card, tile or class."""
    node = page.locator(CHOICES).nth(i)
    d = "e.dataset"
    name = f"e.id || {d}.action || {d}.kind || {d}.tile || e.getAttribute('class') || ''"
    return str(node.evaluate(f"e => {name}"))


def local(what: str) -> bool:
    return any(word in LOCAL for word in what.split())


#: Each game after one Undo (which takes back the one click, however many decisions it sent).
CASES = [(name, 1) for name in sorted(GAMES)]


@pytest.mark.parametrize(("name", "undos"), CASES)
def test_after_an_undo_every_choice_the_page_offers_acts(browser, server, name, undos):
    if decision(name) is None:  # then Undo is never offered
        game = GAMES[name]
        state, prefix = game.new_state(2, seed=SEED), []
        while state.current_player != 0:
            prefix.append(str(state.legal_actions()[0]))
            state.apply(state.legal_actions()[0])
        pos = new_table(server, name, prefix)
        page = open_page(browser, server, pos)
        version = int(dataset(page, "version"))
        page.locator("#board [data-action]").first.click()
        settled(page, version)
        assert page.locator("#undo").is_disabled()
        page.close()
        return
    pos, page = undone(server, browser, name, undos)
    offered = [describe(page, i) for i in range(page.locator(CHOICES).count())]
    assert offered, "the page offers nothing after the Undo"
    tried = []
    for i, what in enumerate(offered):
        if local(what):
            continue
        assert [describe(page, j) for j in range(page.locator(CHOICES).count())] == offered
        version = int(dataset(page, "version"))
        before = len(pos.sent)
        page.locator(CHOICES).nth(i).click()
        if not sending(page, version):
            # a choice in the making (a card picked for a Play): its confirmation acts
            confirm = page.locator(COMPLETE)
            assert confirm.count(), f"{name}: clicking {what!r} after an Undo sent nothing"
            confirm.first.click()
            assert sending(page, version), f"{name}: {what!r} after an Undo sent nothing"
        moved = settled(page, version)
        assert actions_sent(page, pos, before)[0]["version"] == version
        assert snapshot(server, pos, 0)["version"] == moved  # accepted: the table moved on
        tried.append(what)
        if page.locator("#undo").is_visible() and page.locator("#undo").is_enabled():
            while snapshot(server, pos, 0)["take_back"]:
                now = int(dataset(page, "version"))
                page.click("#undo")
                settled(page, now)
                if [describe(page, j) for j in range(page.locator(CHOICES).count())] == offered:
                    break
            else:
                page.close()
                pos, page = undone(server, browser, name, undos)
        else:
            page.close()
            pos, page = undone(server, browser, name, undos)
    assert tried
    page.close()
