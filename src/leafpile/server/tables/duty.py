"""What one server process does for the tables it shares with others (PostgreSQL, `serve
--workers N`): which ones it keeps up to date as changes are announced, and which ones it
drives (plays the bots of, enforces the clock of).

- A table another process opens is loaded here only when this process's lobby is next read
  or someone asks for it here.
- A process **follows** a table (catches its copy up on every announcement) only while
  someone connected to it listens there, while it drives the table, or while the table waits
  for players (rare changes, which the lobby shows). Any other copy is only marked `behind`
  and caught up on its next request (`TableManager.find`) or listener: an action costs one
  catch-up in each process that has someone at the table, not one in every process.
- A table in play with a bot seat, a stand-in or a clock has exactly one **driver**: the
  process holding its lock (`store.duty_locks`). A process tries to take the lock when a
  table needs a driver in its eyes (opened, started, a stand-in sat down, loaded), and every
  `SWEEP` seconds it takes the lock of every table that needs a driver and has none: one
  whose driver stopped or died (its connection, and so its locks, went with it) or that no
  process has heard of. Only the driver schedules bot turns and watches deadlines, so no two
  processes think about the same bot turn, and a turn is never left unplayed for longer
  than a sweep. The action log's primary key stays the last guard against a doubled move.

With one process (SQLite, or no sharing) the process follows and drives every table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Coroutine
from typing import Any, Protocol

from leafpile.server.errors import Refusal, StorageFailed, new_error_id
from leafpile.server.store.db import STORAGE_ERRORS, Database
from leafpile.server.store.duty_locks import DutyLocks, LocksLost
from leafpile.server.tables.live_table import PLAYING, WAITING, LiveTable
from leafpile.server.tables.seat_bots import SeatBots

log = logging.getLogger("leafpile.server")

HEARD_MAX = 10_000  # tables opened elsewhere, remembered until the lobby is read here
SWEEP = 1.0  # seconds between two looks for tables that need a driver and have none
#: What taking up a table may meet that a later sweep can heal (gone, damaged, unreadable).
PASSING: tuple[type[Exception], ...] = (Refusal, *STORAGE_ERRORS)


def needs_driver(table: LiveTable) -> bool:
    """Whether something happens at `table` without a person asking: a bot or a stand-in to
    play, a clock to run out."""
    if table.status != PLAYING:
        return False
    return table.clocks is not None or any(
        table.bot_of(seat) is not None for seat in range(len(table.seats))
    )


class Driving(Protocol):
    """The table manager as `Duty` sees it."""

    @property
    def tables(self) -> dict[str, LiveTable]:
        """The tables in this process's memory."""

    def find(self, table_id: Any) -> Awaitable[LiveTable]:
        """A table, loaded from the database if it is not in memory (and caught up)."""

    async def catch_up(self, table: LiveTable) -> None:
        """Take in what other processes stored at `table` (its lock is held)."""

    @property
    def seat_bots(self) -> SeatBots:
        """Who schedules the bots' turns."""

    def watch(self, table: LiveTable) -> None:
        """Note `table`'s clock deadline."""


