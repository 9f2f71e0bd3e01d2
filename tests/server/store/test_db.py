"""The persistence layer: migrations, the append-only log and its group commit."""

from __future__ import annotations

import asyncio
import time

import pytest

from leafpile.server.store.action_writer import ActionWriter
from leafpile.server.store.db import (
    ConflictError,
    Database,
)
from leafpile.server.store.schema import SeatRow, StoredAction, TableRow
from tests.patience import HANG
from tests.server.live import run_async


def _table(db: Database, table_id: str) -> None:
    db.create_table(
        TableRow(
            table_id,
            "autumn",
            2,
            {},
            1,
            "playing",
            time.time(),
            [SeatRow(0, "human"), SeatRow(1, "human")],
        )
    )


def test_migrations_are_idempotent_and_the_log_refuses_a_duplicate_number(db_url):
    db = Database(db_url)
    db.migrate()
    db.migrate()  # already at head: nothing to do
    _table(db, "t1")
    db.append_action("t1", 0, 0, "0,-1", None)
    with pytest.raises(ConflictError):
        db.append_action("t1", 0, 1, "1,1", None)
    db.append_action("t1", 1, 1, "red", "finished")
    (row,) = db.load_all()
    assert row.actions == ["0,-1", "red"] and row.status == "finished"
    db.close()


def test_group_commit_stores_a_batch_and_isolates_a_conflict(db_url):
    db = Database(db_url)
    db.migrate()
    for t in ("a", "b", "c"):
        _table(db, t)
    db.append_action("b", 0, 0, "0,-1", None)  # so b's action 0 below conflicts

    async def go() -> list[object]:
        writer = ActionWriter(db)
        results = await asyncio.gather(
            writer.append(StoredAction("a", 0, 0, "0,-1")),
            writer.append(StoredAction("b", 0, 0, "1,1")),
            writer.append(StoredAction("c", 0, 0, "0,2")),
            return_exceptions=True,
        )
        writer.stop()
        return list(results)

    results = run_async(go())
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], ConflictError)
    logs = {row.id: row.actions for row in db.load_all()}
    assert logs == {"a": ["0,-1"], "b": ["0,-1"], "c": ["0,2"]}
    db.close()


def test_processes_starting_at_once_migrate_one_after_the_other(pg_url):
    """Server processes starting together on an empty PostgreSQL database: without the
    migration lock their CREATE TABLEs collide (a worker dies at start-up) or wait on each
    other for ever."""
    import threading

    from leafpile.server.store.db import Database

    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def start() -> None:
        db = Database(pg_url)
        try:
            barrier.wait(timeout=HANG)
            db.migrate()
        except BaseException as e:  # handed to the test below
            errors.append(e)
        finally:
            db.close()

    threads = [threading.Thread(target=start, daemon=True) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=HANG)
    assert not any(t.is_alive() for t in threads), "the migrations are waiting on each other"
    assert errors == []
