"""A consistent copy of a live database, and restoring one into an empty database.

SQLite: the online backup API copies the file page by page while servers write to it, and
the copy is one consistent moment. PostgreSQL: `pg_dump` (custom format) reads one snapshot
of the database; `pg_restore` loads it. Both go only into what is new or empty, so a
mistaken restore never mixes two databases or overwrites one.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy import inspect
from sqlalchemy.engine import make_url

from leafpile.i18n import Msg
from leafpile.server.store.db import make_engine, migrate, normalise_url

TOOL_TIMEOUT = 3600.0  # seconds pg_dump or pg_restore may take before it is stopped


class BackupError(Exception):
    """What stopped a backup or a restore (nothing was written where it was going)."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message


def _sqlite_file(url: str) -> str | None:
    parsed = make_url(normalise_url(url))
    if parsed.get_backend_name() != "sqlite":
        return None
    if parsed.database in (None, "", ":memory:"):
        raise BackupError(Msg("an in-memory SQLite database cannot be backed up"))
    return str(parsed.database)


def _pg_env(url: str) -> dict[str, str]:
    """The libpq environment naming the database of `url` (the password stays off the
    command line, where any user could read it)."""
    parsed = make_url(normalise_url(url))
    env = dict(os.environ)
    for key, value in (
        ("PGHOST", parsed.host),
        ("PGPORT", parsed.port),
        ("PGUSER", parsed.username),
        ("PGPASSWORD", parsed.password),
        ("PGDATABASE", parsed.database),
    ):
        if value is not None:
            env[key] = str(value)
    return env


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(
            Msg(
                "{tool} is not installed: a PostgreSQL backup needs PostgreSQL's client tools "
                "(Debian: apt-get install postgresql-client)",
                tool=name,
            )
        )
    return found


def _run(args: list[str], env: dict[str, str]) -> None:
    try:
        done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=TOOL_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise BackupError(
            Msg("{tool} did not finish in an hour", tool=Path(args[0]).name)
        ) from None
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["exit code " + str(done.returncode)])[0]
        raise BackupError(Msg("{tool} failed: {reason}", tool=Path(args[0]).name, reason=reason))


def backup(url: str, target: str) -> None:
    """Write a consistent copy of the database at `url` to the new file `target`."""
    if os.path.lexists(target):
        raise BackupError(
            Msg("{path} exists already: a backup never overwrites a file", path=target)
        )
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise BackupError(Msg("the folder {folder} does not exist", folder=folder))
    source = _sqlite_file(url)
    if source is None:
        args = [_tool("pg_dump"), "--format=custom", "--no-owner", "--file", target]
        try:
            _run(args, _pg_env(url))
        except BackupError:
            Path(target).unlink(missing_ok=True)
            raise
        return
    if not os.path.isfile(source):
        raise BackupError(Msg("there is no database at {path}", path=source))
    partial = target + ".partial"
    try:
        with (
            sqlite3.connect(f"file:{source}?mode=ro", uri=True) as src,
            sqlite3.connect(partial) as dst,
        ):
            src.backup(dst)
        os.replace(partial, target)
    finally:
        Path(partial).unlink(missing_ok=True)


def is_empty(url: str) -> bool:
    engine = make_engine(url)
    try:
        return not inspect(engine).get_table_names()
    finally:
        engine.dispose()


def restore(source: str, url: str) -> None:
    """Load the backup `source` into the empty database at `url`, then bring its schema to
    this code's migrations (a backup from an older leafpile is upgraded)."""
    if not os.path.isfile(source):
        raise BackupError(Msg("there is no backup at {path}", path=source))
    target = _sqlite_file(url)
    if target is None:
        restore_tool = _tool("pg_restore")
        if not is_empty(url):
            raise BackupError(Msg("the database to restore into is not empty; give a new one"))
        _run(
            [
                restore_tool,
                "--no-owner",
                "--exit-on-error",
                "--dbname",
                _pg_env(url)["PGDATABASE"],
                source,
            ],
            _pg_env(url),
        )
    else:
        if os.path.exists(target) and os.path.getsize(target) > 0 and not is_empty(url):
            raise BackupError(Msg("the database to restore into is not empty; give a new one"))
        # nothing there, or an empty file (the URL check opened it): removed again on failure
        created = not os.path.exists(target) or os.path.getsize(target) == 0
        try:
            with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as src:
                src.execute("SELECT count(*) FROM sqlite_master").fetchone()  # is it SQLite?
                with sqlite3.connect(target) as dst:
                    src.backup(dst)
        except sqlite3.DatabaseError as e:
            if created:  # leave nothing behind
                Path(target).unlink(missing_ok=True)
            raise BackupError(
                Msg("{path} is not a SQLite backup: {reason}", path=source, reason=str(e))
            ) from None
    engine = make_engine(url)
    try:
        migrate(engine)
    finally:
        engine.dispose()
