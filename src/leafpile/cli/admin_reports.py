"""The operator's chat reports: `leafpile admin reports list` shows the reported messages,
most reported first; `leafpile admin reports remove ID` takes one out of every history. Both
work on the database directly (`server.store.chat_store`), with or without a server running,
opened as every admin command opens it (`--db`, else LEAFPILE_DB, else the configuration's).

One module of `admin.GROUPS`."""

from __future__ import annotations

import datetime
from typing import Annotated

import typer

from leafpile.cli.admin import DbOption, group, open_database
from leafpile.cli.common import fail, h
from leafpile.i18n import Msg

reports = group("reports", h(Msg("The chat messages players reported: list them, remove one.")))


@reports.command("list", help=h(Msg("The reported chat messages, most reported first.")))
def list_command(db: DbOption = None) -> None:
    from leafpile.server.store.chat_store import list_reports

    database = open_database(db)
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
    db: DbOption = None,
) -> None:
    from leafpile.server.store.chat_store import remove_message

    database = open_database(db)
    try:
        removed = remove_message(database, message_id)
    finally:
        database.close()
    if not removed:
        raise fail(Msg("there is no chat message {id} (or it was removed already)", id=message_id))
    typer.echo(Msg("Removed message {id}.", id=message_id).localize())
