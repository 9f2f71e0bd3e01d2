"""Bot seats taking their turns: each move is asked of the worker pool and played through the
same checks as a person's click (`play`: the table manager's play under the table's lock).
Each table is its own owner in the pool's fair share; a table where a person sits comes
before the tables of bots only."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from leafpile.bots import BotSeat
from leafpile.server.errors import Refusal, StaleVersion, new_error_id
from leafpile.server.tables.live_table import HUMAN, PLAYING, LiveTable
from leafpile.server.workers import BOTS_ONLY, PEOPLE, BotPool

log = logging.getLogger("leafpile.server")

BOT_RETRY = 2.0  # seconds before a bot whose move failed or was refused tries again

#: Plays `text` for `seat` at `version` on a table (taking its lock), or refuses.
Play = Callable[[LiveTable, int, int, str], Awaitable[None]]


class SeatBots:
    """Schedules the move of whichever bot seat is to move at a table, one task per table.
    Bots wait `delay` seconds first, so people can follow the game."""

    def __init__(self, pool: BotPool, play: Play, delay: float = 0.0) -> None:
        self.pool = pool
        self.play = play
        self.delay = delay
        self.closing = False

    def schedule(self, table: LiveTable, delay: float | None = None) -> None:
        """Start the bot to move at `table`, if a bot is to move and none is on it."""
        if self.closing or table.status != PLAYING or not table.driven:  # another drives it
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        seat = table.position.to_move
        if seat < 0 or table.bot_of(seat) is None:  # its own bot, or one standing in
            return
        wait = self.delay if delay is None else delay
        table.bot_task = asyncio.get_running_loop().create_task(self._turn(table, seat, wait))

    async def _turn(self, table: LiveTable, seat: int, wait: float) -> None:
        """One move of a bot seat. A refused or failed move is logged (a failure with its
        traceback) and tried again after `BOT_RETRY` seconds, so a passing fault heals and a
        lasting one does not spin."""
        retry: float | None = None
        try:
            if wait:
                await asyncio.sleep(wait)
            position = table.position
            if position.to_move != seat or table.status != PLAYING:
                return
            script = table.script
            scripted = script.move(len(table.actions)) if script is not None else None
            if scripted is not None:  # a tutorial's bot plays the script's move
                text = scripted
            elif len(position.legal) == 1 and not BotSeat.asks_forced:
                text = position.legal[0]
            else:
                bot_name = table.bot_of(seat) or "random"
                view = position.seen_by(seat).view
                people = any(row.kind == HUMAN for row in table.seats)
                text = await self.pool.choose(
                    bot_name,
                    view,
                    table.seed,
                    seat,
                    position.version,
                    owner=table.id,
                    klass=PEOPLE if people else BOTS_ONLY,
                )
            await self.play(table, seat, position.version, text)
        except asyncio.CancelledError:
            raise
        except StaleVersion:  # another process's bot (or a catch-up) moved first: go on
            retry = None
        except Refusal as e:
            log.warning("bot move refused at table %s: %s (%s)", table.id, e.message, e.code)
            retry = BOT_RETRY
        except Exception:  # a background task must not die silently
            log.exception(
                "bot failed at table %s (error id %s); it tries again in %.0f s",
                table.id,
                new_error_id(),
                BOT_RETRY,
            )
            retry = BOT_RETRY
        finally:
            table.bot_task = None
        self.schedule(table, retry)
