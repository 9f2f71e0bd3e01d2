"""The chat's transports: its messages over a table's WebSocket (`chat_history`, `chat`,
`chat_settings`, `chat_report`) and its history over HTTP (for the replay page). The rates
are checked here, like every flooding guard; what may be written, and by whom, is
`players.chat`'s."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from leafpile.server.http.endpoints import client_of, endpoint, guarded, reader_lang
from leafpile.server.http.guards import Context
from leafpile.server.store.chat_store import digest
from leafpile.server.tables.live_table import Listener, LiveTable

KINDS = frozenset({"chat_history", "chat", "chat_settings", "chat_report"})


def reporter_of(table: LiveTable, seat: int | None, client: str) -> str:
    """Who reports (one report per message each): a seat, or a spectator's address."""
    return f"seat:{seat}" if seat is not None else f"watch:{digest(client)}"


async def handle(
    ctx: Context, table: LiveTable, listener: Listener, client: str, msg: dict[str, Any]
) -> dict[str, Any] | None:
    """One chat message from a socket; returns the answer for this client only (if any)."""
    kind = msg["type"]
    seat = listener.seat
    if kind == "chat_history":  # in the language of the hello
        ctx.chat_limits.guard_history(client)
        return await ctx.chat.history(table, listener.lang)
    if kind == "chat_settings":
        await ctx.chat.configure(table, msg)
        return None
    person = f"{table.id}:" + reporter_of(table, seat, client)
    ctx.chat_limits.guard(person, client)
    if kind == "chat":
        await ctx.chat.write(table, seat, msg, client)
        return None
    fresh = await ctx.chat.report(table, msg.get("id"), reporter_of(table, seat, client))
    return {"type": "chat_reported", "id": msg.get("id"), "new": fresh}


@endpoint
async def api_chat(request: Request) -> Response:
    """GET: a table's chat history (for the replay), quick phrases in the reader's language."""
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    ctx.chat_limits.guard_history(client_of(request))
    history = await ctx.chat.history(table, reader_lang(request))
    return Response(json.dumps(history), media_type="application/json")
