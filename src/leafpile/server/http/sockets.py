"""The WebSocket transport: a live table's pushes, and actions sent over the socket.

The URL may say the client's language (`/ws/tables/<id>?lang=fr`); `hello` may change it.
Client -> server: `hello` (a seat token or null), `action`, `ping`. Server -> client: the
audience's snapshot after every change, `error` (a refusal, or an internal error with its
id) and `pong`. One task sends (from the connection's bounded outbox), the handler receives.
A client that does not read its messages is dropped once its outbox is full, so a slow or
stalled client costs the server a bounded amount of memory and never slows the others.
A table's cap on sockets is for its spectators: once it is full, a new socket must say hello
with a seat's token first, so watchers can never lock the players out of their own table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any, cast

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from leafpile.i18n import Msg
from leafpile.server import metrics
from leafpile.server.api import checks, refusals, snapshots
from leafpile.server.errors import BadRequest, BadToken, Refusal, TooManySockets
from leafpile.server.http import chat_socket
from leafpile.server.http.guards import Bucket, Context, RateLimit, flooding
from leafpile.server.tables.live_table import Listener, LiveTable

NOT_FOUND_CLOSE = 4404  # close code after "no such table"
TOO_MANY_CLOSE = 4429  # close code after "too many sockets" (on the table, or from the address)
UNSUPPORTED_CLOSE = 1003  # close code after a binary frame (RFC 6455: data it cannot accept)
SLOW_CLOSE = 1013  # close code for a client that does not read its messages ("try again later")
FLOOD_STRIKES = 50  # refused messages past the rate before the connection is closed
GONE = (WebSocketDisconnect, WebSocketDisconnected, OSError)  # the client has gone
CLOSE_WAIT = 5.0  # seconds a closing handshake may take before the connection is dropped
HELLO_WAIT = 10.0  # seconds a socket let in as a seat (the watchers' room full) has to say hello


def watchers_full() -> TooManySockets:
    return TooManySockets(Msg("this table has as many watchers as it can take; try later"))


class Connection:
    """One client watching (or playing at) one table."""

    def __init__(
        self, ctx: Context, websocket: WebSocket, table: LiveTable, client: str = "?"
    ) -> None:
        self.ctx = ctx
        self.websocket = websocket
        self.table = table
        self.client = client  # its address (the chat's rates count per address)
        self.outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=ctx.limit.outbox)
        self.listener = Listener(None, self.queue)
        self.token: str | None = None
        self.bucket = Bucket(ctx.limit)
        limit = ctx.limit
        self.hellos = Bucket(
            RateLimit(
                rate=limit.hellos_rate,
                burst=limit.hellos_burst,
                enabled=limit.enabled,
                now=limit.now,
            )
        )
        self.strikes = 0
        self.dropped = False
        self.sender: asyncio.Task[None] | None = None
        self.closing: asyncio.Task[None] | None = None

    def queue(self, text: str) -> None:
        """Queue one message; a client whose outbox is full is dropped instead."""
        if self.dropped:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.drop()

    def push(self, message: dict[str, Any]) -> None:
        self.queue(json.dumps(message))

    def drop(self) -> None:
        """Stop sending to a client that does not keep up, and close its connection (it
        reconnects and gets the table afresh)."""
        self.dropped = True
        if self.sender is not None:
            self.sender.cancel()
        loop = asyncio.get_running_loop()
        # after the push that found the outbox full is over (not inside it)
        loop.call_soon(self.ctx.manager.unlisten, self.table, self.listener)
        self.closing = loop.create_task(self.close(SLOW_CLOSE, "too slow: reconnect"))

    async def close(self, code: int, reason: str) -> None:
        # The client may be gone, or the connection closed already: then there is no one to
        # tell (Starlette says so with a RuntimeError).
        with contextlib.suppress(*GONE, RuntimeError, TimeoutError):
            await asyncio.wait_for(self.websocket.close(code=code, reason=reason), CLOSE_WAIT)

    async def run(self) -> None:
        self.sender = asyncio.create_task(self._pump())
        try:
            if self.ctx.watchers_full(self.table):
                hello = await self._seat_first()
                if hello is None:
                    return
                self.ctx.manager.listen(self.table, self.listener)
                try:  # the seat's own snapshot, and it speaks for it
                    await self.handle(hello)
                except Refusal as e:  # the seat changed meanwhile: told, and it may watch
                    self.push(refusals.error_body(e, self.listener.lang))
            else:
                # to this client only, in the language its URL asks for (`?lang=`): the page
                # draws it before its hello is answered, and should not flash another language
                lang = checks.read_lang(self.websocket.query_params.get("lang"))
                self.listener.lang = lang
                self.ctx.manager.listen(self.table, self.listener)
                self.push(snapshots.snapshot(self.table, None, lang=lang))
                self.listener.log_sent = len(self.table.log)
            while not self.dropped:
                message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                if text is None:  # a binary frame: this protocol is JSON text only
                    await self.close(UNSUPPORTED_CLOSE, "send JSON text")
                    return
                try:
                    if not await self._within_rate(text):
                        return
                    await self.handle(text)
                except Refusal as e:
                    self.push(refusals.error_body(e, self.listener.lang))
                except Exception as e:  # logged with its traceback and an id, answered
                    self.push(refusals.internal_error(e, f"websocket of table {self.table.id}"))
        finally:
            self.ctx.manager.unlisten(self.table, self.listener)
            self.sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sender

    async def _seat_first(self) -> str | None:
        """The watchers' room is full: the first message must be a hello with a seat's token
        (within `HELLO_WAIT` seconds); anything else is refused and the socket closed."""
        text: str | None = None
        with contextlib.suppress(TimeoutError):
            message = await asyncio.wait_for(self.websocket.receive(), HELLO_WAIT)
            text = message.get("text") if message["type"] == "websocket.receive" else None
        if text is not None:
            try:
                checks.check_size(text, "message")
                msg = checks.parse_json(text, "message")
            except Refusal:
                msg = None
            if isinstance(msg, dict) and msg.get("type") == "hello":
                token = msg.get("token")
                if token and await self.ctx.manager.seat_for(self.table, token) is not None:
                    return text
        with contextlib.suppress(*GONE, RuntimeError):
            await self.websocket.send_json(refusals.error_body(watchers_full()))
        await self.close(TOO_MANY_CLOSE, "too_many_sockets")
        return None

    async def _within_rate(self, text: str) -> bool:
        """Refuse a message over the size limit or the rate; False once the client has
        flooded long enough to be disconnected."""
        checks.check_size(text, "message")
        if self.bucket.take():
            return True
        self.strikes += 1
        if self.strikes > FLOOD_STRIKES:
            await self.close(1008, "flooding")
            return False
        raise flooding()

    async def handle(self, text: str) -> None:
        msg = checks.parse_json(text, "message")
        if not isinstance(msg, dict):
            raise BadRequest(Msg("send a JSON object"))
        kind = msg.get("type")
        if kind == "hello":
            if not self.hellos.take():  # each may push this seat's presence to everyone
                raise flooding()
            self.listener.lang = checks.read_lang(msg.get("lang"))
            await self.hello(msg.get("token"))
        elif kind == "action":
            version, action = checks.read_action(msg, self.table)
            joins = checks.read_joins(msg)
            await self.ctx.manager.act(self.table, self.token, version, action, joins)
        elif kind == "undo":
            version = checks.read_take_back(msg, self.table)
            await self.ctx.manager.take_back(self.table, self.token, version)
        elif kind == "ping":
            self.push({"type": "pong"})
        elif kind in chat_socket.KINDS:
            answer = await chat_socket.handle(self.ctx, self.table, self.listener, self.client, msg)
            if answer is not None:
                self.push(answer)
        else:
            raise BadRequest(Msg("unknown message type {kind!r}", kind=str(kind)[:40]))

    async def hello(self, given: Any) -> None:
        """Speak for the seat holding `given` (null: watch as a spectator)."""
        table = self.table
        seat = await self.ctx.manager.seat_for(table, given)
        if given and seat is None:
            raise BadToken(Msg("that token holds no seat here"))
        if seat is None and self.listener.seat is not None and self.ctx.watchers_full(table):
            raise watchers_full()  # a seat's socket may not turn into one watcher too many
        self.token = given if seat is not None else None
        self.listener.log_sent = len(table.log)
        self.push(snapshots.snapshot(table, seat, lang=self.listener.lang))
        self.ctx.manager.speak_for(table, self.listener, seat)

    async def _pump(self) -> None:
        """Send the outbox in order until the connection ends (or the client has gone)."""
        while True:
            text = await self.outbox.get()
            try:
                await self.websocket.send_text(text)
            except GONE:
                return  # the client left; the receiving side ends the connection


async def table_socket(websocket: WebSocket) -> None:
    ctx = cast(Context, websocket.app.state.ctx)
    await websocket.accept()
    try:
        table = await ctx.manager.find(websocket.path_params["table_id"])
    except Refusal as e:
        await websocket.send_json(refusals.error_body(e))
        await websocket.close(code=NOT_FOUND_CLOSE)
        return
    client = websocket.client.host if websocket.client else "?"
    try:
        ctx.guard_connect(client)
        ctx.open_socket(client)
    except Refusal as e:
        await websocket.send_json(refusals.error_body(e))
        await websocket.close(code=TOO_MANY_CLOSE, reason=e.code)
        return
    metrics.meter.socket(+1)
    try:
        await Connection(ctx, websocket, table, client).run()
    finally:
        ctx.close_socket(client)
        metrics.meter.socket(-1)
