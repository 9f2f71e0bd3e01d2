"""`leafpile admin tables list|close|delete`."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from leafpile.cli.admin import DbOption, group, open_database
from leafpile.cli.common import console, fail, h, say
from leafpile.i18n import Msg

tables = group("tables", h(Msg("List, close and delete tables.")))


@tables.command("list", help=h(Msg("The most recently changed tables, newest first.")))
def list_command(
    db: DbOption = None,
    status: Annotated[
        str | None, typer.Option(help=h(Msg("Only tables waiting, playing or finished.")))
    ] = None,
    limit: Annotated[int, typer.Option(help=h(Msg("At most this many.")), min=1, max=10_000)] = 100,
) -> None:
    from leafpile.server.store.moderation import STATUSES, list_tables

    if status is not None and status not in STATUSES:
        raise fail(Msg("--status must be one of {choices}", choices=", ".join(STATUSES)))
    database = open_database(db)
    try:
        lines = list_tables(database, status, limit)
    finally:
        database.close()
    for t in lines:
        when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(t.updated_at))
        private = " private" if t.private else ""
        counts = f"{t.players}p {t.actions:>5} actions"
        console.print(
            f"{t.id}  {t.game:<16} {t.status:<8} {counts}  {when}{private}",
            soft_wrap=True,
            markup=False,
        )


@tables.command(
    "close",
    help=h(Msg("Close a table still waiting for players (a game begun is deleted instead).")),
)
def close_command(
    table: Annotated[str, typer.Argument(help=h(Msg("The table's id.")))],
    db: DbOption = None,
) -> None:
    from leafpile.server.store.moderation import ModerationError, close_table

    database = open_database(db)
    try:
        close_table(database, table)
    except ModerationError as e:
        raise fail(e.message) from None
    finally:
        database.close()
    console.print(say("table {table} is closed", table=table), soft_wrap=True, markup=False)


@tables.command(
    "delete",
    help=h(Msg("Delete a table with its log (a game in play only with --in-play).")),
)
def delete_command(
    table: Annotated[str, typer.Argument(help=h(Msg("The table's id.")))],
    db: DbOption = None,
    in_play: Annotated[
        bool, typer.Option(help=h(Msg("Delete it even though it is being played.")))
    ] = False,
) -> None:
    from leafpile.server.store.moderation import ModerationError, delete_table

    database = open_database(db)
    try:
        delete_table(database, table, in_play)
    except ModerationError as e:
        raise fail(e.message) from None
    finally:
        database.close()
    console.print(say("table {table} is deleted", table=table), soft_wrap=True, markup=False)
