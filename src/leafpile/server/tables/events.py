"""One log line per table event: what changed (a new table, an action, a seat, a take-back,
what another process stored) as the table's id, game, version, status and the seat to move.
Never an action's text, a log line, a token or a view: those can name hidden cards."""

from __future__ import annotations

import logging

from leafpile.server.tables.live_table import LiveTable

log = logging.getLogger("leafpile.tables")


def log_change(table: LiveTable) -> None:
    if not log.isEnabledFor(logging.INFO):
        return
    fields = {
        "table": table.id,
        "game": table.game.info.name,
        "version": table.version,
        "status": table.status,
    }
    log.info("table changed", extra={"fields": fields})
