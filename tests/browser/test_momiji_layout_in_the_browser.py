"""Momiji's table at 1280 x 800, as a person at a desk sees it: the display and their hand on
the screen together, and the choice bar (the compost, the end of the turn) never over the other
players' panels; the keyboard: arrows move the focus from the page onto the cards, then to
the neighbouring card on the board, not the next one in a list; and the preview of what a
Play or an objective brings (the score before and after, by the engine, in the reader's
language)."""

from __future__ import annotations

from leafpile import tutorial
from leafpile.games.momiji.preview import after_action, after_stop
from leafpile.i18n import Msg, localize
from tests.browser.helpers import MOVE_TIMEOUT, create_from_lobby

READY = (
    "(() => { const d = document.body.dataset; return d.you === d.toMove"
    " && !document.body.classList.contains('waiting') && document.querySelector('.mj.my-turn')"
    " && document.querySelector('#mj-compost')})()"
)
MINUS = "\u2212"  # as the page writes a loss
#: Where an element is on the screen now.
RECT = "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
RECT += " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"


def desk(browser, live, lang: str = "en", **options: str):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(f"localStorage.setItem('leafpile.lang', '{lang}')")
    page = context.new_page()
    page.table = create_from_lobby(  # type: ignore[attr-defined]
        page,
        live.base,
        "momiji",
        ("bot:random", "bot:random"),
        drawn="document.querySelector('.mj-player')",
        first_player="0",
        **options,
    )
    page.wait_for_function(READY, timeout=MOVE_TIMEOUT)
    page.wait_for_function(  # the opening's flights (cards dealt to the display) have landed
        "document.getAnimations().every((a) => a.playState !== 'running')", timeout=MOVE_TIMEOUT
    )
    return context, page


def rect(page, selector: str) -> dict[str, float]:
    return dict(page.evaluate(RECT, selector))


def test_the_display_and_the_hand_are_on_a_desk_screen_together(browser, live):
    context, page = desk(browser, live)
    page.evaluate("window.scrollTo(0, 0)")  # as the page opens
    display, hand = rect(page, ".mj-display"), rect(page, ".mj-hand")
    for box in (display, hand):
        assert box["left"] >= 0 and box["right"] <= 1280
    assert display["top"] >= 0 and display["bottom"] <= 800, display
    # the hand's cards are on the screen (as the deal falls, the lines above it may push its
    # last few pixels below the fold: at most a sixth of it)
    assert hand["top"] >= 0 and hand["top"] + (hand["bottom"] - hand["top"]) * 5 / 6 <= 800, hand
    context.close()


def test_the_choice_bar_never_covers_the_other_players(browser, live):
    context, page = desk(browser, live)
    for i in range(page.locator(".mj-others .mj-player").count()):
        panel = page.locator(".mj-others .mj-player").nth(i)
        for block in ("start", "center", "end"):
            panel.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
            bar = rect(page, ".mj-bar")
            other = dict(panel.evaluate(RECT.replace("document.querySelector(s)", "s")))
            apart = bar["bottom"] <= other["top"] or other["bottom"] <= bar["top"]
            assert apart, (block, bar, other)
    context.close()


FOCUS = (
    "(() => { const a = document.activeElement; const r = a.getBoundingClientRect();"
    " return {cls: a.className, x: r.left + r.width / 2, y: r.top + r.height / 2}; })()"
)


def tutorial_deck() -> str:
    """The tutorial's fixed deck: an opening hand with three cards that start a pile."""
    return ",".join(map(str, tutorial.load("momiji").options["deck"]))


def test_arrows_reach_the_cards_and_step_to_the_neighbour_on_the_board(browser, live):
    """On a fixed deal: on a random one the hand may hold a single card one can play (only a
    0 starts a pile), and the arrow to its right rightly goes on to the landscapes."""
    context, page = desk(browser, live, deck=tutorial_deck())
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    page.keyboard.press("ArrowDown")  # nothing has the focus yet: the first choice gets it
    assert page.evaluate("scrollY") == 0, "the arrow scrolled the page"
    first = page.evaluate(FOCUS)
    assert "mj-column" in first["cls"], first
    # down from the display, step by step (a landscape tile that can be used may lie between
    # it and the hand, as the deal falls): each step goes down, and the hand is reached
    below = first
    for _ in range(4):
        page.keyboard.press("ArrowDown")
        step = page.evaluate(FOCUS)
        assert step["y"] > below["y"], (below, step)
        below = step
        if "mj-hand-card" in below["cls"]:
            break
    assert "mj-hand-card" in below["cls"], below
    page.keyboard.press("ArrowRight")
    right = page.evaluate(FOCUS)
    assert "mj-hand-card" in right["cls"], right
    assert right["x"] > below["x"] and abs(right["y"] - below["y"]) < 5, (below, right)
    page.keyboard.press("ArrowUp")  # and back up to the display
    assert "mj-column" in page.evaluate(FOCUS)["cls"]
    context.close()


def test_a_play_and_an_objective_preview_the_score_they_bring(browser, live):
    """The tutorial's opening hand (G0R, G1L, Y0R, O0L, R2, O3) with 5 acorns: the green 0 and
    1 chosen say what ending the Play there brings, an objective what activating it does, in
    French, as the engine computes them on the seat's own view (the preview's functions are
    the engine's rules played on a clone; the page only shows their numbers)."""
    context, page = desk(browser, live, "fr", start_acorns="5", deck=tutorial_deck())
    table = live.manager.tables[page.table]  # type: ignore[attr-defined]
    view = table.state.game.player_view(table.state, 0)
    page.click(".mj-hand-card[data-action='G0R']")
    page.click(".mj-hand-card[data-action='G1L']")
    played = view.clone()
    played.play("G0R")
    played.play("G1L")
    after = after_stop(played)
    assert after is not None and after["total"] == 5 + 2  # the green pile: 1 x 2 cards
    line = page.locator(".mj-plan .mj-preview")
    assert line.get_attribute("data-before") == "5"
    assert line.get_attribute("data-after") == str(after["total"])
    assert line.inner_text().startswith("Score 5 → 7 (+2)")
    assert localize(Msg("piles {n}", n="+2"), "fr") in line.inner_text()
    page.click("#mj-clear")
    objective = page.locator("button.mj-objective").first
    action = objective.get_attribute("data-action") or ""
    activated = after_action(view, view.parse_action(action))
    assert activated is not None and activated["acorns"] == 5 - 3
    shown = objective.locator(".mj-preview")
    assert shown.get_attribute("data-after") == str(activated["total"])
    assert f"Score 5 → {activated['total']}" in shown.inner_text()
    assert localize(Msg("acorns {n}", n=MINUS + "3"), "fr") in shown.inner_text()
    # a compost: its two cards, whichever, go face down for one acorn
    page.click("#mj-compost")
    composted = after_action(view, view.parse_action("compost"))
    assert composted is not None and composted["acorns"] == 5 + 1
    bar = page.locator(".mj-bar .mj-preview")
    assert bar.get_attribute("data-after") == str(composted["total"])
    assert f"Score 5 → {composted['total']}" in bar.inner_text()
    assert localize(Msg("acorns {n}", n="+1"), "fr") in bar.inner_text()
    context.close()
