"""Storing a change of one seat (a player leaving, removed, timed out or back) together with
its table's status and clocks, in one transaction (the storage layer for `seating`)."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, select, update

from leafpile.server.store.db import ConflictError, Database
from leafpile.server.store.schema import SeatNote, seat_notes, seats, tables


@dataclass(frozen=True)
class SeatChange:
    """One seat's new holder (`name`, `token_hash`) and stand-in bot, stored only if the seat
    still holds `was` (its token digest and stand-in as this process knows them); the table's
    new `status` and `clock_state` (None: unchanged)."""

    table_id: str
    seat: int
    name: str | None
    token_hash: str | None
    stand_in: str | None
    was: tuple[str | None, str | None]
    status: str | None = None
    clock_state: str | None = None
    note: SeatNote | None = None  # the log's line for it (its `seq` is given here)


def store_seat_change(db: Database, change: SeatChange) -> SeatNote | None:
    """Commit `change`; ConflictError when the seat changed meanwhile (another process).
    Returns its note as stored (numbered after the table's notes so far)."""
    was_token, was_stand_in = change.was
    with db.engine.begin() as conn:
        result = conn.execute(
            update(seats)
            .where(
                seats.c.table_id == change.table_id,
                seats.c.seat == change.seat,
                seats.c.kind == "human",
                seats.c.token_hash.is_(None)
                if was_token is None
                else seats.c.token_hash == was_token,
                seats.c.stand_in.is_(None)
                if was_stand_in is None
                else seats.c.stand_in == was_stand_in,
            )
            .values(
                name=change.name,
                token_hash=change.token_hash,
                stand_in=change.stand_in,
                **({"player": None} if change.token_hash is None else {}),  # an open seat
            )
        )
        if result.rowcount != 1:
            raise ConflictError("that seat has just changed")
        values: dict[str, Any] = {"updated_at": time.time()}
        if change.status is not None:
            values["status"] = change.status
        if change.clock_state is not None:
            values["clock_state"] = change.clock_state
        conn.execute(update(tables).where(tables.c.id == change.table_id).values(**values))
        note = change.note
        if note is not None:
            last = conn.execute(
                select(func.max(seat_notes.c.seq)).where(seat_notes.c.table_id == change.table_id)
            ).scalar()
            note = replace(note, seq=0 if last is None else last + 1)
            conn.execute(
                seat_notes.insert().values(
                    table_id=change.table_id,
                    seq=note.seq,
                    revision=note.revision,
                    before=note.before,
                    seat=note.seat,
                    kind=note.kind,
                    level=note.level,
                    created_at=values["updated_at"],
                )
            )
        db.announce(conn, "seat", change.table_id)
    return note
