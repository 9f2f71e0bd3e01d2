"""Persistence: tables (matches), their seats and the append-only log of accepted actions.

The action log is the source of truth: a table's state is rebuilt by replaying it from the
table's game, options and seed. Every call here is synchronous (SQLAlchemy Core); the server
runs them in worker threads so the event loop never waits on the database.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

T = TypeVar("T")

NAME_MAX = 40  # longest display name accepted
NOTATION_MAX = 200  # longest action notation stored
#: What a failing database raises (SQLAlchemy wraps every driver error; OSError: the disk).
#: The server answers these as "could not be stored"; anything else is a bug.
STORAGE_ERRORS: tuple[type[Exception], ...] = (SQLAlchemyError, OSError)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON object of resolved options
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),  # waiting / playing / finished
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human / bot
    Column("bot", String(40), nullable=True),
    Column("name", String(NAME_MAX), nullable=True),
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat's secret token
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, 2, ...: the table's version before it
    Column("seat", Integer, nullable=False),
    Column("notation", String(NOTATION_MAX), nullable=False),
    Column("created_at", Float, nullable=False),
)


class ConflictError(Exception):
    """Another writer got there first (same action number, or the seat was taken)."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    created_at: float
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)


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


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (creates it on an empty database)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Database:
    """The server's only door to the database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        # SQLite has one writer at a time, and a writer that finds the file locked sleeps in
        # growing steps: one thread for all its work avoids that wait (and keeps order).
        workers = 1 if normalise_url(url).startswith("sqlite") else 8
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="db")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run one of the methods below in the database threads, off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, fn, *args)

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()
        self.executor.shutdown(wait=False)

    def create_table(self, row: TableRow) -> None:
        now = time.time()
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
                    }
                    for s in row.seats
                ],
            )

    def take_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, new_status: str | None
    ) -> None:
        """Give an open human seat to a player; ConflictError if it was taken meanwhile."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.kind == "human",
                    seats.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            if result.rowcount != 1:
                raise ConflictError("that seat has just been taken")
            if new_status is not None:
                conn.execute(
                    update(tables)
                    .where(tables.c.id == table_id)
                    .values(status=new_status, updated_at=time.time())
                )

    def delete_waiting(self, table_id: str) -> bool:
        """Delete a table that is still waiting for players (it has no actions); False if it
        has started meanwhile (another process seated someone)."""
        with self.engine.begin() as conn:
            conn.execute(
                seats.delete().where(
                    seats.c.table_id == table_id,
                    select(tables.c.id)
                    .where(tables.c.id == table_id, tables.c.status == "waiting")
                    .exists(),
                )
            )
            gone = conn.execute(
                tables.delete().where(tables.c.id == table_id, tables.c.status == "waiting")
            )
            return bool(gone.rowcount == 1)

    def append_action(
        self, table_id: str, n: int, seat: int, notation: str, new_status: str | None
    ) -> None:
        """Commit action number `n`; ConflictError if that number is already stored."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    actions.insert().values(
                        table_id=table_id, n=n, seat=seat, notation=notation, created_at=now
                    )
                )
                values: dict[str, Any] = {"updated_at": now}
                if new_status is not None:
                    values["status"] = new_status
                conn.execute(update(tables).where(tables.c.id == table_id).values(**values))
        except IntegrityError:
            raise ConflictError(f"action {n} of table {table_id} is already stored") from None

    def append_actions(self, batch: list[tuple[str, int, int, str, str | None]]) -> None:
        """Commit several tables' next actions in one transaction (group commit); on a
        conflict nothing of the batch is stored and ConflictError is raised."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    actions.insert(),
                    [
                        {"table_id": t, "n": n, "seat": seat, "notation": text, "created_at": now}
                        for t, n, seat, text, _ in batch
                    ],
                )
                for t, _, _, _, status in batch:
                    values: dict[str, Any] = {"updated_at": now}
                    if status is not None:
                        values["status"] = status
                    conn.execute(update(tables).where(tables.c.id == t).values(**values))
        except IntegrityError:
            raise ConflictError("an action of this batch is already stored") from None

    def load_all(self) -> list[TableRow]:
        """Every table with its seats and its action log in order."""
        out: dict[str, TableRow] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(select(tables).order_by(tables.c.created_at)):
                out[r.id] = TableRow(
                    id=r.id,
                    game=r.game,
                    players=r.players,
                    options=json.loads(r.options),
                    seed=r.seed,
                    status=r.status,
                    created_at=r.created_at,
                )
            for s in conn.execute(select(seats).order_by(seats.c.table_id, seats.c.seat)):
                if s.table_id in out:
                    out[s.table_id].seats.append(
                        SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash)
                    )
            for a in conn.execute(select(actions).order_by(actions.c.table_id, actions.c.n)):
                if a.table_id in out:
                    row = out[a.table_id]
                    if a.n != len(row.actions):
                        raise RuntimeError(f"table {row.id}: action log has a gap at {a.n}")
                    row.actions.append(a.notation)
        return list(out.values())

    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            rows = conn.execute(select(actions.c.n).where(actions.c.table_id == table_id))
            return len(rows.all())


class ActionWriter:
    """Group commit: actions of different tables that arrive while a commit is running are
    stored together in the next one. Each caller still waits until its own action is
    committed (or refused), so "committed before anyone is told" holds; under load this
    turns many small transactions (and thread hand-offs) into a few larger ones."""

    def __init__(self, db: Database, max_batch: int = 256) -> None:
        self.db = db
        self.max_batch = max_batch
        self.queue: asyncio.Queue[
            tuple[tuple[str, int, int, str, str | None], asyncio.Future[None]]
        ] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def append(
        self, table_id: str, n: int, seat: int, notation: str, new_status: str | None
    ) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self.queue.put(((table_id, n, seat, notation, new_status), done))
        await done

    async def _run(self) -> None:
        while True:
            items = [await self.queue.get()]
            while len(items) < self.max_batch and not self.queue.empty():
                items.append(self.queue.get_nowait())
            try:
                await self.db.run(self.db.append_actions, [row for row, _ in items])
            except ConflictError:
                # find the culprit(s): store one by one
                for row, done in items:
                    try:
                        await self.db.run(self.db.append_action, *row)
                    except Exception as e:  # not swallowed: handed to the waiting caller
                        done.set_exception(e)
                    else:
                        done.set_result(None)
                continue
            except Exception as e:  # not swallowed: handed to every waiting caller
                for _, done in items:
                    if not done.done():
                        done.set_exception(e)
                continue
            for _, done in items:
                if not done.done():
                    done.set_result(None)

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
