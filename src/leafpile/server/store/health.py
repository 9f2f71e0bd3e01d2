"""Is the database ready to serve: it answers, and its schema is at the newest migration.

A server whose database is down, or that runs against a schema older than its code, must say
so to whoever routes clients to it (a load balancer, systemd, an operator) instead of taking
requests it cannot store.
"""

from __future__ import annotations

import functools
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from leafpile.server.store.db import Database


@functools.cache
def head_revisions() -> frozenset[str]:
    """The newest Alembic revisions this code knows (read once from the migration files)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    return frozenset(ScriptDirectory.from_config(cfg).get_heads())


def database_problems(db: Database) -> list[str]:
    """What keeps the database from serving (empty: ready). One short query; the errors of a
    database that does not answer are the answer, not a failure of the check."""
    from alembic.runtime.migration import MigrationContext

    try:
        with db.engine.connect() as conn:
            current = frozenset(MigrationContext.configure(conn).get_current_heads())
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip()
        return [f"database: {reason.splitlines()[0] if reason else type(e).__name__}"]
    heads = head_revisions()
    if current != heads:
        return [
            f"database: schema at {', '.join(sorted(current)) or 'nothing'}, "
            f"the code needs {', '.join(sorted(heads))}"
        ]
    return []
