"""Each game's tutorial, in each language, played by following only what the page shows: the
test opens it from the lobby (and once from How to play), reads the step's instruction in the
guide, checks it is that step's words in the reader's language, and clicks what is highlighted,
until the end and its offer of a real game against the easy bot. A move that is not the step's
is refused with the step's own words.

`LEAFPILE_SCREENSHOTS=1` also writes a tutorial step per game at 1280x800 and 390x844
(docs/screenshots/tutorial-<game>-desktop.png and -phone.png)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from leafpile import tutorial
from leafpile.i18n import localize
from tests.browser.helpers import MOVE_TIMEOUT, dataset

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GAMES = tutorial.available()
#: The guide waits for the learner: a highlighted target is on the board, or it is the end.
READY = (
    "(() => { const g = document.getElementById('tutorial'); if (!g || g.hidden) return false;"
    " if (g.dataset.done === 'true') return true; const d = document.body.dataset;"
    " return d.you !== '' && d.you === d.toMove && !document.body.classList.contains('waiting')"
    " && document.querySelector('.tutorial-target') !== null; })()"
)


def open_page(browser, lang: str, viewport: dict[str, int] | None = None, **extra: object):
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800}, **extra)
    context.add_init_script(f"localStorage.setItem('leafpile.lang', '{lang}')")
    return context, context.new_page()


def learn_from_lobby(page, base: str, game: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#seat1")
    page.fill("#name", "Ana")
    page.select_option("#game", game)
    page.click(f"[data-learn={game}]")
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)


#: Something highlighted is drawn (a first tap redraws the board: for a moment nothing is).
SHOWN = """() => [...document.querySelectorAll('.tutorial-then, .tutorial-target')]
  .some((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')"""


def target(page):
    """The first highlighted thing a person can see (a board may also list its choices in a
    folded list)."""
    page.wait_for_function(SHOWN, timeout=MOVE_TIMEOUT)
    then = page.locator(".tutorial-then")
    marks = then if then.count() else page.locator(".tutorial-target")
    for i in range(marks.count()):
        if marks.nth(i).is_visible():
            return marks.nth(i)
    return marks.first


def press(page, node, tap: bool = False) -> None:
    """Click (or tap) the middle of what is highlighted, as a person would: a board may draw
    its spots' hit areas over the picture of the move."""
    node.scroll_into_view_if_needed()
    box = node.bounding_box()
    assert box is not None, "the highlighted target is not drawn"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if tap:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


#: The guide moved on: a move was played, or the board holds one more choice of the learner's
#: (Momiji's cards chosen for a Play, its cards picked for a compost, sent all at once).
MOVED_ON = (
    "Number(document.body.dataset.version) > {version}"
    " || document.getElementById('tutorial').dataset.held !== '{held}'"
)


def click_target(page) -> None:
    """Click what the guide highlights: the target of the learner's next decision when the
    board makes both with one gesture (a tile taken and placed), else the step's."""
    version = int(dataset(page, "version"))
    held = page.get_attribute("#tutorial", "data-held")
    press(page, target(page))
    page.wait_for_function(MOVED_ON.format(version=version, held=held), timeout=MOVE_TIMEOUT)


#: Where each game's board offers another legal move than the highlighted one: Autumn's other
#: colour; in Under the Leaves another spot for the highlighted tile (its take is accepted, the
#: placement refused).
OTHER_MOVE = {
    "autumn": ".autumn-dialog [data-action]:not(.tutorial-target)",
    "under-the-leaves": ".utl-anchor:not(.tutorial-target)",
    "undergrove": "[data-action]:not(.tutorial-target)",
    # a move sent at once (a card in the hand is only chosen): another column or objective
    "momiji": ".mj-column[data-action]:not(.tutorial-target), "
    ".mj-objective[data-action]:not(.tutorial-target)",
}


def try_a_wrong_move(page, game: str) -> bool:
    """Click a legal move the board offers that is not the step's; False when none shows."""
    ghost = page.locator("[data-ghost].tutorial-target")
    at = ghost.first.bounding_box() if ghost.count() else None
    others = page.locator(OTHER_MOVE[game])
    for i in range(others.count()):
        node = others.nth(i)
        box = node.bounding_box()
        if not node.is_visible() or box is None:
            continue
        if at and abs(box["x"] - at["x"]) < at["width"] and abs(box["y"] - at["y"]) < at["height"]:
            continue  # under the highlighted move's picture
        node.click()
        return True
    return False


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_tutorial_is_played_by_following_the_guide(browser, live, game: str, lang: str):
    script = tutorial.load(game)
    context, page = open_page(browser, lang)
    learn_from_lobby(page, live.base, game)
    refused = False
    while page.get_attribute("#tutorial", "data-done") != "true":
        n = int(page.get_attribute("#tutorial", "data-step") or "0")
        step = script.steps[n]
        assert not step.bot, "the guide waits for the learner at the bot's step"
        assert page.inner_text("#tutorial-say").strip() == localize(step.say, lang)
        if not refused and step.wrong is not None and try_a_wrong_move(page, game):
            page.wait_for_function(
                "document.getElementById('tutorial-wrong').textContent !== ''",
                timeout=MOVE_TIMEOUT,
            )
            now = int(page.get_attribute("#tutorial", "data-step") or "0")
            assert now in (n, n + 1)  # a tile taken and then misplaced is refused at its placement
            wrong = script.steps[now].wrong or tutorial.DEFAULT_WRONG
            assert page.inner_text("#tutorial-wrong").strip() == localize(wrong, lang)
            refused = True
            page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        click_target(page)
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        explained = script.steps[int(page.get_attribute("#tutorial", "data-step") or "0") - 1]
        if explained.explain is not None:
            shown = page.inner_text("#tutorial-explain").strip()
            assert shown == localize(explained.explain, lang)
    assert refused, "no step let the test try a wrong move"
    assert page.inner_text("#tutorial-say").strip() == localize(script.end, lang)
    if game == "autumn":  # its script is a whole round
        assert dataset(page, "status") == "finished"
    lesson = page.url
    page.click("#tutorial-real-game")  # the offer: a real game against the easy bot
    page.wait_for_url(lambda url: url != lesson, timeout=MOVE_TIMEOUT)
    page.wait_for_function(
        "document.body.dataset.status === 'playing' && document.body.dataset.you !== ''",
        timeout=MOVE_TIMEOUT,
    )
    assert page.locator("#tutorial").is_hidden()
    context.close()


def test_how_to_play_opens_the_tutorial(browser, live):
    context, page = open_page(browser, "en")
    page.goto(live.base + "/rules/autumn")
    page.click("[data-learn=autumn]")
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    assert page.inner_text("#tutorial-say").strip() == tutorial.load("autumn").steps[1].say
    context.close()


@pytest.mark.skipif(not os.environ.get("LEAFPILE_SCREENSHOTS"), reason="LEAFPILE_SCREENSHOTS")
@pytest.mark.parametrize("game", GAMES)
def test_take_the_tutorial_screenshots(browser, live, game: str):
    """A step a few moves in, with its explanation and its highlighted target."""
    for size, viewport, extra in (
        ("desktop", {"width": 1280, "height": 800}, {}),
        ("phone", {"width": 390, "height": 844}, {"has_touch": True, "is_mobile": True}),
    ):
        context, page = open_page(browser, "en", viewport, **extra)
        learn_from_lobby(page, live.base, game)
        if game == "momiji":  # a Play's first card chosen: its ghost in the row, the next lit
            held = page.get_attribute("#tutorial", "data-held")
            press(page, target(page), tap=bool(extra))
            page.wait_for_function(MOVED_ON.format(version=10**9, held=held), timeout=MOVE_TIMEOUT)
        for _ in range(0 if game == "momiji" else 2):
            version = int(dataset(page, "version"))
            press(page, target(page), tap=bool(extra))
            if extra and int(dataset(page, "version")) == version:  # tap again to confirm
                press(page, target(page), tap=True)
            page.wait_for_function(
                f"Number(document.body.dataset.version) > {version}", timeout=MOVE_TIMEOUT
            )
            page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"tutorial-{game}-{size}.png"))
        context.close()


def test_momiji_cards_chosen_against_the_guide_are_refused_and_the_page_goes_on(browser, live):
    """A learner who chooses another card than the highlighted one and presses Play hears why
    from the server (the step's words); the page is free again and the guide leads on."""
    script = tutorial.load("momiji")
    context, page = open_page(browser, "en")
    learn_from_lobby(page, live.base, "momiji")
    page.click(".mj-hand-card.usable:not(.tutorial-target)")
    assert page.get_attribute("#tutorial", "data-held") == "1"
    assert page.locator(".tutorial-target").count() == 0  # nothing of the script to point at
    page.click("#mj-confirm")
    page.wait_for_function(
        "document.getElementById('tutorial-wrong').textContent !== ''", timeout=MOVE_TIMEOUT
    )
    assert page.inner_text("#tutorial-wrong").strip() == script.steps[0].wrong
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    assert page.get_attribute("#tutorial", "data-held") == "0"
    for _ in range(3):  # the green 0, the green 1, then Play: the guide's first move is made
        click_target(page)
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    assert page.get_attribute("#tutorial", "data-step") == "3"
    context.close()
