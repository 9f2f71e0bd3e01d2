"""Moves one can follow (board.js followMoves): a bot's turn at Autumn, watched by the person
it plays against, flies its cards from where they come from to where they go, one step after
the other, and the board ends as the server says; with reduced motion (the system's setting,
or the page's own switch) nothing animates, and the last move is still marked. An Under the
Leaves tile flies from the market to its place in the garden; Momiji's cards fly from the
display to the hand and from the hand to a pile; Undergrove's seedlings fly from their owner's
supply. Every
`Element.animate` call is recorded in the page, so nothing here depends on timing."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.helpers import MOVE_TIMEOUT
from tests.patience import READ

AUTUMN = {"first_player": "0", "rounds": 1}
RECORD = """
window.__flights = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__flights.push({ key: this.dataset.key || "", from: frames[0].transform,
                          ms: typeof options === "object" ? options.duration : options });
  return animate.call(this, frames, options);
};
"""


def _table(
    base: str, game: str = "autumn", options: dict[str, Any] | None = None
) -> tuple[str, str]:
    """A table of `game` where Ana (seat 0, moving first) plays a random bot: its id and
    Ana's token."""
    made = httpx.post(
        base + "/api/tables",
        json={
            "game": game,
            "players": 2,
            "options": options or {"first_player": "0"},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "sit": 0,
            "name": "Ana",
        },
        timeout=READ,
    ).json()
    return made["table"], made["token"]


def _snap(base: str, table: str, token: str) -> dict[str, Any]:
    headers = {"authorization": f"Bearer {token}"}
    return dict(httpx.get(f"{base}/api/tables/{table}", headers=headers, timeout=READ).json())


def _play_until_the_bot_moved(page, base: str, table: str, token: str) -> dict[str, Any]:
    """Ana places her card (through the API); the bot chooses colours and places its card;
    the page draws every step. Returns the server's state once it is Ana's turn again."""
    snap = _snap(base, table, token)
    body = {"table": table, "version": snap["version"], "action": snap["legal"][0]}
    headers = {"authorization": f"Bearer {token}"}
    r = httpx.post(f"{base}/api/tables/{table}/actions", json=body, headers=headers, timeout=READ)
    assert r.status_code == 200, r.text
    page.wait_for_function(
        "document.body.dataset.toMove === '0' && Number(document.body.dataset.version) >= 3",
        timeout=MOVE_TIMEOUT,
    )
    return _snap(base, table, token)


