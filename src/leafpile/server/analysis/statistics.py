"""The end-of-game statistics of a finished table (each game's `statistics.py`, see
engine/statistics.py): computed from the record in the worker pool, in every language at
once, and kept per table (a finished record never changes)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from leafpile import i18n
from leafpile.engine import GameRecord
from leafpile.engine.statistics import as_json, statistics_of
from leafpile.games import GAMES
from leafpile.i18n import Msg
from leafpile.server.errors import NotFinished
from leafpile.server.tables.live_table import FINISHED, LiveTable
from leafpile.server.workers import BotPool

KEPT = 256  # finished tables whose statistics are kept in memory


def build(game_name: str, record: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The statistics of a record in every language (runs in a worker: it replays the game)."""
    game = GAMES[game_name]
    stats = statistics_of(game, GameRecord.from_dict(record))
    return {lang: as_json(stats, lang) for lang in i18n.LANGUAGES}


class StatisticsCache:
    """Finished tables' statistics, the newest `KEPT` of them."""

    def __init__(self) -> None:
        self.kept: OrderedDict[str, dict[str, dict[str, Any]]] = OrderedDict()

    async def of(self, pool: BotPool, table: LiveTable, lang: str) -> dict[str, Any]:
        if table.status != FINISHED:
            raise NotFinished(Msg("the statistics come when the game is over"))
        found = self.kept.get(table.id)
        if found is None:
            record = table.finished_record().to_dict()
            found = await pool.run(build, table.game.info.name, record)
            self.kept[table.id] = found
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        self.kept.move_to_end(table.id)
        return {"type": "statistics", "table": table.id, **found[lang]}
