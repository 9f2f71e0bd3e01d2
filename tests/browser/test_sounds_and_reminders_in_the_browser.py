"""The table page's sounds and reminders, as far as a headless browser allows: Web Audio and
the Notification API are stubbed in the page (every oscillator started and every notification
shown is recorded), and so are the page's `document.hidden` and its clock. Each sound is told
by its first note: a move 440 Hz, your turn 660, the end 523, a low clock 988. Quiet when the
page opens and when muted (remembered across a reload); a notification only after "Notify
me" was clicked, and only while the page is hidden. The lobby's "Your games" lists the games
waiting for you first, the least time left first, with the time left."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.helpers import MOVE_TIMEOUT
from tests.patience import READ

MOVE, TURN, END, LOW = [440], [660, 880], [523, 659, 784], [988, 988]

STUBS = """
window.__tones = []; window.__notes = []; window.__asked = 0; window.__hidden = false;
const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
class FakeAudio {
  constructor() { this.currentTime = 0; this.state = "running"; this.destination = {}; }
  createOscillator() {
    const o = { type: "", connect() {}, stop() {},
      frequency: { setValueAtTime: (f) => { o.freq = f; } },
      start() { window.__tones.push(o.freq); } };
    return o;
  }
  createGain() { return { gain: param, connect() {} }; }
}
window.AudioContext = FakeAudio;
let permission = "default";
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, ...options }); }
  close() {}
  static get permission() { return permission; }
  static requestPermission() {
    window.__asked += 1; permission = "granted"; return Promise.resolve(permission);
  }
}
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, "hidden", {
  get: () => window.__hidden, configurable: true,
});
const realNow = Date.now; window.__skew = 0; Date.now = () => realNow() + window.__skew;
"""


def _post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    r = httpx.post(base + path, json=body, headers=headers, timeout=READ)
    assert r.status_code in (200, 201), r.text
    return r.json()


def _two_people(base: str, **extra: Any) -> tuple[str, str, str]:
    made = _post(
        base,
        "/api/tables",
        {
            "game": "autumn",
            "players": 2,
            "options": {"first_player": "0", "rounds": 1},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "sit": 0,
            "name": "Ana",
            **extra,
        },
    )
    joined = _post(base, f"/api/tables/{made['table']}/seats", {"name": "Boris"})
    return made["table"], made["token"], joined["token"]


def _snap(base: str, table: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/tables/{table}", headers={"authorization": f"Bearer {token}"})
    return dict(r.json())


def _act(base: str, table: str, tokens: list[str]) -> dict[str, Any]:
    """The seat to move plays its first legal action; the snapshot after it."""
    to_move = _snap(base, table, tokens[0])["to_move"]
    snap = _snap(base, table, tokens[to_move])
    body = {"table": table, "version": snap["version"], "action": snap["legal"][0]}
    return dict(_post(base, f"/api/tables/{table}/actions", body, tokens[to_move]))


def _tones(page) -> list[float]:
    return list(page.evaluate("window.__tones"))


def _seen(page, version: int) -> None:
    page.wait_for_function(
        f"Number(document.body.dataset.version) >= {version}", timeout=MOVE_TIMEOUT
    )


def _open(browser, base: str, table: str, token: str):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(STUBS)
    page = context.new_page()
    page.goto(base + "/")
    page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
    page.goto(f"{base}/table/{table}")
    page.wait_for_function("document.body.dataset.you === '0'", timeout=MOVE_TIMEOUT)
    return page


def test_sounds_and_notifications_at_the_right_moments(browser, live):
    base = live.base
    table, ana, boris = _two_people(base)
    tokens = [ana, boris]
    page = _open(browser, base, table, ana)
    try:
        assert _tones(page) == []  # opening the page is quiet
        page.evaluate("window.__hidden = true")  # hidden, but no "Notify me" yet
        heard: list[float] = []
        while True:  # Ana, then Boris, until it is Ana's turn again
            state = _act(base, table, tokens)
            _seen(page, state["version"])
            mine = state["to_move"] == 0
            heard += TURN if mine else MOVE
            page.wait_for_function(f"window.__tones.length === {len(heard)}", timeout=MOVE_TIMEOUT)
            assert _tones(page) == heard
            if mine:
                break
        assert page.evaluate("[window.__asked, window.__notes.length]") == [0, 0]

        page.evaluate("window.__hidden = false")
        page.click("#notify-me")
        page.wait_for_function("window.__asked === 1", timeout=MOVE_TIMEOUT)
        assert page.inner_text("#notify-me") == "Notifications on"
        page.evaluate("window.__hidden = true")
        while True:
            state = _act(base, table, tokens)
            _seen(page, state["version"])
            if state["to_move"] == 0 or state["status"] == "finished":
                break
        page.wait_for_function("window.__notes.length === 1", timeout=MOVE_TIMEOUT)
        (note,) = page.evaluate("window.__notes")
        assert note["title"] == "Your turn" and "Autumn" in note["body"]

        # muted: nothing plays, and the choice outlives a reload
        page.click("#sound-toggle")
        assert page.inner_text("#sound-toggle") == "Sound off"
        page.reload()
        page.wait_for_function("document.body.dataset.you === '0'", timeout=MOVE_TIMEOUT)
        assert page.inner_text("#sound-toggle") == "Sound off"
        state = _act(base, table, tokens)
        _seen(page, state["version"])
        state = _act(base, table, tokens)
        _seen(page, state["version"])
        assert _tones(page) == []

        page.click("#sound-toggle")  # on again: the end of the game is heard
        while state["status"] != "finished":
            state = _act(base, table, tokens)
        _seen(page, state["version"])
        page.wait_for_function("window.__tones.length >= 3", timeout=MOVE_TIMEOUT)
        assert _tones(page)[-3:] == END
    finally:
        page.context.close()


def test_a_low_clock_is_heard(browser, live):
    clock = {"kind": "realtime", "bank": 60, "increment": 0}
    table, ana, _ = _two_people(live.base, clock=clock)
    page = _open(browser, live.base, table, ana)
    try:
        assert _tones(page) == []
        page.evaluate("window.__skew = 50000")  # the page's clock: 10 s left of 60
        page.wait_for_function("window.__tones.length === 2", timeout=MOVE_TIMEOUT)
        assert _tones(page) == LOW
    finally:
        page.context.close()


def test_your_games_lists_the_games_waiting_for_you_first(browser, live):
    base = live.base
    bot = {"kind": "bot", "bot": "random"}
    clocked = _post(
        base,
        "/api/tables",
        {
            "game": "autumn",
            "players": 2,
            "options": {"first_player": "0"},
            "seats": [{"kind": "human"}, bot],
            "sit": 0,
            "name": "Ana",
            "clock": {"kind": "realtime", "bank": 600, "increment": 0},
        },
    )
    plain = _post(
        base,
        "/api/tables",
        {
            "game": "momiji",
            "players": 2,
            "options": {"first_player": "0"},
            "seats": [{"kind": "human"}, bot],
            "sit": 0,
            "name": "Ana",
        },
    )
    theirs, ana_theirs, _ = _two_people(base)
    _act(base, theirs, [ana_theirs])  # Ana moved: it is Boris's turn there (newest table)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(base + "/")
        for table, token in (
            (clocked["table"], clocked["token"]),
            (plain["table"], plain["token"]),
            (theirs, ana_theirs),
        ):
            page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
        page.reload()
        page.wait_for_function("document.querySelectorAll('#mine li').length === 3")
        order = page.eval_on_selector_all("#mine li", "items => items.map(i => i.dataset.table)")
        assert order == [clocked["table"], plain["table"], theirs]
        first = page.inner_text(f"#mine li[data-table='{clocked['table']}']")
        assert "your turn" in first and "left" in first and ("9:" in first or "10:" in first)
        assert "your turn" not in page.inner_text(f"#mine li[data-table='{theirs}']")
    finally:
        context.close()
