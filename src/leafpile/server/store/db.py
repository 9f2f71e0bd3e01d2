"""Persistence: tables (matches), their seats and the append-only log of accepted actions.

The action log is the source of truth: a table's state is rebuilt by replaying it from the
table's game, options and seed. Every call here is synchronous (SQLAlchemy Core); the server
runs them in worker threads so the event loop never waits on the database.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    and_,
    create_engine,
    event,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from leafpile.server import metrics
from leafpile.server.store.announcements import announcement, read_change
from leafpile.server.store.schema import (
    Change,
    LoadedTable,
    SeatNote,
    SeatRow,
    StoredAction,
    TableChanges,
    TableRow,
    TableSettings,
    actions,
    seat_notes,
    seats,
    snapshots,
    tables,
    takebacks,
)

T = TypeVar("T")
log = logging.getLogger("leafpile.server")


def _seat_note(row: Any) -> SeatNote:
    return SeatNote(row.seq, row.revision, row.before, row.seat, row.kind, row.level)


#: What a failing database raises (SQLAlchemy wraps every driver error; OSError: the disk).
#: The server answers these as "could not be stored"; anything else is a bug.
STORAGE_ERRORS: tuple[type[Exception], ...] = (SQLAlchemyError, OSError)


class ConflictError(Exception):
    """Another writer got there first (same action number, or the seat was taken)."""


def normalise_url(url: str) -> str:
    """Accept plain `postgresql://` URLs and use the psycopg 3 driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=8
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


MIGRATION_LOCK = 0x1EAF0001  # the PostgreSQL advisory lock held while migrating


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (creates it on an empty database)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # several processes starting at once migrate one after the other: the next one
            # finds the schema at the head (without the lock, two CREATE TABLEs collide)
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


CHANNEL = "leafpile"  # PostgreSQL NOTIFY channel: one server process tells the others


