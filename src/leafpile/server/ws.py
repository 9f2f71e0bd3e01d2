"""The WebSocket transport: a live table's pushes, and actions sent over the socket.

Client -> server: `hello` (a seat token or null), `action`, `ping`. Server -> client: the
audience's snapshot after every change, `error` (a refusal, or an internal error with its
id) and `pong`. One task sends (from the connection's outbox), the handler receives.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from leafpile.server import protocol
from leafpile.server.errors import BadRequest, BadToken, Refusal
from leafpile.server.protocol import Bucket, Context
from leafpile.server.tables import Listener, LiveTable

NOT_FOUND_CLOSE = 4404  # close code after "no such table"
UNSUPPORTED_CLOSE = 1003  # close code after a binary frame (RFC 6455: data it cannot accept)
FLOOD_STRIKES = 50  # refused messages past the rate before the connection is closed


class Connection:
    """One client watching (or playing at) one table."""

    def __init__(self, ctx: Context, websocket: WebSocket, table: LiveTable) -> None:
        self.ctx = ctx
        self.websocket = websocket
        self.table = table
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.listener = Listener(None, self.outbox.put_nowait)
        self.token: str | None = None
        self.bucket = Bucket(ctx.limit)
        self.strikes = 0

    def push(self, message: dict[str, Any]) -> None:
        self.outbox.put_nowait(json.dumps(message))

    async def run(self) -> None:
        sender = asyncio.create_task(self._pump())
        self.ctx.manager.listen(self.table, self.listener)
        try:
            while True:
                message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                if text is None:  # a binary frame: this protocol is JSON text only
                    await self.websocket.close(code=UNSUPPORTED_CLOSE, reason="send JSON text")
                    return
                try:
                    if not await self._within_rate(text):
                        return
                    await self.handle(text)
                except Refusal as e:
                    self.push(protocol.error_body(e))
                except Exception as e:  # logged with its traceback and an id, answered
                    self.push(protocol.internal_error(e, f"websocket of table {self.table.id}"))
        finally:
            self.ctx.manager.unlisten(self.table, self.listener)
            self.outbox.put_nowait(None)
            await sender

    async def _within_rate(self, text: str | None) -> bool:
        """Refuse a message over the size limit or the rate; False once the client has
        flooded long enough to be disconnected."""
        if text is not None:
            protocol.check_size(text, "message")
        if self.bucket.take():
            return True
        self.strikes += 1
        if self.strikes > FLOOD_STRIKES:
            await self.websocket.close(code=1008, reason="flooding")
            return False
        raise protocol.flooding()

    async def handle(self, text: str | None) -> None:
        if text is None:
            raise BadRequest("send JSON text messages")
        msg = protocol.parse_json(text, "message")
        if not isinstance(msg, dict):
            raise BadRequest("send a JSON object")
        kind = msg.get("type")
        if kind == "hello":
            self.hello(msg.get("token"))
        elif kind == "action":
            table, version, action = protocol.read_action(msg, self.table.id, self.ctx.manager)
            await self.ctx.manager.act(table, self.token, version, action)
        elif kind == "ping":
            self.push({"type": "pong"})
        else:
            raise BadRequest(f"unknown message type {kind!r}")

    def hello(self, given: Any) -> None:
        """Speak for the seat holding `given` (null: watch as a spectator)."""
        table = self.table
        seat = table.seat_of(given) if isinstance(given, str) else None
        if given and seat is None:
            raise BadToken("that token holds no seat here")
        self.token = given if seat is not None else None
        self.listener.seat = seat
        self.listener.log_sent = len(table.log)
        self.push(protocol.snapshot(table, seat))

    async def _pump(self) -> None:
        """Send the outbox in order until the connection ends (or the client has gone)."""
        while (text := await self.outbox.get()) is not None:
            try:
                await self.websocket.send_text(text)
            except (WebSocketDisconnect, WebSocketDisconnected):
                return  # the client left; the receiving side ends the connection


async def table_socket(websocket: WebSocket) -> None:
    ctx = cast(Context, websocket.app.state.ctx)
    await websocket.accept()
    try:
        table = ctx.manager.get(websocket.path_params["table_id"])
    except Refusal as e:
        await websocket.send_json(protocol.error_body(e))
        await websocket.close(code=NOT_FOUND_CLOSE)
        return
    await Connection(ctx, websocket, table).run()
