"""`leafpile admin backup`, `admin restore` and `admin stats`."""

from __future__ import annotations

from typing import Annotated

import typer

from leafpile.cli.admin import DbOption, admin, database_url, open_database
from leafpile.cli.common import console, fail, h, say
from leafpile.i18n import Msg


@admin.command(
    "backup",
    help=h(
        Msg(
            "Write a consistent copy of the database, live or not, to a new FILE (SQLite: its "
            "online backup; PostgreSQL: pg_dump)."
        )
    ),
)
def backup_command(
    file: Annotated[str, typer.Argument(help=h(Msg("The backup file to write (a new one).")))],
    db: DbOption = None,
) -> None:
    from leafpile.server.store.backup import BackupError, backup

    url = database_url(db, existing=True)
    try:
        backup(url, file)
    except BackupError as e:
        raise fail(e.message) from None
    console.print(say("backed up to {path}", path=file), soft_wrap=True)


@admin.command(
    "restore",
    help=h(
        Msg(
            "Load a backup FILE into an empty database (never into one that holds anything), "
            "then bring its schema up to date."
        )
    ),
)
def restore_command(
    file: Annotated[str, typer.Argument(help=h(Msg("The backup file to read.")))],
    db: DbOption = None,
) -> None:
    from leafpile.server.store.backup import BackupError, restore

    url = database_url(db)
    try:
        restore(file, url)
    except BackupError as e:
        raise fail(e.message) from None
    console.print(say("restored {path}", path=file), soft_wrap=True)


@admin.command(
    "stats", help=h(Msg("What the database holds: tables by status, actions, profiles, size."))
)
def stats_command(db: DbOption = None) -> None:
    from leafpile.server.store.moderation import stats

    database = open_database(db)
    try:
        found = stats(database)
    finally:
        database.close()
    for status, n in found.tables.items():
        console.print(f"tables {status}: {n}")
    console.print(f"actions: {found.actions}")
    console.print(f"seats: {found.seats}")
    console.print(f"profiles: {found.profiles}")
    if found.size_bytes is not None:
        console.print(f"size: {found.size_bytes} bytes")
