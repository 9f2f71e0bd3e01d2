"""What an operator does to the stored tables (`leafpile admin tables ...`, `admin stats`):
list them, close a table nobody has played yet, delete one, count what is stored.

Each change is one transaction that announces it as the server's own changes are announced
("gone"), so every server process on a PostgreSQL database forgets the table at once. A
refused change changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from sqlalchemy import Connection, func, select, text
from sqlalchemy.engine import make_url

from leafpile.i18n import Msg
from leafpile.server.store.db import Database, normalise_url
from leafpile.server.store.schema import actions, profiles, seats, tables

STATUSES = ("waiting", "playing", "finished")


class ModerationError(Exception):
    """A change the operator asked for that cannot be made (nothing was changed)."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class TableLine:
    id: str
    game: str
    status: str
    players: int
    actions: int
    private: bool
    updated_at: float


def list_tables(db: Database, status: str | None = None, limit: int = 100) -> list[TableLine]:
    """The most recently changed tables (of one status, when given), newest first."""
    counted = (
        select(actions.c.table_id, func.count().label("n")).group_by(actions.c.table_id).subquery()
    )
    query = (
        select(tables, func.coalesce(counted.c.n, 0).label("n"))
        .outerjoin(counted, counted.c.table_id == tables.c.id)
        .order_by(tables.c.updated_at.desc(), tables.c.id)
        .limit(limit)
    )
    if status is not None:
        query = query.where(tables.c.status == status)
    with db.engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        TableLine(r.id, r.game, r.status, r.players, int(r.n), bool(r.private), r.updated_at)
        for r in rows
    ]


def _status_of(conn: Connection, table_id: str) -> str:
    row = conn.execute(select(tables.c.status).where(tables.c.id == table_id)).first()
    if row is None:
        raise ModerationError(Msg("there is no table {table}", table=repr(table_id)[:50]))
    return str(row.status)


def close_table(db: Database, table_id: str) -> None:
    """Close a table still waiting for players (nobody has played at it: nothing is lost,
    as when nobody joins it for an hour). A game begun is not closed: delete it instead."""
    with db.engine.begin() as conn:
        status = _status_of(conn, table_id)
        if status != "waiting":
            raise ModerationError(
                Msg(
                    "table {table} is {status}: only a table waiting for players can be closed "
                    "(`admin tables delete` removes any table)",
                    table=table_id,
                    status=status,
                )
            )
        conn.execute(tables.delete().where(tables.c.id == table_id, tables.c.status == "waiting"))
        db.announce(conn, "gone", table_id)


def delete_table(db: Database, table_id: str, in_play: bool = False) -> None:
    """Delete a table with its seats, log and snapshot. A game in play is deleted only when
    `in_play` says the operator means it (its players lose it)."""
    with db.engine.begin() as conn:
        status = _status_of(conn, table_id)
        if status == "playing" and not in_play:
            raise ModerationError(
                Msg(
                    "table {table} is being played: add --in-play to delete it all the same",
                    table=table_id,
                )
            )
        conn.execute(tables.delete().where(tables.c.id == table_id))
        db.announce(conn, "gone", table_id)


@dataclass(frozen=True)
class Stats:
    tables: dict[str, int]
    actions: int
    seats: int
    profiles: int
    size_bytes: int | None


def stats(db: Database) -> Stats:
    """What the database holds, and its size on disk."""
    with db.engine.connect() as conn:
        by_status: dict[str, int] = dict(
            conn.execute(select(tables.c.status, func.count()).group_by(tables.c.status)).all()
        )
        n_actions = conn.execute(select(func.count()).select_from(actions)).scalar_one()
        n_seats = conn.execute(select(func.count()).select_from(seats)).scalar_one()
        n_profiles = conn.execute(select(func.count()).select_from(profiles)).scalar_one()
        size: int | None = None
        if db.shared:
            size = conn.execute(text("SELECT pg_database_size(current_database())")).scalar_one()
    if not db.shared:
        path = make_url(normalise_url(db.url)).database
        if path and os.path.isfile(path):
            size = sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.isfile(p))
    return Stats(
        {s: int(by_status.get(s, 0)) for s in STATUSES},
        int(n_actions),
        int(n_seats),
        int(n_profiles),
        size,
    )
