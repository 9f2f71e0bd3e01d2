"""Storing a take-back (of one action, or of the few one click sent): the action leaves the
log, the take-back's log line stays, in one transaction (the storage of `tables.takebacks`).

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
    store_take_backs(db, [row])


def store_take_backs(db: Database, rows: list[StoredTakeBack]) -> None:
    """Take back the table's last `len(rows)` actions in one transaction (one click's): the
    rows name them from the last down, each at the revision before it (counting up from the
    table's). ConflictError (nothing stored) when the table moved meanwhile."""
    first, last = rows[-1], rows[0]
    if [r.n for r in rows] != list(range(last.n, last.n - len(rows), -1)) or [
        r.revision for r in rows
    ] != list(range(last.revision, last.revision + len(rows))):
        raise ValueError("take-backs must name the last actions in turn, one revision each")
    now = time.time()
    revision = last.revision + len(rows)  # the table's after them
    with db.engine.begin() as conn:
        moved = conn.execute(
            update(tables)
            .where(
                tables.c.id == last.table_id,
                tables.c.revision == last.revision,
                tables.c.status == "playing",
            )
            .values(revision=revision, updated_at=now)
        )
        if moved.rowcount != 1:
            raise ConflictError("the table moved on meanwhile")
        gone = conn.execute(
            actions.delete().where(actions.c.table_id == last.table_id, actions.c.n >= first.n)
        )
        if gone.rowcount != len(rows):  # not the last actions, or not there: undo it all
            raise ConflictError("those actions are not the table's last")
        conn.execute(
            snapshots.delete().where(
                snapshots.c.table_id == last.table_id, snapshots.c.version > first.n
            )
        )
        conn.execute(
            takebacks.insert(),
            [
                {
                    "table_id": r.table_id,
                    "revision": r.revision + 1,
                    "n": r.n,
                    "seat": r.seat,
                    "notation": r.notation,
                    "lines": r.lines,
                    "created_at": now,
                }
                for r in rows
            ],
        )
        # the version clients see after them: first.n actions, `revision` take-backs
        db.announce(conn, "undo", last.table_id, first.n + 2 * revision)
