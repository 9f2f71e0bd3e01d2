"""The operator's chat reports: `leafpile admin reports list` shows the reported messages,
most reported first; `leafpile admin reports remove ID` takes one out of every history. Both
work on the database directly (`server.store.chat_store`), with or without a server running.

One module of `admin.GROUPS`."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Annotated

import typer

from leafpile.cli.admin import group
from leafpile.cli.common import fail, h
from leafpile.cli.serve import check_database
from leafpile.i18n import Msg

if TYPE_CHECKING:
    from leafpile.server.store.db import Database

reports = group("reports", h(Msg("The chat messages players reported: list them, remove one.")))

DbOption = Annotated[
    str, typer.Option(help=h(Msg("Database URL: sqlite:///file.db or postgresql://...")))
]


def _database(url: str) -> Database:
    """The server's database, brought up to date (as `leafpile serve` does at start-up)."""
    from leafpile.server.store.db import Database

    check_database(url)
    db = Database(url)
    db.migrate()
    return db


@reports.command("list", help=h(Msg("The reported chat messages, most reported first.")))
def list_command(db: DbOption = "sqlite:///leafpile.db") -> None:
    from leafpile.server.store.chat_store import list_reports

    database = _database(db)
    try:
        found = list_reports(database)
    finally:
        database.close()
    if not found:
        typer.echo(Msg("No reported messages.").localize())
        return
    for r in found:
        m = r.message
        when = datetime.datetime.fromtimestamp(m.at, datetime.UTC).strftime("%Y-%m-%d %H:%M")
        who = m.name if m.seat is not None else f"{m.name} ({Msg('spectator').localize()})"
        line = Msg.plural(
            "#{id} table {table} {when} UTC, {who}, reported {n} time: {text}",
            "#{id} table {table} {when} UTC, {who}, reported {n} times: {text}",
            r.reports,
            id=m.id,
            table=m.table_id,
            when=when,
            who=who,
            text=m.text if m.text is not None else f"[{m.phrase}]",
        )
        typer.echo(line.localize())  # plain text: a message is never read as markup


@reports.command("remove", help=h(Msg("Remove chat message ID from every history.")))
def remove_command(
    message_id: Annotated[int, typer.Argument(metavar="ID", min=1, max=2**62)],
    db: DbOption = "sqlite:///leafpile.db",
) -> None:
    from leafpile.server.store.chat_store import remove_message

    database = _database(db)
    try:
        removed = remove_message(database, message_id)
    finally:
        database.close()
    if not removed:
        raise fail(Msg("there is no chat message {id} (or it was removed already)", id=message_id))
    typer.echo(Msg("Removed message {id}.", id=message_id).localize())