class Duty:
    """The tables this process follows and drives (see the module's docstring)."""

    def __init__(self, manager: Driving, db: Database, idle_ttl: float) -> None:
        self.manager = manager
        self.idle_ttl = idle_ttl
        self.locks = DutyLocks(db) if db.shared else None
        self.db = db
        self.held: set[str] = set()  # the tables whose lock this process holds
        self.heard: dict[str, None] = {}  # opened by other processes, not loaded here yet
        self.tasks: set[asyncio.Task[None]] = set()
        self.sweeper: asyncio.Task[None] | None = None

    @property
    def sharing(self) -> bool:
        return self.locks is not None

    def follows(self, table: LiveTable) -> bool:
        """Whether an announced change of `table` is taken in at once (else: `behind`)."""
        return (
            self.locks is None or table.driven or bool(table.listeners) or table.status == WAITING
        )

    async def fresh(self, table: LiveTable) -> LiveTable:
        """`table`, caught up first if others changed it while nobody here followed it."""
        if table.behind:
            async with table.lock:
                if table.behind:
                    await self.manager.catch_up(table)
        return table

    def admit(self, table: LiveTable) -> None:
        """A table comes into memory: driven here only once its lock is held here."""
        table.driven = self.locks is None or table.id in self.held

    def consider(self, table: LiveTable) -> None:
        """After a change here: try to take a table that needs a driver and has none known
        here (once per copy: the sweep does the rest); let go of one that needs none."""
        if self.locks is None:
            return
        if table.id in self.held and table.status != PLAYING:
            self.let_go(table.id)
        elif not table.driven and not table.claim_tried and needs_driver(table):
            table.claim_tried = True
            self._spawn(self._claim([table.id]))

    def catch_up_soon(self, table: LiveTable) -> None:
        """Catch `table` up with the database in a task of its own (one at a time)."""
        if not table.catching_up:
            table.catching_up = True
            self._spawn(self._catch_up_later(table))

    async def _catch_up_later(self, table: LiveTable) -> None:
        try:
            async with table.lock:
                table.catching_up = False
                await self.manager.catch_up(table)
        except StorageFailed:  # logged; the next change or request catches up instead
            pass
        except Exception:  # a background task must not die silently
            log.exception("catching table %s up failed (error id %s)", table.id, new_error_id())

    def heard_new(self, table_id: str) -> None:
        """Another process opened `table_id`: it is loaded here when this process's lobby is
        next read (`load_heard`) or someone asks for it, not now (most never are, here)."""
        self.heard[table_id] = None
        if len(self.heard) > HEARD_MAX:  # nobody reads this lobby: the oldest wait for a request
            del self.heard[next(iter(self.heard))]

    async def load_heard(self) -> None:
        """Load the tables other processes opened since the lobby was last read here."""
        while self.heard:
            table_id = next(iter(self.heard))
            del self.heard[table_id]
            if table_id not in self.manager.tables:
                try:
                    await self.manager.find(table_id)
                except Refusal as e:  # gone again, or set aside (logged there)
                    log.info("table %s opened elsewhere is not loaded: %s", table_id, e.message)

    def let_go(self, table_id: str) -> None:
        """This process no longer drives `table_id` (finished, put away, forgotten)."""
        self.heard.pop(table_id, None)
        table = self.manager.tables.get(table_id)
        if table is not None:
            table.driven = False
        if self.locks is not None and table_id in self.held:
            self.held.discard(table_id)
            self._spawn(self._release(table_id))

    async def sweep(self) -> None:
        """Take every table that needs a driver and has none, and drive it."""
        if self.locks is None:
            return
        since = time.time() - self.idle_ttl  # older games without a clock are put away
        try:
            got = await self.db.run(self.locks.orphans, sorted(self.held), since)
        except LocksLost as e:
            self._lost(e)
            return
        await self._adopt(got)

    def start(self) -> None:
        if self.locks is not None:
            self.sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    def stop(self) -> None:
        """Let go of every table (called once the writes in flight are stored)."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        for task in list(self.tasks):
            task.cancel()
        if self.locks is not None:
            self.locks.close()
            self.held.clear()

    # -- inside ---------------------------------------------------------------------------------
    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                await self.sweep()
            except Exception:  # a background task must not die silently: logged, next sweep
                log.exception("looking for tables to drive failed (error id %s)", new_error_id())

    async def _claim(self, ids: list[str]) -> None:
        assert self.locks is not None
        try:
            got = await self.db.run(self.locks.claim, ids)
        except LocksLost as e:
            self._lost(e)
            return
        await self._adopt(got)

    async def _release(self, table_id: str) -> None:
        assert self.locks is not None
        try:
            await self.db.run(self.locks.release, [table_id])
        except LocksLost as e:
            self._lost(e)

    async def _adopt(self, ids: list[str]) -> None:
        """Drive the tables whose locks were just taken: each caught up with the database
        first (its copy may be behind, or not in memory), then its bot and clock started."""
        self.held.update(ids)
        for table_id in ids:
            try:
                table = await self.manager.find(table_id)
                table.driven = True
                async with table.lock:
                    await self.manager.catch_up(table)
            except PASSING as e:  # gone, damaged or unreadable: the next sweep tries again
                log.warning("table %s is not driven here: %s", table_id, e)
                self.let_go(table_id)
                continue
            if table.status != PLAYING:
                self.let_go(table_id)
            else:  # driven here from now on: its bot moves and its clock runs here
                self.manager.seat_bots.schedule(table)
                self.manager.watch(table)

    def _lost(self, error: LocksLost) -> None:
        """The locks' connection failed, so this process holds none: it drives nothing until
        its next sweep takes the tables again (another process may take them first)."""
        log.warning("lost the connection that holds the tables' locks: %s", error)
        self.held.clear()
        for table in self.manager.tables.values():
            table.driven = False
            table.claim_tried = False