def _open(
    browser,
    base: str,
    table: str,
    token: str,
    ready: str = ".autumn-card[data-key]",
    **context: Any,
):
    """Ana's page of the table, every animation recorded, once `ready` is drawn."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, **context)
    ctx.add_init_script(RECORD)
    page = ctx.new_page()
    page.goto(base + "/")
    page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
    page.goto(f"{base}/table/{table}")
    page.wait_for_function("document.body.dataset.you === '0'", timeout=MOVE_TIMEOUT)
    page.wait_for_selector(ready, state="attached", timeout=MOVE_TIMEOUT)
    return page


def _board_is(page, state: dict[str, Any]) -> None:
    placed = [f"card:{c[0]}" for c in state["view"]["placed"]]
    keys = page.eval_on_selector_all("[data-index][data-key]", "cs => cs.map(c => c.dataset.key)")
    assert keys == placed
    assert page.evaluate("document.body.dataset.version") == str(state["version"])


def test_a_bots_turn_flies_its_cards_one_step_after_the_other(browser, live):
    table, token = _table(live.base, options=AUTUMN)
    page = _open(browser, live.base, table, token)
    try:
        assert page.evaluate("window.__flights") == []  # opening the page moves nothing
        state = _play_until_the_bot_moved(page, live.base, table, token)
        _board_is(page, state)
        flights = page.evaluate("window.__flights")
        placed = [f"card:{c[0]}" for c in state["view"]["placed"]]
        moved = [f["key"] for f in flights]
        # Ana's card, then the bot's: each from the hand to the table, in the order played,
        # and each new card to place from the deck
        assert placed[1] in moved and placed[2] in moved
        assert moved.index(placed[1]) < moved.index(placed[2])
        for f in flights:
            assert 300 <= f["ms"] <= 600 and f["from"] != "translate(0px, 0px)"
        # the bot's card stays marked as the last move
        assert "last-move" in page.get_attribute("[data-index='2']", "class")
    finally:
        page.context.close()


def test_no_animation_with_reduced_motion_or_the_switch_off(browser, live):
    table, token = _table(live.base, options=AUTUMN)
    page = _open(browser, live.base, table, token, reduced_motion="reduce")
    try:
        assert page.is_disabled("#motion-toggle")
        state = _play_until_the_bot_moved(page, live.base, table, token)
        _board_is(page, state)
        assert page.evaluate("window.__flights") == []
        assert "last-move" in page.get_attribute("[data-index='2']", "class")
    finally:
        page.context.close()
    table, token = _table(live.base, options=AUTUMN)
    page = _open(browser, live.base, table, token)
    try:
        page.click("#motion-toggle")
        assert page.inner_text("#motion-toggle") == "Animations off"
        state = _play_until_the_bot_moved(page, live.base, table, token)
        _board_is(page, state)
        assert page.evaluate("window.__flights") == []
    finally:
        page.context.close()


def test_under_the_leaves_tiles_fly_from_the_market_to_the_gardens_the_bots_too(browser, live):
    table, token = _table(live.base, "under-the-leaves")
    page = _open(browser, live.base, table, token, ready=".utl-market-tile[data-key]")
    try:
        headers = {"authorization": f"Bearer {token}"}
        for _ in range(2):  # take a tile, then place it
            snap = _snap(live.base, table, token)
            body = {"table": table, "version": snap["version"], "action": snap["legal"][0]}
            url = f"{live.base}/api/tables/{table}/actions"
            assert httpx.post(url, json=body, headers=headers, timeout=READ).status_code == 200
        page.wait_for_function(
            "document.body.dataset.toMove === '0' && Number(document.body.dataset.version) >= 4",
            timeout=MOVE_TIMEOUT,
        )
        gardens = _snap(live.base, table, token)["view"]["gardens"]
        placed = [f"tile:{g['tiles'][-1][0]}" for g in gardens]  # Ana's tile, then the bot's
        keys = [f["key"] for f in page.evaluate("window.__flights")]
        assert placed[0] in keys and placed[1] in keys  # the bot's turn played as a sequence
        assert keys.index(placed[0]) < keys.index(placed[1])
        for key in placed:
            page.wait_for_selector(f"[data-key='{key}']", state="attached")
    finally:
        page.context.close()


def _act(base: str, table: str, token: str, choose) -> int:
    """One action of the seat `token` holds, the first of its legal ones that `choose` takes;
    returns the version it made (the bots may have moved on since)."""
    snap = _snap(base, table, token)
    action = next(a for a in snap["legal"] if choose(a))
    body = {"table": table, "version": snap["version"], "action": action}
    headers = {"authorization": f"Bearer {token}"}
    r = httpx.post(f"{base}/api/tables/{table}/actions", json=body, headers=headers, timeout=READ)
    assert r.status_code == 200, r.text
    return int(snap["version"]) + 1


def _ending(action: str) -> bool:
    return action == "end" or action.startswith("discard ")


def _end_turn(base: str, table: str, token: str, version: int) -> int:
    """End Ana's Momiji turn (discarding down to the hand limit): the version it ends at
    (`version` if she had nothing to end)."""
    while any(_ending(a) for a in _snap(base, table, token)["legal"]):
        version = _act(base, table, token, _ending)
    return version


def test_momiji_cards_fly_from_the_display_to_the_hand_and_from_the_hand_to_a_pile(browser, live):
    table, token = _table(live.base, "momiji")
    page = _open(browser, live.base, table, token, ready=".mj-display [data-key]")
    try:
        assert page.evaluate("window.__flights") == []
        shown = set(
            page.eval_on_selector_all(".mj-display [data-key]", "cs => cs.map(c => c.dataset.key)")
        )
        version = _act(live.base, table, token, lambda a: a.startswith("take "))
        page.wait_for_function(
            f"Number(document.body.dataset.version) >= {version}", timeout=MOVE_TIMEOUT
        )
        hand = page.eval_on_selector_all(".mj-hand-card", "cs => cs.map(c => c.dataset.key)")
        taken = [k for k in hand if k in shown]
        assert taken  # the cards taken were in the display, and now are in the hand ...
        flown = {f["key"] for f in page.evaluate("window.__flights")}
        assert set(taken) <= flown  # ... and flew there

        ended = _end_turn(live.base, table, token, version)
        page.wait_for_function(  # the bot has played
            "document.body.dataset.toMove === '0' && "
            f"Number(document.body.dataset.version) > {ended}",
            timeout=MOVE_TIMEOUT,
        )
        page.evaluate("window.__flights = []")
        # with no pile yet, any card of her hand can start one
        version = _act(live.base, table, token, lambda a: a[:1].isupper() and a[-1] in "LR")
        page.wait_for_function(
            f"Number(document.body.dataset.version) >= {version}", timeout=MOVE_TIMEOUT
        )
        tops = page.eval_on_selector_all(
            ".mj-player.me .mj-stack [data-key]", "cs => cs.map(c => c.dataset.key)"
        )
        assert tops and set(tops) & set(hand)  # a card of the hand is now on top of a pile
        flown = {f["key"] for f in page.evaluate("window.__flights")}
        assert set(tops) & set(hand) <= flown
    finally:
        page.context.close()


def test_undergrove_seedlings_fly_from_their_owners_supply(browser, live):
    table, token = _table(live.base, "undergrove")  # Ana places her first seedling, then the bot
    page = _open(browser, live.base, table, token, ready=".ug-tile[data-key]")
    try:
        assert page.evaluate("window.__flights") == []
        version = _act(live.base, table, token, lambda a: a.startswith("seedling "))
        page.wait_for_function(  # the bot has placed its seedling too
            "document.body.dataset.toMove === '0' && "
            f"Number(document.body.dataset.version) > {version}",
            timeout=MOVE_TIMEOUT,
        )
        pieces = _snap(live.base, table, token)["view"]["pieces"]
        keys = {f"piece:{x},{y}" for x, y, code, *_ in pieces if code != 8}  # 8: a place-holder
        assert len(keys) == 2
        flown = [f for f in page.evaluate("window.__flights") if f["key"] in keys]
        assert {f["key"] for f in flown} == keys  # Ana's and the bot's, each from its supply
        assert all(f["from"] != "translate(0px, 0px)" for f in flown)
    finally:
        page.context.close()


def test_a_momiji_bots_turn_flies_the_cards_it_takes_into_its_hand(browser, live):
    """The cards the bot takes from the display fly into its hand as the table remembers it
    (a card it plays flies from there onto its pile: the test above). Turns are played until
    the random bot takes (it may play, compost or use a landscape instead)."""
    table, token = _table(live.base, "momiji")
    page = _open(browser, live.base, table, token, ready=".mj-display [data-key]")
    known = "[data-player='1'] .mj-known[data-key]"
    try:
        taken: set[str] = set()
        for _ in range(12):  # Ana ends her turn at once; then the bot plays its turn
            before = set(page.eval_on_selector_all(known, "ns => ns.map(n => n.dataset.key)"))
            ended = _act(live.base, table, token, lambda a: a.startswith("take ") or a == "end")
            ended = _end_turn(live.base, table, token, ended)
            page.wait_for_function(
                "document.body.dataset.toMove === '0' && "
                f"Number(document.body.dataset.version) > {ended}",
                timeout=MOVE_TIMEOUT,
            )
            now = set(page.eval_on_selector_all(known, "ns => ns.map(n => n.dataset.key)"))
            taken = now - before
            if taken:
                break
        assert taken, "the bot never took a card in 12 turns"
        moves = [f for f in page.evaluate("window.__flights") if f["key"] in taken]
        assert {f["key"] for f in moves} == taken  # each card it took flew there
        assert all(f["from"] != "translate(0px, 0px)" for f in moves)
    finally:
        page.context.close()