class Database:
    """The server's only door to the database. With PostgreSQL, every change is announced
    to the other server processes (NOTIFY, delivered on commit) and `listen` hears theirs."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.shared = self.engine.dialect.name == "postgresql"  # other processes may use it
        self.origin = secrets.token_hex(6)  # this process, in its announcements
        self.listening = threading.Event()
        self.stopping = threading.Event()
        # SQLite has one writer at a time, and a writer that finds the file locked sleeps in
        # growing steps: one thread for all its work avoids that wait (and keeps order).
        workers = 1 if normalise_url(url).startswith("sqlite") else 8
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="db")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run one of the methods below in the database threads, off the event loop (timed
        for the metrics, by the method's name)."""
        loop = asyncio.get_running_loop()
        start = time.perf_counter()
        result = await loop.run_in_executor(self.executor, fn, *args)
        metrics.meter.database(getattr(fn, "__name__", "other"), time.perf_counter() - start)
        return result

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        self.stopping.set()
        self.engine.dispose()
        self.executor.shutdown(wait=False)

    # -- between server processes (PostgreSQL) -----------------------------------------------
    def announce(self, conn: Connection, kind: str, table_id: str, version: int = 0) -> None:
        """Tell the other processes (on commit of `conn`, the transaction that stores the
        change) that `table_id` changed: every module that stores a change announces it."""
        if self.shared:
            payload = announcement(self.origin, kind, table_id, version, time.time())
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})

    def listen(self, hear: Callable[[Change], None]) -> None:
        """Call `hear` with every change the other processes announce, until `close` (runs
        in its own thread; reconnects after a lost connection)."""
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not self.stopping.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            change = read_change(note.payload)
                            if change is not None and change.origin != self.origin:
                                if change.sent:
                                    metrics.meter.heard(time.time() - change.sent)
                                hear(change)
            except psycopg.Error:
                log.exception("lost the connection that hears other processes; reconnecting")
                self.listening.clear()
                self.stopping.wait(1.0)

    def changes_since(self, table_id: str, version: int, notes: int = 0) -> TableChanges | None:
        """The table's status, seats, actions from `version` on and seat notes from number
        `notes` on (None: no such table)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(tables.c.status, tables.c.revision).where(tables.c.id == table_id)
            ).first()
            if row is None:
                return None
            clock_state = conn.execute(
                select(tables.c.clock_state).where(tables.c.id == table_id)
            ).scalar()
            seat_rows = [
                SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, s.stand_in, s.player)
                for s in conn.execute(
                    select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
                )
            ]
            stored = list(
                conn.execute(
                    select(actions)
                    .where(actions.c.table_id == table_id, actions.c.n >= version)
                    .order_by(actions.c.n)
                )
            )
            new_notes = [
                _seat_note(note)
                for note in conn.execute(
                    select(seat_notes)
                    .where(seat_notes.c.table_id == table_id, seat_notes.c.seq >= notes)
                    .order_by(seat_notes.c.seq)
                )
            ]
        found = [(a.n, a.seat, a.notation, a.lines) for a in stored]
        played_by = {a.n: a.played_by for a in stored if a.played_by is not None}
        joins = {a.n for a in stored if a.joins}
        return TableChanges(
            row.status, seat_rows, found, clock_state, played_by, row.revision, new_notes, joins
        )

    def create_table(self, row: TableRow) -> None:
        now = time.time()
        settings = row.settings or TableSettings()
        with self.engine.begin() as conn:
            conn.execute(
                tables.insert().values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=json.dumps(row.options, sort_keys=True),
                    seed=row.seed,
                    status=row.status,
                    created_at=row.created_at,
                    updated_at=now,
                    private=settings.private,
                    clock=settings.clock,
                    clock_state=settings.clock_state,
                    replacement=settings.replacement,
                    host_hash=settings.host_hash,
                    rated=row.rated,
                    start_state=None
                    if row.start_state is None
                    else json.dumps(row.start_state, sort_keys=True),
                    analysis_of=row.analysis_of,
                    tutorial=row.tutorial,
                )
            )
            conn.execute(
                seats.insert(),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "player": s.player,
                    }
                    for s in row.seats
                ],
            )
            self.announce(conn, "new", row.id)

    def take_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        new_status: str | None,
        clock_state: str | None = None,
        player: str | None = None,
    ) -> None:
        """Give an open human seat to a player (`player`: their profile, if they have one);
        ConflictError if it was taken meanwhile."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.kind == "human",
                    seats.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash, player=player)
            )
            if result.rowcount != 1:
                raise ConflictError("that seat has just been taken")
            values: dict[str, Any] = {"updated_at": time.time()}
            if new_status is not None:
                values["status"] = new_status
            if clock_state is not None:
                values["clock_state"] = clock_state
            conn.execute(update(tables).where(tables.c.id == table_id).values(**values))
            self.announce(conn, "seat", table_id)

    def expire_waiting(self, watched: list[str], cutoff: float) -> list[str]:
        """Mark the waiting tables someone watches as alive, then delete those nobody has
        joined or watched since `cutoff` (wall clock); returns their ids. Run by every
        server process, it decides from the database, which they share."""
        now = time.time()
        with self.engine.begin() as conn:
            if watched:
                conn.execute(
                    update(tables)
                    .where(tables.c.id.in_(watched), tables.c.status == "waiting")
                    .values(updated_at=now)
                )
            # one statement decides and deletes (the seats go with their table: cascade), so a
            # table another process starts meanwhile is not deleted
            deleted = conn.execute(
                tables.delete()
                .where(tables.c.status == "waiting", tables.c.updated_at < cutoff)
                .returning(tables.c.id)
            )
            gone = [r.id for r in deleted]
            for table_id in gone:
                self.announce(conn, "gone", table_id)
        return gone

    def append_action(
        self, table_id: str, n: int, seat: int, notation: str, new_status: str | None
    ) -> None:
        """Commit action number `n`; ConflictError if that number is already stored."""
        self.append_actions([StoredAction(table_id, n, seat, notation, new_status)])

    def append_actions(self, batch: list[StoredAction]) -> None:
        """Commit several tables' next actions (with their log lines and snapshots) in one
        transaction (group commit); on a conflict nothing of the batch is stored and
        ConflictError is raised."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    actions.insert(),
                    [
                        {
                            "table_id": a.table_id,
                            "n": a.n,
                            "seat": a.seat,
                            "notation": a.notation,
                            "created_at": now,
                            "lines": a.lines,
                            "played_by": a.played_by,
                            "revision": a.revision,
                            "undoable": a.undoable,
                            "joins": a.joins,
                        }
                        for a in batch
                    ],
                )
                for a in batch:
                    values: dict[str, Any] = {"updated_at": now}
                    if a.new_status is not None:
                        values["status"] = a.new_status
                    if a.clock_state is not None:
                        values["clock_state"] = a.clock_state
                    # refused if a take-back moved the table on meanwhile (takeback_store.py)
                    moved = conn.execute(
                        update(tables)
                        .where(tables.c.id == a.table_id, tables.c.revision == a.revision)
                        .values(**values)
                    )
                    if moved.rowcount != 1:
                        raise ConflictError("the table was taken back meanwhile")
                    self.announce(conn, "action", a.table_id, a.n + 1 + 2 * a.revision)
                    if a.snapshot is not None:
                        conn.execute(snapshots.delete().where(snapshots.c.table_id == a.table_id))
                        conn.execute(
                            snapshots.insert().values(
                                table_id=a.table_id,
                                version=a.n + 1,
                                state=a.snapshot,
                                created_at=now,
                            )
                        )
        except IntegrityError:
            raise ConflictError("an action of this batch is already stored") from None

    def load_all(self) -> list[TableRow]:
        """Every table with its seats and its action log in order (tests and tools; the
        server loads with `load_tables`)."""
        out = []
        for raw in self.load_tables(self.table_ids(None)):
            row = TableRow(
                raw.id,
                raw.game,
                raw.players,
                json.loads(raw.options),
                raw.seed,
                raw.status,
                raw.created_at,
                raw.seats,
                [notation for _, _, notation, _ in raw.actions],
            )
            out.append(row)
        return out

    def table_ids(self, newest_finished: int | None, awake_since: float | None = None) -> list[str]:
        """The tables to load at start-up: every one not finished (but a game in play without
        a clock unchanged since before `awake_since`: it stays put away until asked for),
        and the newest `newest_finished` finished ones (None: all), oldest first."""
        with self.engine.connect() as conn:
            query = select(tables.c.id, tables.c.created_at)
            if newest_finished is None:
                rows = list(conn.execute(query))
            else:
                live = tables.c.status != "finished"
                if awake_since is not None:
                    live = and_(
                        live,
                        or_(
                            tables.c.status != "playing",
                            tables.c.clock.is_not(None),
                            tables.c.updated_at >= awake_since,
                        ),
                    )
                rows = list(conn.execute(query.where(live)))
                rows += conn.execute(
                    query.where(tables.c.status == "finished")
                    .order_by(tables.c.created_at.desc())
                    .limit(newest_finished)
                )
        return [r.id for r in sorted(rows, key=lambda r: r.created_at)]

    def load_tables(self, ids: list[str]) -> list[LoadedTable]:
        """These tables as stored, with their seats, action log and latest snapshot (in the
        order of `ids`; unknown ids are left out)."""
        out: dict[str, LoadedTable] = {}
        with self.engine.connect() as conn:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                for r in conn.execute(select(tables).where(tables.c.id.in_(chunk))):
                    out[r.id] = LoadedTable(
                        r.id, r.game, r.players, r.options, r.seed, r.status, r.created_at
                    )
                    out[r.id].settings = TableSettings(
                        bool(r.private), r.clock, r.replacement, r.host_hash, r.clock_state
                    )
                    out[r.id].rated = bool(r.rated)
                    out[r.id].revision = r.revision
                    out[r.id].start_state, out[r.id].analysis_of = r.start_state, r.analysis_of
                    out[r.id].tutorial = bool(r.tutorial)
                for s in conn.execute(
                    select(seats).where(seats.c.table_id.in_(chunk)).order_by(seats.c.seat)
                ):
                    out[s.table_id].seats.append(
                        SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, s.stand_in, s.player)
                    )
                for a in conn.execute(
                    select(actions).where(actions.c.table_id.in_(chunk)).order_by(actions.c.n)
                ):
                    out[a.table_id].actions.append((a.n, a.seat, a.notation, a.lines))
                    if a.played_by is not None:
                        out[a.table_id].played_by[a.n] = a.played_by
                    out[a.table_id].marks.append((a.revision, a.undoable))
                    if a.joins:
                        out[a.table_id].joins.add(a.n)
                for b in conn.execute(
                    select(takebacks)
                    .where(takebacks.c.table_id.in_(chunk))
                    .order_by(takebacks.c.revision)
                ):
                    out[b.table_id].takebacks.append((b.revision, b.seat, b.lines))
                for note in conn.execute(
                    select(seat_notes)
                    .where(seat_notes.c.table_id.in_(chunk))
                    .order_by(seat_notes.c.seq)
                ):
                    out[note.table_id].notes.append(_seat_note(note))
                for p in conn.execute(select(snapshots).where(snapshots.c.table_id.in_(chunk))):
                    out[p.table_id].snapshot = (p.version, p.state)
        return [out[i] for i in ids if i in out]

    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            rows = conn.execute(select(actions.c.n).where(actions.c.table_id == table_id))
            return len(rows.all())
