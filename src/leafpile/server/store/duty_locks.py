"""Which server process drives a table (plays its bots, enforces its clock), on PostgreSQL:
the one that holds the table's advisory lock. The locks are taken on a connection of this
process's own that lives as long as the process, so a process that stops or dies (even by
SIGKILL) drops its connection and PostgreSQL frees every lock it held at once; the next
sweep of another process (`orphans`) takes them. Two processes never hold the same lock, so
no two drive one table; the action log's primary key still refuses a second writer if a
lost connection ever left two believing they drive it.
"""

from __future__ import annotations

import threading
from typing import Any

from leafpile.server.store.db import Database

#: The lock class of leafpile's tables: a table's lock is (KEY, hashtext(id)). Two ids with the
#: same hash share a lock: one process then drives both, which is still one driver each.
KEY = 0x1EAF

_CLAIM = f"SELECT id FROM unnest(%s::text[]) AS id WHERE pg_try_advisory_lock({KEY}, hashtext(id))"
_RELEASE = f"SELECT pg_advisory_unlock({KEY}, hashtext(id)) FROM unnest(%s::text[]) AS id"
# The tables that need a driver: in play with a clock, or with a bot seat or a stand-in and
# changed since `since` (a game put away waits for a person: nothing to drive); the filter is
# materialised first, so no lock is tried for a table that does not need one.
_ORPHANS = f"""
WITH wanted AS MATERIALIZED (
    SELECT t.id FROM tables t
    WHERE t.status = 'playing' AND NOT (t.id = ANY(%(mine)s))
      AND (t.clock IS NOT NULL OR (t.updated_at >= %(since)s AND EXISTS (
          SELECT 1 FROM seats s
          WHERE s.table_id = t.id AND (s.kind = 'bot' OR s.stand_in IS NOT NULL))))
)
SELECT id FROM wanted WHERE pg_try_advisory_lock({KEY}, hashtext(id))
"""


class LocksLost(Exception):
    """The connection holding this process's locks failed: it holds none any more."""


class DutyLocks:
    """This process's table locks (PostgreSQL only), on one connection of its own. Each
    table is locked once and released once (`tables.duty` keeps the count), since
    PostgreSQL counts a session's repeated locks."""

    def __init__(self, db: Database) -> None:
        self.url = db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.conn: Any = None
        self.guard = threading.Lock()  # one statement at a time on the connection

    def _ids(self, sql: str, params: Any) -> list[str]:
        import psycopg

        with self.guard:
            try:
                if self.conn is None:
                    self.conn = psycopg.connect(self.url, autocommit=True)
                return [str(row[0]) for row in self.conn.execute(sql, params)]
            except psycopg.Error as e:
                self._drop()
                raise LocksLost(str(e)) from e

    def _drop(self) -> None:
        """Close the connection (PostgreSQL frees its locks); the next call opens another."""
        if self.conn is not None:
            try:
                self.conn.close()
            finally:
                self.conn = None

    def claim(self, ids: list[str]) -> list[str]:
        """Lock each table of `ids` no other process holds; returns the ones taken."""
        return self._ids(_CLAIM, (ids,)) if ids else []

    def orphans(self, mine: list[str], since: float) -> list[str]:
        """Lock every table that needs a driver and has none (`mine`: held here already)."""
        return self._ids(_ORPHANS, {"mine": mine, "since": since})

    def release(self, ids: list[str]) -> None:
        """Let go of these tables (each locked here once)."""
        if ids:
            self._ids(_RELEASE, (ids,))

    def close(self) -> None:
        """Let go of every lock: another process's next sweep takes the tables."""
        with self.guard:
            self._drop()
