"""Live tables: the authoritative games in memory, rebuilt from the database log.

This is the domain layer: tables, seats, tokens, turns and acting. It refuses with the errors
of `leafpile.server.errors` and knows nothing of HTTP, request bodies or sockets. One
`TableManager` owns every table. Each table has an asyncio lock: an action is checked (seat
token, version, turn, legality), its log lines and the next `Position` are built, it is
committed to the database, and only then does the table move on and its listeners hear of it.
So whoever hears of an action can rely on it surviving a restart, and anything that fails
before the commit (a rules bug, a display bug, the database) leaves the table as it was.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from leafpile.i18n import Msg
from leafpile.server import metrics
from leafpile.server.errors import (
    BadToken,
    Conflict,
    Damaged,
    NoToken,
    NotYourTurn,
    Refusal,
    StaleVersion,
    StorageFailed,
    TableNotFound,
)
from leafpile.server.store.action_writer import ActionWriter
from leafpile.server.store.db import (
    STORAGE_ERRORS,
    ConflictError,
    Database,
)
from leafpile.server.store.schema import Change, LoadedTable
from leafpile.server.tables import takebacks
from leafpile.server.tables.duty import Duty
from leafpile.server.tables.events import log_change
from leafpile.server.tables.live_table import FINISHED, WAITING, Listener, LiveTable
from leafpile.server.tables.lobby import LobbyQuery, lobby_page
from leafpile.server.tables.moves import apply_move, prepare_move
from leafpile.server.tables.opening import NewTable, open_table
from leafpile.server.tables.rebuild import rebuild
from leafpile.server.tables.seat_bots import SeatBots
from leafpile.server.tables.seating import Seating
from leafpile.server.tables.timekeeper import Timekeeper
from leafpile.server.workers import BotPool

log = logging.getLogger("leafpile.server")

LOBBY_MAX = 200  # finished tables loaded at start-up, newest first (for the lobby)
COLD_MAX = 1000  # finished tables kept in memory once loaded or finished
WAITING_TTL = 3600.0  # seconds a waiting table nobody joins or watches stays open
#: [D] seconds a game in play may sit unchanged and unwatched, waiting for a person without
#: a clock, before it is put away: out of memory, loaded again when someone asks for it
IDLE_TTL = 1800.0


class TableManager:
    """Every table of this server, their persistence and their seat bots. `publish(table)`
    is called after every change so the wire contract (`api.snapshots.broadcast`) can push
    it to the table's listeners."""

    def __init__(
        self,
        db: Database,
        bots: BotPool,
        *,
        bot_delay: float = 0.0,
        publish: Callable[[LiveTable], None] | None = None,
        waiting_ttl: float = WAITING_TTL,
        idle_ttl: float = IDLE_TTL,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.now = now  # the clocks' time: injectable, so tests can drive it
        self.seating = Seating(self)
        self.timekeeper = Timekeeper(now, self.seating.time_out)
        self.waiting_ttl = waiting_ttl
        self.idle_ttl = idle_ttl
        self.sweeper: asyncio.Task[None] | None = None
        self.bots = bots
        self.seat_bots = SeatBots(bots, self._play_locked, bot_delay)
        self._broadcast: Callable[[LiveTable], None] = publish or (lambda _table: None)
        #: called when a game ends here, once its last action is stored (the ratings)
        self.on_finish: Callable[[LiveTable], None] = lambda _table: None
        #: the rooms above that hear other processes' changes of their own kinds (the chat)
        self.hearers: dict[str, Callable[[Change], None]] = {}
        self.tables: dict[str, LiveTable] = {}
        self.broken: set[str] = set()  # tables whose rows cannot be rebuilt: set aside
        self.cold: OrderedDict[str, None] = OrderedDict()  # finished tables loaded on demand
        self.writer = ActionWriter(db)
        self.listener: threading.Thread | None = None
        #: while starting: the tables other processes changed meanwhile (caught up after)
        self.missed: set[str] | None = set()
        self.duty = Duty(self, db, idle_ttl)  # what this process follows and drives

    # -- start and stop -----------------------------------------------------------------------
    async def start(self) -> None:
        """Load the tables still in play (and the newest finished ones, for the lobby) from
        their snapshots: start-up time follows the tables in play, not the history. Older
        finished tables are loaded when someone asks for one (`find`)."""
        await self.db.run(self.db.migrate)
        if self.db.shared:  # other server processes may share the database: hear them
            loop = asyncio.get_running_loop()

            def hear(change: Change) -> None:  # in the listening thread
                loop.call_soon_threadsafe(self.heard, change)

            self.listener = threading.Thread(
                target=self.db.listen, args=(hear,), name="leafpile-listen", daemon=True
            )
            self.listener.start()
            await loop.run_in_executor(None, self.db.listening.wait, 10.0)
        awake_since = time.time() - self.idle_ttl  # older unclocked games stay put away
        ids = await self.db.run(self.db.table_ids, LOBBY_MAX, awake_since)
        for raw in await self.db.run(self.db.load_tables, ids):
            self._admit(raw)
        missed, self.missed = self.missed or set(), None  # heard while they were loading
        for table_id in sorted(missed):
            if table_id not in self.tables:
                await self._load_new(table_id)
                continue
            async with self.tables[table_id].lock:
                await self.catch_up(self.tables[table_id])
        if self.broken:
            log.error(
                "%d table(s) set aside, not served (see their tracebacks above): %s",
                len(self.broken),
                ", ".join(sorted(self.broken)),
            )
        await self.duty.sweep()  # the tables in play that no other process drives
        for table in self.tables.values():
            self.seat_bots.schedule(table)
        self.timekeeper.start()
        self.duty.start()
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self, drain: float = 5.0) -> None:
        """Stop: no bot waits for its decision any more, the writes in flight are finished
        (for at most `drain` seconds), then the database is closed."""
        self.seat_bots.closing = True
        self.timekeeper.stop()
        if self.sweeper is not None:
            self.sweeper.cancel()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        await self.writer.drain(drain)
        self.writer.stop()
        self.duty.stop()  # after the writes: another process drives the tables from here on
        self.bots.shutdown()
        self.db.close()
        if self.listener is not None:  # it hands changes to this loop: let it end first
            await asyncio.to_thread(self.listener.join, 5.0)

    def _admit(self, raw: LoadedTable, table: LiveTable | None = None) -> LiveTable | None:
        """Serve a stored table (rebuilt here, or already as `table`), or set it aside
        (logged with its traceback) when its rows cannot be rebuilt: one bad table must not
        keep the others down."""
        try:
            table = table or rebuild(raw)
        except Exception:  # reported with the traceback; the table is set aside, not served
            log.exception("table %s cannot be rebuilt from its rows; it is set aside", raw.id)
            self.broken.add(raw.id)
            return None
        table.now = self.now
        self.duty.admit(table)
        self.timekeeper.watch(table)
        return self.tables.setdefault(table.id, table)

    async def _admit_later(self, raw: LoadedTable) -> LiveTable | None:
        """`_admit` for a table asked for while serving: rebuilt in a worker thread (a table
        stored before snapshots is replayed whole), never on the event loop."""
        try:
            table = await asyncio.to_thread(rebuild, raw)
        except Exception:  # reported with the traceback; the table is set aside, not served
            log.exception("table %s cannot be rebuilt from its rows; it is set aside", raw.id)
            self.broken.add(raw.id)
            return None
        return self._admit(raw, table)

    # -- abandoned tables ------------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        """Expire abandoned waiting tables now and then, for as long as the server runs."""
        while True:
            await asyncio.sleep(min(60.0, self.waiting_ttl / 2))
            try:
                await self.sweep()
            except STORAGE_ERRORS:  # the database is away: try again next time
                log.exception("cannot expire abandoned tables")

    async def sweep(self) -> list[str]:
        """Close the waiting tables nobody seated has touched for `waiting_ttl` seconds
        (they would fill the lobby for ever); returns their ids. Watching keeps no table
        alive: only a seated person's connection (or a seat taken) does."""
        watched = [
            t.id
            for t in self.tables.values()
            if t.status == WAITING and any(lst.seat is not None for lst in t.listeners)
        ]
        cutoff = time.time() - self.waiting_ttl
        gone = await self.db.run(self.db.expire_waiting, watched, cutoff)
        for table_id in gone:
            self._forget(table_id)
        if gone:
            log.info("expired %d abandoned waiting table(s)", len(gone))
        self.put_away_idle()
        return gone

    def put_away_idle(self) -> list[str]:
        """Take out of memory the games in play that wait for a person without a clock and
        that nobody has changed or watched for `idle_ttl` seconds (abandoned games would
        otherwise pile up for ever); `find` loads one again, from the database, when someone
        asks for it. Returns their ids. A clocked game stays: its clock ends it."""
        now = time.time()
        idle = [t for t in self.tables.values() if t.idle(now, self.idle_ttl)]
        for table in idle:
            del self.tables[table.id]
            table.put_away = True
            self.duty.let_go(table.id)
        if idle:
            log.info("put away %d idle game(s) in play", len(idle))
        return [t.id for t in idle]

    def changed(self, table: LiveTable) -> None:
        """The one step after every change of a table, once it is stored and applied here:
        a new table, an action, a seat change, a take-back, or what another process stored.
        A finished table joins the cold ones (`_keep_cold`), everyone listening hears of it
        (`publish`), the bot to move (if any) is scheduled, and the running clock's deadline
        is watched. Each part is a no-op where it does not apply: nobody listens to a table
        just created, a table in play is not cold, a change that leaves the clocks as they
        were (a take-back within a turn) only notes the same deadline again."""
        self._keep_cold(table)
        log_change(table)
        self.publish(table)
        self.seat_bots.schedule(table)
        self.timekeeper.watch(table)
        self.duty.consider(table)

    def watch(self, table: LiveTable) -> None:
        """Note `table`'s deadline again, its clocks unchanged (see `Seating.expire`)."""
        self.timekeeper.watch(table)

    def publish(self, table: LiveTable) -> None:
        """Tell everyone listening that `table` changed (and note when, for `put_away_idle`):
        a part of `changed`, and alone when only a seat's presence changed."""
        table.last_change = time.time()
        self._broadcast(table)

    def _forget(self, table_id: str) -> None:
        table = self.tables.pop(table_id, None)
        if table is not None and table.bot_task is not None:
            table.bot_task.cancel()
        self.duty.let_go(table_id)

    def open_tables_of(self, client: str) -> int:
        """How many waiting tables `client` has opened."""
        return sum(1 for t in self.tables.values() if t.creator == client and t.status == WAITING)

    # -- lookups --------------------------------------------------------------------------------
    def get(self, table_id: Any) -> LiveTable:
        """A table in memory (every table in play is)."""
        if not isinstance(table_id, str) or table_id not in self.tables:
            raise TableNotFound(Msg("there is no table {table!r}", table=str(table_id)[:40]))
        return self.tables[table_id]

    async def find(self, table_id: Any) -> LiveTable:
        """A table in memory, or else loaded from the database (an old finished table, or
        one another server process opened)."""
        if isinstance(table_id, str) and table_id in self.tables:
            return await self.duty.fresh(self.tables[table_id])  # caught up if behind
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise TableNotFound(Msg("there is no table {table!r}", table=str(table_id)[:40]))
        if table_id in self.broken:
            raise Damaged(Msg("this table's stored log is damaged; it is set aside"))
        try:
            loaded = await self.db.run(self.db.load_tables, [table_id])
        except STORAGE_ERRORS:
            log.exception("cannot load table %s", table_id)
            raise StorageFailed(Msg("the table could not be read; try again")) from None
        if not loaded:
            raise TableNotFound(Msg("there is no table {table!r}", table=table_id))
        table = await self._admit_later(loaded[0])
        if table is None:
            raise Damaged(Msg("this table's stored log is damaged; it is set aside"))
        if self.db.shared:  # what other processes announced while it loaded went unheard
            async with table.lock:
                await self.catch_up(table)
        self._keep_cold(table)
        self.seat_bots.schedule(table)
        self.duty.consider(table)
        return table

    def _keep_cold(self, table: LiveTable) -> None:
        """Remember a finished table loaded on demand; forget the least recently loaded
        ones past `COLD_MAX` (nobody watching), so memory does not grow with history."""
        if table.status != FINISHED:
            return
        self.cold[table.id] = None
        self.cold.move_to_end(table.id)
        while len(self.cold) > COLD_MAX:
            old, _ = self.cold.popitem(last=False)
            gone = self.tables.get(old)
            if gone is not None and not gone.listeners:
                del self.tables[old]

    async def lobby(self, query: LobbyQuery | None = None) -> tuple[list[LiveTable], int]:
        """A page of the public tables, newest first, and how many match (a private one is
        reached only by its invite link); those others changed meanwhile are caught up."""
        await self.duty.load_heard()  # the tables opened elsewhere since it was last read
        page, total = lobby_page(self.tables.values(), query or LobbyQuery())
        return [await self.duty.fresh(table) for table in page], total

    # -- creating and joining -------------------------------------------------------------------
    async def create(
        self, new: NewTable, creator: str | None = None
    ) -> tuple[LiveTable, str | None]:
        """Open a table (seating its creator if asked); returns it and the creator's token."""
        row, table, token = open_table(new, creator, self.now())
        table.now = self.now
        self.duty.admit(table)
        try:
            await self.db.run(self.db.create_table, row)
        except STORAGE_ERRORS:
            log.exception("cannot store a new table")
            raise StorageFailed(
                Msg("the table could not be stored, so it was not opened")
            ) from None
        self.tables[table.id] = table
        self.changed(table)  # nobody listens yet: only its bots and its clock start
        return table, token

    # -- acting ---------------------------------------------------------------------------------
    async def act(
        self, table: LiveTable, token: Any, version: int, text: str, joins: bool = False
    ) -> int:
        """Play `text` at `version` for the seat holding `token` (`joins`: as the next part of
        the click that sent its previous action); returns that seat."""
        async with table.lock:
            seat = await self.acting_seat(table, token, version)
            await self._play(table, seat, version, text, joins)
        return seat

    async def acting_seat(self, table: LiveTable, token: Any, version: int) -> int:
        """The seat holding `token`, about to act at `version` (the table's lock is held):
        caught up first with what other processes stored, and handed to a bot instead if its
        clock has run out."""
        if not isinstance(token, str) or not token:
            raise NoToken(Msg("this needs your seat token"))
        seat = table.seat_of(token)
        if seat is None and self.db.shared:  # taken through another process, maybe
            await self.catch_up(table)
            seat = table.seat_of(token)
        if seat is None:
            raise BadToken(Msg("that token holds no seat at this table"))
        if version > table.version and self.db.shared:  # others played on: catch up
            await self.catch_up(table)
        await self.seating.before_person_acts(table, seat)
        return seat

    async def take_back(self, table: LiveTable, token: Any, version: int) -> int:
        """Take back the last decision of the seat holding `token`, seen at `version`
        (`takebacks`); returns the seat. Refusals change nothing."""
        async with table.lock:
            seat = await self.acting_seat(table, token, version)
            await takebacks.take_back(self, table, seat, version)
        return seat

    async def seat_for(self, table: LiveTable, token: Any) -> int | None:
        """The seat holding `token` (None: none), after catching up with the other server
        processes when it is not known here (it may have been taken through another)."""
        seat = table.seat_of(token) if isinstance(token, str) else None
        if seat is None and token and self.db.shared:
            async with table.lock:
                await self.catch_up(table)
            seat = table.seat_of(token)
        return seat

    # -- other server processes -----------------------------------------------------------------
    def heard(self, change: Change) -> None:
        """Another process changed a table (on the event loop): catch the copy here up."""
        hearer = self.hearers.get(change.kind)
        if hearer is not None:  # not a change of the game: the room that made it hears it
            hearer(change)
            return
        if self.missed is not None:  # still loading the tables: they are caught up after
            self.missed.add(change.table_id)
            return
        if change.kind == "gone":
            self._forget(change.table_id)
            return
        if change.kind == "new":  # loaded when this process's lobby is read, or it is asked for
            self.duty.heard_new(change.table_id)
            return
        table = self.tables.get(change.table_id)
        if table is None:
            return
        if change.kind in ("action", "undo") and change.version <= table.version:
            return
        if not self.duty.follows(table):  # nobody here at it: caught up when next asked for
            table.behind = True
            return
        self.duty.catch_up_soon(table)

    async def _load_new(self, table_id: str) -> None:
        try:
            await self.find(table_id)
        except Refusal as e:  # gone again, or set aside (logged there)
            log.info("table %s opened elsewhere is not loaded: %s", table_id, e.message)

    async def catch_up(self, table: LiveTable) -> None:
        """Bring the copy of `table` here up to the database: seats taken and actions
        stored through other processes (the table's lock is held). Each action is checked
        against the rules as at start-up; its log lines come stored with it."""
        table.behind = False  # an announcement from here on marks it again
        try:
            changes = await self.db.run(
                self.db.changes_since, table.id, len(table.actions), table.notes
            )
        except STORAGE_ERRORS:
            log.exception("cannot read table %s's changes", table.id)
            table.behind = True  # the next request tries again
            raise StorageFailed(Msg("the table could not be read; try again")) from None
        if changes is not None and changes.revision != table.revision:
            await takebacks.reload(self, table)  # a take-back elsewhere: the log was cut
        elif changes is not None and table.catch_up(changes):
            self.changed(table)

    async def _play_locked(self, table: LiveTable, seat: int, version: int, text: str) -> None:
        async with table.lock:
            if table.bot_of(seat) is None:  # its person took the seat back meanwhile
                raise NotYourTurn(Msg("a person plays this seat now"), table=table, seat=seat)
            await self._play(table, seat, version, text)

    async def _play(
        self, table: LiveTable, seat: int, version: int, text: str, joins: bool = False
    ) -> None:
        """Check, commit, then apply one action of `seat` (the table's lock is held)."""
        start = time.perf_counter()
        move = prepare_move(table, seat, version, text, self.now(), joins)
        try:
            await self.writer.append(move.row)
        except ConflictError:  # another server process stored this number first
            if not self.db.shared:
                raise Conflict(Msg("another action was stored first; reload the table")) from None
            await self.catch_up(table)
            raise StaleVersion(
                Msg(
                    "another action was stored first: the table is at version {now}",
                    now=table.version,
                ),
                table=table,
                seat=seat,
            ) from None
        except STORAGE_ERRORS:
            log.exception("cannot store an action of table %s", table.id)
            raise StorageFailed(
                Msg("the action could not be stored, so it was not played")
            ) from None
        apply_move(table, move)  # committed: now it is true
        self.changed(table)
        by = "person" if table.bot_of(seat) is None else "bot"
        metrics.meter.action(table.game.info.name, by, time.perf_counter() - start)
        if move.finished:  # rated here, by the process that stored the last action (only)
            metrics.meter.game_over(table.game.info.name)
            self.on_finish(table)

    # -- listeners ------------------------------------------------------------------------------
    # Only a seat's presence changing is pushed to everyone (its "connected" flag); a
    # spectator coming or going costs nobody else anything, however many there are.
    def listen(self, table: LiveTable, listener: Listener) -> None:
        table.listeners.append(listener)
        if table.behind:  # changed since it was found: followed from now on
            self.duty.catch_up_soon(table)

    def unlisten(self, table: LiveTable, listener: Listener) -> None:
        if listener in table.listeners:
            before = table.connected_seats()
            table.listeners.remove(listener)
            if table.connected_seats() != before:
                self.publish(table)

    def speak_for(self, table: LiveTable, listener: Listener, seat: int | None) -> None:
        """`listener` now speaks for `seat` (None: watches)."""
        before = table.connected_seats()
        listener.seat = seat
        if table.connected_seats() != before:
            self.publish(table)
