"""The log's "why?" in each game, on the table page and the replay page: a button beside a line
that has a reason (the bee, the harvest, the carbon, the round's areas), reachable with the
keyboard, opens the rule under the line in the reader's language, and closes it again."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from leafpile.games.autumn.explain import RULES as AUTUMN
from leafpile.games.momiji.explain import RULES as MOMIJI
from leafpile.games.under_the_leaves.explain import RULES as UNDER_THE_LEAVES
from leafpile.games.undergrove.explain import RULES as UNDERGROVE
from leafpile.i18n import Msg
from tests.browser.helpers import MOVE_TIMEOUT, bot_game, dataset, two_humans_at
from tests.server.live import ThreadServer

pytestmark = pytest.mark.browser

#: Per game: a short game between two bots, and the rules one of its reasons must give.
GAMES: dict[str, tuple[dict[str, object], tuple[Msg, ...]]] = {
    "autumn": ({"rounds": 1, "first_player": "0"}, (AUTUMN["round"],)),
    "momiji": ({}, (MOMIJI["harvest"], MOMIJI["same type"])),
    "under-the-leaves": ({}, (UNDER_THE_LEAVES["bee"],)),
    "undergrove": ({}, (UNDERGROVE["absorb"], UNDERGROVE["photosynthesize"])),
}
BOT = {"undergrove": "easy"}  # random ones play on to the game's safety-net round limit


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("why") / "why.db"
    srv = ThreadServer(f"sqlite:///{db}").start()
    yield srv
    srv.stop()


def finished(server: ThreadServer, game: str) -> tuple[str, list[dict]]:
    """A game between two bots played to its end: its id and its log (in English)."""
    options = GAMES[game][0]
    table, snap = bot_game(server.base, game, bot=BOT.get(game, "random"), options=options, seed=5)
    return table, snap["log"]


def open_page(browser, server: ThreadServer, path: str, lang: str, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('leafpile.lang', '{lang}')")
    page = context.new_page()
    page.goto(server.base + path)
    page.wait_for_selector("#log li", timeout=MOVE_TIMEOUT)
    return context, page


def open_why(page, number: int) -> str:
    """Reach the "why?" of log line `number` with the keyboard, open it, read it, close it."""
    line = page.locator("#log > li").nth(number)
    button = line.locator("button.why")
    button.scroll_into_view_if_needed()
    assert button.get_attribute("aria-label")  # an accessible name, not only "why?"
    assert button.get_attribute("aria-expanded") == "false"
    button.focus()
    page.keyboard.press("Enter")
    text = line.locator(".why-text")
    text.wait_for(state="visible", timeout=MOVE_TIMEOUT)
    assert button.get_attribute("aria-expanded") == "true"
    said = text.inner_text().strip()
    page.keyboard.press("Enter")
    text.wait_for(state="hidden", timeout=MOVE_TIMEOUT)
    return said


def wanted_line(log: list[dict], rules: tuple[Msg, ...]) -> int:
    """The first log line whose reason gives one of `rules`."""
    for i, item in enumerate(log):
        why = item.get("why", {}).get("text", "")
        if any(str(rule) in why for rule in rules):
            return i
    raise AssertionError(f"no line explained by {[str(r) for r in rules]}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_why_of_a_line_opens_its_rule_in_english_and_french(browser, server, game):
    table, log = finished(server, game)
    rules = GAMES[game][1]
    number = wanted_line(log, rules)
    for lang, (width, height) in (("en", (1280, 800)), ("fr", (390, 844))):
        context, page = open_page(browser, server, f"/table/{table}", lang, width, height)
        said = open_why(page, number)
        assert any(rule.localize(lang) in said for rule in rules), (lang, said)
        shown = httpx.get(f"{server.base}/api/tables/{table}?lang={lang}").json()["log"]
        assert same_but_names(said, shown[number]["why"]["text"]), (said, shown[number])
        # on a phone too the reason wraps inside the log box: no sideways scrolling
        assert page.evaluate(NO_SIDEWAYS)
        context.close()


NO_SIDEWAYS = (
    "(() => { const l = document.getElementById('log'); return l.scrollWidth <= l.clientWidth; })()"
)


def same_but_names(said: str, served: str) -> bool:
    """The page's text is the server's, with the seats' names where the server wrote P0, P1."""
    pieces = re.split(r"\bP\d\b", served)
    return re.fullmatch(".+?".join(re.escape(p) for p in pieces), said) is not None


@pytest.mark.parametrize("game", ["under-the-leaves", "momiji"])
def test_the_replay_shows_the_same_why(browser, server, game):
    table, log = finished(server, game)
    number = wanted_line(log, GAMES[game][1])
    context, page = open_page(browser, server, f"/replay/{table}", "fr", 1280, 800)
    page.evaluate(
        "n => { const s = document.getElementById('step'); s.value = n;"
        " s.dispatchEvent(new Event('input')); }",
        number + 1,
    )
    page.wait_for_function(f"document.body.dataset.step === '{number + 1}'")
    said = open_why(page, number)
    assert any(rule.localize("fr") in said for rule in GAMES[game][1]), said
    assert page.evaluate("document.body.dataset.step") == str(number + 1)  # no jump
    context.close()


def test_a_move_arriving_leaves_the_focus_and_the_open_why_where_they_were(browser, server):
    """A watcher reads the reason of an earlier line with the keyboard while the players play
    on: the lines a push does not change stay the same elements, so the focus stays on the
    "why?" and its rule stays open (before, every push drew the log anew and the focus fell
    back to the page)."""
    table, tokens = two_humans_at(server, "undergrove", 3, [])
    number = None
    while number is None:  # the first choices until a line has a reason
        snap = play_first_choice(server, table, tokens)
        number = next((i for i, e in enumerate(snap["log"]) if e.get("why")), None)
    context, page = open_page(browser, server, f"/table/{table}", "en", 1280, 800)
    button = page.locator("#log > li").nth(number).locator("button.why")
    button.focus()
    page.keyboard.press("Enter")
    page.locator("#log > li").nth(number).locator(".why-text").wait_for(state="visible")
    page.evaluate("window.held = document.activeElement")
    lines = page.locator("#log > li").count()
    version = int(dataset(page, "version"))
    play_first_choice(server, table, tokens)
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    assert page.locator("#log > li").count() > lines  # the move's line came
    assert page.evaluate("document.activeElement === window.held"), "the focus was lost"
    assert page.evaluate("window.held.isConnected && window.held.ariaExpanded === 'true'")
    context.close()


def play_first_choice(server: ThreadServer, table: str, tokens: list[str]) -> dict:
    """The player to move takes their first legal choice, through the API: the table after."""
    snap = httpx.get(f"{server.base}/api/tables/{table}").json()
    auth = {"authorization": f"Bearer {tokens[snap['to_move']]}"}
    mine = httpx.get(f"{server.base}/api/tables/{table}", headers=auth).json()
    act = {"version": mine["version"], "action": mine["legal"][0]}
    played = httpx.post(f"{server.base}/api/tables/{table}/actions", json=act, headers=auth)
    assert played.status_code == 200, played.text
    return dict(httpx.get(f"{server.base}/api/tables/{table}").json())
