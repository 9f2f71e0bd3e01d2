"""Chat at a table: what may be written and by whom, stored with the table and delivered to
everyone watching it, each in their own language.

A message is text (at most 500 characters, on one line, with no control, hidden or
direction-override character and showing something) or a quick phrase sent by its id
(`PHRASES`), which every reader sees in their own language. A seated player writes under the
seat's name; a spectator gives a name, checked like a profile's name and never a seated
player's. The table's host may turn the chat off and say whether spectators may write. The
transport limits how fast a person and an address write (`http/chat_socket.py`); muting is
each reader's own (the browser hides the writers it mutes).

A message changes no game, so it does not go through `TableManager.changed`: it is stored and
then sent to the listeners of the table in this process; the other server processes hear of
it through the database (`listen_to`) and send it to theirs.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import time
import unicodedata
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from leafpile.i18n import Msg
from leafpile.server.api.checks import BIDI_CONTROLS, BLANKS, UNSEEN
from leafpile.server.errors import (
    BadMessage,
    BadName,
    BadRequest,
    ChatClosed,
    NotFound,
    NotHost,
    NoToken,
    StorageFailed,
    new_error_id,
)
from leafpile.server.players.names import look_alike_key
from leafpile.server.players.profiles import read_profile_name
from leafpile.server.store import chat_store
from leafpile.server.store.chat_store import ChatMessage, ChatSettings
from leafpile.server.store.db import STORAGE_ERRORS, Database
from leafpile.server.store.schema import CHAT_TEXT_MAX, Change
from leafpile.server.tables.live_table import HUMAN, LiveTable, hash_token
from leafpile.server.tables.manager import TableManager

log = logging.getLogger("leafpile.server")
T = TypeVar("T")

#: Quick phrases by id: sent as the id, shown in each reader's language.
PHRASES: dict[str, Msg] = {
    "hello": Msg("Hello!"),
    "good_game": Msg("Good game"),
    "your_turn": Msg("Your turn"),
    "thanks": Msg("Thanks"),
    "one_moment": Msg("One moment"),
    "well_played": Msg("Well played"),
    "sorry": Msg("Sorry"),
    "bye": Msg("Goodbye"),
}
SETTINGS_CACHED = 10_000  # tables whose chat settings are kept in memory


def read_text(value: Any) -> str:
    """A message's text with its spaces tidied (one line), or a refusal saying why not."""
    if not isinstance(value, str) or not value.strip():
        raise BadMessage(Msg("write a message first"))
    if len(value) > 4 * CHAT_TEXT_MAX:
        raise BadMessage(Msg("messages are at most {n} characters", n=CHAT_TEXT_MAX))
    text = " ".join(value.split())
    if len(text) > CHAT_TEXT_MAX:
        raise BadMessage(Msg("messages are at most {n} characters", n=CHAT_TEXT_MAX))
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ch in BIDI_CONTROLS:
            code = f"U+{ord(ch):04X}"
            raise BadMessage(Msg("messages cannot hold the character {code}", code=code))
    if all(unicodedata.category(ch) in UNSEEN or ch in BLANKS for ch in text):
        raise BadMessage(Msg("write a message that shows something"))
    return text


def read_phrase(value: Any) -> str:
    if not isinstance(value, str) or value not in PHRASES:
        raise BadMessage(Msg("there is no quick phrase {phrase!r}", phrase=str(value)[:40]))
    return value


