"""One log line per HTTP request and per WebSocket connection (uvicorn's access log is off):
the method, the route (its pattern, so table ids do not make every line a new route), the
table id, the status (a WebSocket's close code), the time taken, the client address, and what
the answer noted (a refusal's code, a 500's error id). Never a header, a query string, a
body or a token: nothing the client sends is copied into the line but the table id, which
is checked to be one before it is written."""

from __future__ import annotations

import logging
import re
import time
from typing import Any

from starlette.routing import BaseRoute, Match, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from leafpile.server.api.refusals import NOTES

log = logging.getLogger("leafpile.requests")
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")  # what a table id can be; anything else is not logged


def route_of(routes: list[BaseRoute], scope: Scope) -> str:
    """The pattern of the route that serves `scope` ("unmatched" for none)."""
    for route in routes:
        match, _ = route.matches(scope)
        if match == Match.FULL:
            path = str(getattr(route, "path", "?"))
            return path + "/{path}" if isinstance(route, Mount) else path
    return "unmatched"


class RequestLog:
    """ASGI middleware writing each request's line once its answer is sent (and telling
    `observe` the same facts: the metrics)."""

    def __init__(self, app: ASGIApp, observe: Any = None) -> None:
        self.app = app
        self.observe = observe

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 0
        written = False
        notes: dict[str, str] = {}
        token = NOTES.set(notes)

        def write() -> None:
            nonlocal written
            if not written:
                written = True
                self._write(scope, status, time.perf_counter() - start, notes)

        async def sending(message: Message) -> None:
            nonlocal status
            kind = message["type"]
            if kind == "http.response.start":
                status = int(message["status"])
            elif kind == "http.response.body" and not message.get("more_body", False):
                write()  # before the client has the whole answer: the line is never late
            elif kind == "websocket.accept" and not status:
                status = 101
            elif kind == "websocket.close":
                status = int(message.get("code", 1000))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except BaseException:
            status = status or 500
            raise
        finally:
            NOTES.reset(token)
            write()

    def _write(self, scope: Scope, status: int, took: float, notes: dict[str, str]) -> None:
        app = scope.get("app")
        route = route_of(app.router.routes, scope) if app is not None else "unmatched"
        method = scope.get("method", "WS")
        fields: dict[str, Any] = {
            "method": method,
            "route": route,
            "status": status,
            "ms": round(took * 1000, 2),
        }
        table = (scope.get("path_params") or {}).get("table_id")
        if isinstance(table, str) and TABLE_ID.fullmatch(table):
            fields["table"] = table
        client = scope.get("client")
        if client:
            fields["client"] = client[0]
        fields.update(notes)
        level = logging.ERROR if status >= 500 and method != "WS" else logging.INFO
        log.log(level, "request", extra={"fields": fields})
        if self.observe is not None:
            self.observe(method, route, status, took, notes)
