"""`leafpile admin ...`: operating a server's database (SQLite or PostgreSQL), live or not.

A small registry: each module of `GROUPS` adds its commands to `admin` (or to a group of its
own made with `group`), so a new kind of moderation is one more module and one more line
here. Every command opens the database named by `--db`, else LEAFPILE_DB, else the
configuration file's `db` (as `serve` does), refuses what it cannot do in one line, and
changes nothing when it refuses.
"""

from __future__ import annotations

import importlib
import os
from typing import Annotated, Any

import typer

from leafpile.cli.common import app, fail, h
from leafpile.i18n import Msg

admin = typer.Typer(
    help=h(Msg("Operate a server's database: backups, tables, profiles, statistics.")),
    no_args_is_help=True,
)
app.add_typer(admin, name="admin")

#: The modules that register admin commands (imported below, in this order).
GROUPS = (
    "leafpile.cli.admin_data",
    "leafpile.cli.admin_tables",
    "leafpile.cli.admin_profiles",
    "leafpile.cli.admin_reports",
)

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help=h(Msg("Database URL (default: LEAFPILE_DB, then the configuration file's db).")),
    ),
]


def group(name: str, help_text: str) -> typer.Typer:
    """A group of admin commands (`leafpile admin NAME ...`)."""
    sub = typer.Typer(help=help_text, no_args_is_help=True)
    admin.add_typer(sub, name=name)
    return sub


def database_url(db: str | None, existing: bool = False) -> str:
    """The database URL as `serve` would resolve it, checked to be one leafpile can use (and,
    when `existing`, a SQLite file that is there: asking must not create it)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from leafpile.cli.serve import check_database
    from leafpile.cli.serve_config import ConfigError, resolve
    from leafpile.server.store.db import normalise_url

    try:
        url = str(resolve({"db": db}, os.environ, None)["db"])
    except ConfigError as e:
        raise fail(e.message) from None
    try:
        parsed = make_url(normalise_url(url))
        path = str(parsed.database) if parsed.get_backend_name() == "sqlite" else None
    except ArgumentError:
        path = None  # check_database says what is wrong with it
    if existing and path is not None and not os.path.isfile(path):
        raise fail(Msg("there is no database at {path}", path=path))
    check_database(url)
    return url


def open_database(db: str | None) -> Any:
    """The server's `Database` at `db`, once it exists with this leafpile's schema."""
    from leafpile.server.store.db import Database
    from leafpile.server.store.health import database_problems

    database = Database(database_url(db, existing=True))
    problems = database_problems(database)
    if problems:
        database.close()
        raise fail(
            Msg("{problem} (`leafpile serve` brings the schema up to date)", problem=problems[0])
        )
    return database


for _module in GROUPS:
    importlib.import_module(_module)