def read_flag(body: dict[str, Any], key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise BadRequest(Msg("{field} must be true or false", field=key))
    return value


def writer_name(table: LiveTable, seat: int | None, given: Any) -> str:
    """The name a message goes under: the seat's, or a spectator's own (checked like a
    profile's name, and never the name of a person seated at the table)."""
    if seat is not None:
        return table.seat_name(table.seats[seat]) or f"P{seat + 1}"
    name = read_profile_name(given)
    taken = {look_alike_key(s.name) for s in table.seats if s.kind == HUMAN and s.name}
    if look_alike_key(name) in taken:  # nor one that reads like it (with a Cyrillic i)
        raise BadName(Msg("a player at this table has that name; choose another"))
    return name


def message_json(message: ChatMessage, lang: str) -> dict[str, Any]:
    """One message as a reader sees it: a quick phrase in the reader's language."""
    phrase = PHRASES.get(message.phrase or "")
    return {
        "id": message.id,
        "at": message.at,
        "seat": message.seat,
        "spectator": message.seat is None,
        "name": message.name,
        "phrase": message.phrase,
        "text": phrase.localize(lang) if phrase is not None else (message.text or ""),
    }


def settings_json(settings: ChatSettings) -> dict[str, bool]:
    return {"enabled": settings.enabled, "spectators": settings.spectators}


def phrases_json(lang: str) -> list[dict[str, str]]:
    return [{"id": key, "text": msg.localize(lang)} for key, msg in PHRASES.items()]


class Chat:
    """The chat of every table: its settings (cached) and its messages (in the database)."""

    def __init__(self, db: Database, wall: Callable[[], float] = time.time) -> None:
        self.db = db
        self.wall = wall
        self.cached: dict[str, ChatSettings] = {}
        self.tables: Callable[[str], LiveTable | None] = lambda _id: None
        self.hearing: set[asyncio.Task[None]] = set()

    def listen_to(self, manager: TableManager) -> None:
        """Hear the messages and settings stored through the other server processes, so the
        readers of a table connected to this one get them at once."""
        self.tables = manager.tables.get
        manager.hearers["chat"] = lambda change: self._hear(self._heard_message(change))
        manager.hearers["chat_settings"] = lambda change: self._hear(self._heard_settings(change))

    def _hear(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(self._logged(work))
        self.hearing.add(task)
        task.add_done_callback(self.hearing.discard)

    @staticmethod
    async def _logged(work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except StorageFailed:  # logged by _store; the next history has the message
            pass
        except Exception:  # a background task must not die silently
            log.exception("a chat change heard from another process (error id %s)", new_error_id())

    async def _heard_message(self, change: Change) -> None:
        table = self.tables(change.table_id)
        if table is None or not table.listeners:
            return
        message = await self._store(chat_store.find_message, change.version)
        if message is not None and message.table_id == table.id:
            for listener in list(table.listeners):
                out = {"type": "chat", "messages": [message_json(message, listener.lang)]}
                listener.send(json.dumps(out))

    async def _heard_settings(self, change: Change) -> None:
        self.cached.pop(change.table_id, None)
        table = self.tables(change.table_id)
        if table is None or not table.listeners:
            return
        out = json.dumps({"type": "chat", "settings": settings_json(await self.settings(table.id))})
        for listener in list(table.listeners):
            listener.send(out)

    async def _store(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await self.db.run(fn, self.db, *args)
        except STORAGE_ERRORS:
            log.exception("cannot read or store the chat")
            raise StorageFailed(Msg("the chat could not be read or stored; try again")) from None

    async def settings(self, table_id: str) -> ChatSettings:
        found = self.cached.get(table_id)
        if found is None:
            found = await self._store(chat_store.load_settings, table_id)
            if len(self.cached) >= SETTINGS_CACHED:
                self.cached.clear()
            self.cached[table_id] = found
        return found

    async def history(self, table: LiveTable, lang: str) -> dict[str, Any]:
        """The message a client gets on (re)connecting: the settings, the quick phrases in
        its language and the newest messages."""
        settings = await self.settings(table.id)
        messages = await self._store(chat_store.load_messages, table.id)
        return {
            "type": "chat",
            "history": True,
            "settings": settings_json(settings),
            "phrases": phrases_json(lang),
            "messages": [message_json(m, lang) for m in messages],
        }

    async def write(
        self, table: LiveTable, seat: int | None, body: dict[str, Any], address: str
    ) -> ChatMessage:
        """Store a message from `seat` (None: a spectator) and send it to the table's
        listeners; refused (and nothing stored) when the chat is closed to the writer or the
        message fails a check."""
        settings = await self.settings(table.id)
        if not settings.enabled:
            raise ChatClosed(Msg("the host has turned the chat off at this table"))
        if seat is None and not settings.spectators:
            raise ChatClosed(Msg("spectators may not write at this table"))
        if body.get("phrase") is not None:
            phrase: str | None = read_phrase(body["phrase"])
            text = None
        else:
            phrase, text = None, read_text(body.get("text"))
        name = writer_name(table, seat, body.get("name"))
        message = await self._store(
            chat_store.append_message, table.id, self.wall(), seat, name, text, phrase, address
        )
        for listener in list(table.listeners):
            out = {"type": "chat", "messages": [message_json(message, listener.lang)]}
            listener.send(json.dumps(out))
        return message

    async def configure(self, table: LiveTable, body: dict[str, Any]) -> ChatSettings:
        """The host (holding the table's host secret) turns the chat on or off and lets
        spectators write or not; everyone listening hears the new settings."""
        host = body.get("host")
        if not isinstance(host, str) or not host:
            raise NoToken(Msg("this needs the table's host secret (its creator's)"))
        if table.host_hash is None or not hmac.compare_digest(table.host_hash, hash_token(host)):
            raise NotHost(Msg("only the table's host may change its chat"))
        before = await self.settings(table.id)
        settings = ChatSettings(
            enabled=read_flag(body, "enabled", before.enabled),
            spectators=read_flag(body, "spectators", before.spectators),
        )
        await self._store(chat_store.store_settings, table.id, settings)
        self.cached[table.id] = settings
        out = json.dumps({"type": "chat", "settings": settings_json(settings)})
        for listener in list(table.listeners):
            listener.send(out)
        return settings

    async def report(self, table: LiveTable, message_id: Any, reporter: str) -> bool:
        """Note a report of one of this table's messages for the operator; False when this
        reporter had reported it already."""
        if not isinstance(message_id, int) or isinstance(message_id, bool):
            raise BadRequest(Msg("{field} must be a whole number", field="id"))
        found = None
        if 0 < message_id < 2**62:
            found = await self._store(chat_store.find_message, message_id)
        if found is None or found.table_id != table.id:
            raise NotFound(Msg("there is no message {id} at this table", id=message_id))
        return await self._store(chat_store.add_report, message_id, reporter, self.wall())
