"""What seat changes and take-backs use of the table manager, and no more.

`Seating` and `takebacks` change one table at a time under its lock; they store the change,
and then hand the table to the manager's one "a table changed" step (`changed`). They reach
the manager only through `TableSteps`, so they never depend on the manager itself (which
owns them) and the manager stays the one place where a change is followed up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from leafpile.server.store.db import Database
from leafpile.server.tables.live_table import LiveTable


class TableSteps(Protocol):
    """The table manager as seat changes and take-backs see it."""

    @property
    def db(self) -> Database:
        """Where every change is stored (and announced to other processes)."""

    @property
    def now(self) -> Callable[[], float]:
        """The clocks' time (a fake one in tests)."""

    async def catch_up(self, table: LiveTable) -> None:
        """Take in what other processes stored at `table` (its lock is held)."""

    def changed(self, table: LiveTable) -> None:
        """The one step after a change of `table` is stored and applied here."""

    def watch(self, table: LiveTable) -> None:
        """Note `table`'s clock deadline again (its clocks did not change)."""
