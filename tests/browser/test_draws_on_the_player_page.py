"""A drawn rated game on a player's page reads "draw", not "won": a 6-6 Autumn draw with a
medium bot was listed as "won +0.0". The draw and a win are stored as the server stores rated
results (the ratings of a finished table, both places first for the draw), and the bot's page,
which lists its rated games, is read at both sizes."""

from __future__ import annotations

import os

import pytest

from leafpile.server.players import player_store
from leafpile.server.players.glicko2 import Rating
from leafpile.server.players.ratings import rate_seats
from leafpile.server.store.db import Database
from tests.browser.helpers import bot_game
from tests.patience import HANG_MS


def _rated(db: Database, table: str, places: dict[str, int]) -> None:
    def rate(before: dict[str, Rating]) -> dict[str, Rating]:
        return rate_seats(list(places), list(places.values()), before)

    assert player_store.store_game_ratings(db, table, "autumn", places, rate)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_drawn_rated_game_is_a_draw_on_the_players_page(browser, live, size):
    (drawn, _), (won, _) = bot_game(live.base, "autumn"), bot_game(live.base, "autumn")
    db = Database(live.db_url)
    try:
        _rated(db, drawn, {"bot:medium": 0, "bot:easy": 0})
        _rated(db, won, {"bot:medium": 0, "bot:easy": 1})
    finally:
        db.close()
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.goto(f"{live.base}/player/bot:medium")
    page.wait_for_selector(f"#games .game-item[data-table='{drawn}']", timeout=HANG_MS)
    result = page.inner_text(f"#games .game-item[data-table='{drawn}'] .result")
    assert result.startswith("draw") and "won" not in result, result
    assert page.inner_text(f"#games .game-item[data-table='{won}'] .result").startswith("won")
    if os.environ.get("LEAFPILE_LOOK"):  # a screenshot to look at, where it names a folder
        page.screenshot(
            path=os.path.join(os.environ["LEAFPILE_LOOK"], f"draw-{size[0]}.png"), full_page=True
        )
    page.context.close()
