"""Storing a take-back: the action leaves the log, the take-back's log line stays, in one
transaction (the storage of `tables.takebacks`).

The action log stays the source of truth: a taken-back action is deleted, and with it a
snapshot of a later state, so a rebuilt table is the game without it. The table's `revision`
counts take-backs; every append names the revision it was checked at and is refused when a
take-back moved it meanwhile (`Database.append_actions`), and a take-back names the revision
it was checked at too, so two processes can never store a gap or an action on an undone state.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import update

from leafpile.server.store.db import ConflictError, Database
from leafpile.server.store.schema import actions, snapshots, tables, takebacks


@dataclass(frozen=True)
class StoredTakeBack:
    """Action `n` (the last) of a table taken back by `seat` at the table's `revision`."""

    table_id: str
    n: int
    seat: int
    notation: str
    revision: int  # the table's before the take-back (it becomes revision + 1)
    lines: str  # JSON: the take-back's log line per audience


def store_take_back(db: Database, row: StoredTakeBack) -> None:
    """Delete action `row.n` (which must be the last) and any snapshot after it, record the
    take-back and move the table's revision on; ConflictError (nothing stored) when the table
    moved meanwhile (another action or take-back stored through another process)."""
    now = time.time()
    with db.engine.begin() as conn:
        moved = conn.execute(
            update(tables)
            .where(
                tables.c.id == row.table_id,
                tables.c.revision == row.revision,
                tables.c.status == "playing",
            )
            .values(revision=row.revision + 1, updated_at=now)
        )
        if moved.rowcount != 1:
            raise ConflictError("the table moved on meanwhile")
        gone = conn.execute(
            actions.delete().where(actions.c.table_id == row.table_id, actions.c.n >= row.n)
        )
        if gone.rowcount != 1:  # not the last action, or not there: undo it all
            raise ConflictError("that action is not the table's last")
        conn.execute(
            snapshots.delete().where(
                snapshots.c.table_id == row.table_id, snapshots.c.version > row.n
            )
        )
        conn.execute(
            takebacks.insert().values(
                table_id=row.table_id,
                revision=row.revision + 1,
                n=row.n,
                seat=row.seat,
                notation=row.notation,
                lines=row.lines,
                created_at=now,
            )
        )
        # the version clients see after it: n actions, revision + 1 take-backs
        db.announce(conn, "undo", row.table_id, row.n + 2 * (row.revision + 1))
