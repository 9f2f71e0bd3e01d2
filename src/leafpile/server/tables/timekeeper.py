"""The one task that enforces clocks: it sleeps until the nearest deadline of any table (a
heap of deadlines), wakes when a nearer one is set, and hands each table whose running clock
has reached zero to `due` (which has a bot stand in). No table is polled: a table is looked
at when its own deadline comes, and a deadline that moved on (the player moved) is dropped.

Time is the manager's injectable `now()`; a test with a fake clock calls `expire()` itself
after moving its clock on.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
from collections.abc import Awaitable, Callable

from leafpile.server import metrics
from leafpile.server.errors import Refusal, new_error_id
from leafpile.server.store.db import STORAGE_ERRORS
from leafpile.server.tables.live_table import PLAYING, LiveTable

log = logging.getLogger("leafpile.server")

RETRY = 2.0  # seconds before a table whose timeout could not be handled is tried again
#: What handling a timeout may meet that a retry can heal (the database away, a refusal).
PASSING: tuple[type[Exception], ...] = (Refusal, *STORAGE_ERRORS)


def deadline_of(table: LiveTable) -> float | None:
    if table.clocks is None or table.status != PLAYING or not table.driven:  # not here
        return None
    return table.clocks.deadline()


class Timekeeper:
    def __init__(
        self, now: Callable[[], float], due: Callable[[LiveTable], Awaitable[None]]
    ) -> None:
        self.now = now
        self.due = due
        self.heap: list[tuple[float, int, LiveTable]] = []
        self.order = itertools.count()  # ties never compare tables
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def watch(self, table: LiveTable) -> None:
        """Note `table`'s deadline (after any change of its clocks)."""
        deadline = deadline_of(table)
        if deadline is None:
            return
        nearest = self.heap[0][0] if self.heap else None
        heapq.heappush(self.heap, (deadline, next(self.order), table))
        if nearest is None or deadline < nearest:
            self.wake.set()

    def next_deadline(self) -> float | None:
        return self.heap[0][0] if self.heap else None

    async def _run(self) -> None:
        while True:
            self.wake.clear()
            await self.expire()
            nearest = self.next_deadline()
            delay = None if nearest is None else max(0.0, nearest - self.now())
            with contextlib.suppress(TimeoutError):  # a deadline came
                await asyncio.wait_for(self.wake.wait(), delay)

    async def expire(self) -> None:
        """Hand every table whose deadline has passed to `due`; a failure is logged and
        tried again after `RETRY` seconds."""
        now = self.now()
        while self.heap and self.heap[0][0] <= now:
            _, _, table = heapq.heappop(self.heap)
            current = deadline_of(table)
            if current is None or current > now:
                continue  # the table moved on since: a later deadline has its own entry
            try:
                await self.due(table)
                metrics.meter.timeout(table.game.info.name)
            except PASSING as e:
                log.warning("table %s: timeout not handled (%s); retrying", table.id, e)
                heapq.heappush(self.heap, (now + RETRY, next(self.order), table))
            except Exception:  # a background task must not die silently: logged, retried
                log.exception("table %s: timeout failed (error id %s)", table.id, new_error_id())
                heapq.heappush(self.heap, (now + RETRY, next(self.order), table))
