"""Storing the chat of the tables (migration 0007): each message as one row, its reports, and
each table's chat settings. The operator's listing and removal of reported messages are the
public functions `list_reports` and `remove_message` (the `leafpile admin reports` command
calls them), so they need no server running."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, func, select
from sqlalchemy.exc import IntegrityError

from leafpile.server.store.db import Database
from leafpile.server.store.schema import chat_messages, chat_reports, chat_settings

HISTORY = 200  # messages a table's history holds (the newest)


@dataclass
class ChatSettings:
    """Whether the table's chat is on (its host may turn it off) and whether spectators may
    write in it (they always read it)."""

    enabled: bool = True
    spectators: bool = False


@dataclass
class ChatMessage:
    """One message as stored: a quick phrase (its id) or text, by a seat or a spectator."""

    id: int
    table_id: str
    at: float
    seat: int | None
    name: str
    text: str | None
    phrase: str | None


@dataclass
class Report:
    """A reported message, for the operator: how often and since when it was reported."""

    message: ChatMessage
    reports: int
    first: float


def digest(address: str) -> str:
    """What is kept of a writer's address: enough to tell writers apart, not the address."""
    return hashlib.sha256(address.encode()).hexdigest()


def _message(r: Row[Any]) -> ChatMessage:
    return ChatMessage(
        int(r.id), str(r.table_id), float(r.at), r.seat, str(r.name), r.text, r.phrase
    )


def load_settings(db: Database, table_id: str) -> ChatSettings:
    with db.engine.connect() as conn:
        row = conn.execute(
            select(chat_settings.c.enabled, chat_settings.c.spectators).where(
                chat_settings.c.table_id == table_id
            )
        ).first()
    return ChatSettings() if row is None else ChatSettings(bool(row.enabled), bool(row.spectators))


def store_settings(db: Database, table_id: str, settings: ChatSettings) -> None:
    values = {"enabled": settings.enabled, "spectators": settings.spectators}
    with db.engine.begin() as conn:
        done = conn.execute(
            chat_settings.update().where(chat_settings.c.table_id == table_id).values(**values)
        )
        if done.rowcount == 0:
            conn.execute(chat_settings.insert().values(table_id=table_id, **values))
        db.announce(conn, "chat_settings", table_id)


def append_message(
    db: Database,
    table_id: str,
    at: float,
    seat: int | None,
    name: str,
    text: str | None,
    phrase: str | None,
    address: str,
) -> ChatMessage:
    """Store one message (its writer's address only as a digest) and return it with its id."""
    with db.engine.begin() as conn:
        done = conn.execute(
            chat_messages.insert().values(
                table_id=table_id,
                at=at,
                seat=seat,
                name=name,
                text=text,
                phrase=phrase,
                address=digest(address),
            )
        )
        key = done.inserted_primary_key
        assert key is not None
        db.announce(conn, "chat", table_id, int(key[0]))  # the other processes' readers too
        return ChatMessage(int(key[0]), table_id, at, seat, name, text, phrase)


def load_messages(db: Database, table_id: str, newest: int = HISTORY) -> list[ChatMessage]:
    """The table's `newest` messages not removed, oldest first."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(chat_messages)
            .where(chat_messages.c.table_id == table_id, chat_messages.c.removed.is_(False))
            .order_by(chat_messages.c.id.desc())
            .limit(newest)
        ).all()
    return [_message(r) for r in reversed(rows)]


def find_message(db: Database, message_id: int) -> ChatMessage | None:
    """A message not removed, or None."""
    with db.engine.connect() as conn:
        row = conn.execute(
            select(chat_messages).where(
                chat_messages.c.id == message_id, chat_messages.c.removed.is_(False)
            )
        ).first()
    return None if row is None else _message(row)


def add_report(db: Database, message_id: int, reporter: str, at: float) -> bool:
    """Note that `reporter` reported the message; False when it had already."""
    try:
        with db.engine.begin() as conn:
            conn.execute(
                chat_reports.insert().values(message_id=message_id, reporter=reporter, at=at)
            )
    except IntegrityError:
        return False
    return True


def list_reports(db: Database) -> list[Report]:
    """The operator's list: every reported message not removed yet, most reported first."""
    count = func.count(chat_reports.c.reporter).label("reports")
    first = func.min(chat_reports.c.at).label("first")
    query = (
        select(chat_messages, count, first)
        .join(chat_reports, chat_reports.c.message_id == chat_messages.c.id)
        .where(chat_messages.c.removed.is_(False))
        .group_by(*chat_messages.c)
        .order_by(count.desc(), first)
    )
    with db.engine.connect() as conn:
        rows = conn.execute(query).all()
    return [Report(_message(r), int(r.reports), float(r.first)) for r in rows]


def remove_message(db: Database, message_id: int) -> bool:
    """The operator removes a message: it leaves every history (its text is blanked too).
    False when there is no such message or it was removed already."""
    with db.engine.begin() as conn:
        done = conn.execute(
            chat_messages.update()
            .where(chat_messages.c.id == message_id, chat_messages.c.removed.is_(False))
            .values(removed=True, text=None)
        )
    return bool(done.rowcount)
