"""A whole game of each game played on a phone (390x844, a touch screen) by taps only, against
a bot: on each turn the test taps what the renderer marks as a legal choice (or the first half
of a choice made in several taps), then the confirmation a touch screen asks for, until the
game is over. Then the end screen must be readable on the phone: the winner said in words, the
final scores broken down, all within the screen's width, nothing cut, nothing to scroll
sideways.

What a turn is, in taps: Autumn, a lit spot (the card is shown there) then "Place here", the
colour choice one tap; Momiji, a display column, an objective, a landscape or "End your turn"
then "Confirm", or cards of the hand (each shown on its pile) then "Play n cards", the
compost, hand limit and sale as cards then their button; Under the Leaves, a market tile, a
spot of the garden (shown with what it brings) then "Place here", a figure's ring; Undergrove,
a lit target or an action (after the first half of a two-tap choice) then "Confirm".

The options are the shortest a person can choose in the lobby for a whole game by the rules:
Autumn's one-round match ("a quick game"); Momiji and Under the Leaves at two players (no option
of theirs shortens a game; Momiji finishes the round once the deck is out); Undergrove at two
players, to the game's own end (a player's ninth track step), against the easy bot, the person
absorbing whenever they can (about 30 rounds): random play on both sides often goes on to the
50-round limit (11 of 20 games), which is a safety net, not the rules' end.

`LEAFPILE_SCREENSHOTS=1` also writes docs/screenshots/<game>-end-phone.png (the screen at the
end, from the top: the winner) and <game>-end-scores-phone.png (the breakdown whole).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from leafpile.server.api.snapshots import snapshot
from tests.browser.helpers import PHONE, create_from_lobby, play_to_end, tap_a_decision

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WIDTH = PHONE["viewport"]["width"]  # type: ignore[index]


@dataclass(frozen=True)
class Taps:
    """How a game's renderer offers its choices to a finger."""

    game: str
    #: the renderer has drawn the table and offers this seat its choices
    ready: str
    #: the renderer's marks of legal choices, and of the first halves of several-tap choices
    offered: str
    #: what confirms a choice a first tap only showed
    confirm: str
    #: the final scores, broken down (one or more elements)
    breakdown: str
    options: dict[str, str] = field(default_factory=dict)
    #: marks tapped first when offered: what a person aiming at the game's end would choose
    prefer: str = ""
    bot: str = "bot:random"


GAMES = [
    Taps(
        "autumn",
        ready="document.querySelector('.autumn[data-phase]') !== null",
        offered=".autumn [data-action], #rotate",  # the lit spots, the colour buttons
        confirm="#place",
        breakdown=".autumn-score-table, .autumn-round-end",
        options={"rounds": "1"},
    ),
    Taps(
        "momiji",
        ready="document.querySelector('.mj.my-turn') !== null",
        # the display, objectives, landscapes; the hand's playable cards; the bar's buttons
        offered=".mj [data-action], .mj-hand-card.usable:not(.chosen), #mj-end, #mj-stop, "
        "#mj-compost",
        confirm="#mj-confirm",
        breakdown=".mj-score-table",
    ),
    Taps(
        "under-the-leaves",
        ready="document.querySelector('.utl-garden') !== null",
        # the market's tiles and the figures' places; a tile's spots once it is picked
        offered=".utl [data-action], .utl-anchor, #utl-rotate, #utl-flip",
        confirm="#utl-place",
        breakdown=".utl-score-table",
    ),
    Taps(
        "undergrove",
        ready="document.querySelector('.ug-decision.mine') !== null",
        offered=".ug [data-action], .ug [data-pick]",
        confirm="#ug-confirm",
        breakdown=".ug-scores.final",
        prefer=".ug [data-action='absorb']",
        bot="bot:easy",
    ),
]


def unreadable(page, selector: str) -> list[str]:
    """What `selector` matches that a phone does not show whole: a box beyond the screen's
    width, or content wider than its box (cut off, or scrolled inside it)."""
    return list(
        page.evaluate(
            """([selector, width]) => [...document.querySelectorAll(selector)].flatMap((e) => {
              const r = e.getBoundingClientRect();
              const out = r.left < 0 || r.right > width;
              const cut = e.scrollWidth > e.clientWidth + 1;
              return out || cut ? [`${e.outerHTML.slice(0, 80)}: ${r.left}-${r.right}`] : [];
            })""",
            [selector, WIDTH],
        )
    )


@pytest.mark.parametrize("taps", GAMES, ids=[g.game for g in GAMES])
def test_a_whole_game_is_played_by_taps_on_a_phone(browser, live, taps: Taps):
    rng = random.Random(26)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table = create_from_lobby(
        page, live.base, taps.game, (taps.bot,), drawn=taps.ready, **taps.options
    )
    tapped: list[int] = []  # the taps of each decision
    play_to_end(
        page,
        lambda p: tapped.append(tap_a_decision(p, rng, taps.offered, taps.confirm, taps.prefer)),
        taps.ready,
    )
    snap = snapshot(live.manager.tables[table], 0)
    assert snap["status"] == "finished"
    # a finger's first tap only shows a choice: decisions took a second tap to confirm
    assert max(tapped) >= 2, tapped

    # the winner in words, with the players' names, and the final scores broken down
    names = [seat["name"] for seat in snap["seats"]]
    winner = page.locator("#winner")
    winner.scroll_into_view_if_needed()
    words = winner.inner_text()
    assert all(names[w] in words for w in snap["winners"]), (words, names, snap["winners"])
    assert ("wins" in words) == (len(snap["winners"]) == 1), words
    rows = page.locator(f":is({taps.breakdown}) tr")
    assert rows.count() >= 3, "a header, the score's parts and the total"
    totals = [float(page.inner_text(f":is({taps.breakdown}) [data-total='{p}']")) for p in (0, 1)]
    assert totals == snap["scores"]
    for part in ("#winner", "#result", taps.breakdown):
        assert page.locator(part).first.is_visible(), part
    cells = f":is({taps.breakdown}) :is(th, td)"
    assert unreadable(page, f"#winner, #result, {taps.breakdown}, {cells}") == []
    smallest = page.evaluate(
        """(s) => Math.min(...[...document.querySelectorAll(s)]
          .map((e) => parseFloat(getComputedStyle(e).fontSize)))""",
        f"#winner, :is({taps.breakdown}) :is(th, td)",
    )
    assert smallest >= 12, f"text of {smallest}px is too small to read on a phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    # the breakdown lies far below the result on a phone: one tap beside the result shows it
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#to-breakdown").tap()
    table = page.locator("#board [data-breakdown]")
    page.wait_for_function(
        """() => { const r = document.querySelector('#board [data-breakdown]')
            .getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; }"""
    )
    assert table.evaluate("(e) => e.matches(':focus')")
    assert errors == []
    if os.environ.get("LEAFPILE_SCREENSHOTS"):
        # the screen as the game ends, scrolled to the top, then the breakdown whole
        name = taps.game.replace("-", "_")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{name}-end-phone.png"))
        top, bottom = page.evaluate(
            """(s) => { const boxes = [...document.querySelectorAll(s)]
              .map((e) => (e.closest('.panel') || e).getBoundingClientRect());
              return [Math.min(...boxes.map((r) => r.top + scrollY)),
                      Math.max(...boxes.map((r) => r.bottom + scrollY))]; }""",
            taps.breakdown,
        )
        clip = {"x": 0, "y": top - 8, "width": WIDTH, "height": bottom - top + 16}
        page.screenshot(path=str(SHOTS / f"{name}-end-scores-phone.png"), full_page=True, clip=clip)
    context.close()
