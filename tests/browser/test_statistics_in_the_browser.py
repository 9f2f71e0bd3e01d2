"""Each game's statistics panel at the end of a game (bots only, watched as a spectator) and
in its replay: a score line per player, the game's tables with a column per player, and the
"Total" row the final scores the table shows."""

from __future__ import annotations

import pytest

from tests.browser.helpers import MOVE_TIMEOUT, bot_game

GAMES = [("autumn", 2), ("momiji", 3), ("under-the-leaves", 2), ("undergrove", 2)]


def _finished(base: str, game: str, players: int) -> tuple[str, list[float]]:
    table, snap = bot_game(base, game, players=players)
    return table, list(snap["scores"])


def _panel(page, players: int, scores: list[float]) -> None:
    page.wait_for_selector("#statistics .stats-table", timeout=MOVE_TIMEOUT)
    assert page.locator("#statistics .score-chart .series polyline").count() == players
    assert page.locator("#statistics .chart-legend li").count() == players
    for table in page.locator("#statistics .stats-table").all():
        assert table.locator("thead th").count() == players + 1
    total = page.locator("#statistics tr", has=page.locator("th[scope=row]", has_text="Total"))
    cells = total.last.locator("td").all_text_contents()
    assert [float(c) for c in cells] == scores


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_statistics_panel_at_the_end_and_in_the_replay(browser, live, game, players):
    table, scores = _finished(live.base, game, players)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{live.base}/table/{table}")
        _panel(page, players, scores)
        page.goto(f"{live.base}/replay/{table}")
        _panel(page, players, scores)
    finally:
        page.close()
