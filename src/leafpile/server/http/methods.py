"""OPTIONS and 405 answers with the right `Allow` header for every route.

Starlette answers a method that a path's first route does not take with 405 and that route's
methods alone (so `DELETE /api/tables` said `Allow: GET, HEAD`, though POST is taken too) and
refuses OPTIONS everywhere. `AllowedMethods` knows every route's methods per path: OPTIONS is
answered 204 with `Allow`, any method no route of the path takes is refused 405 with the same
`Allow` (and the usual JSON error), and every other request goes on to the routes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from leafpile.i18n import Msg
from leafpile.server.api import refusals
from leafpile.server.api.methods import allow_header
from leafpile.server.errors import MethodNotAllowed
from leafpile.server.http.endpoints import safe_reader_lang

STATIC = frozenset({"GET", "HEAD"})  # what a mount of static files answers


class AllowedMethods:
    """ASGI middleware answering OPTIONS, and refusing methods no route takes, per path (the
    routes are those of the app it serves, read at its first request)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.routes: list[tuple[re.Pattern[str], frozenset[str]]] | None = None

    def allowed(self, routes: Sequence[BaseRoute], path: str) -> frozenset[str] | None:
        """The methods the routes of `path` take together (None: no route has it)."""
        if self.routes is None:
            self.routes = []
            for route in routes:
                if isinstance(route, Route):
                    self.routes.append((route.path_regex, frozenset(route.methods or ())))
                elif isinstance(route, Mount):
                    self.routes.append((route.path_regex, STATIC))
        found = [methods for regex, methods in self.routes if regex.match(path)]
        return frozenset().union(*found) if found else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            methods = self.allowed(scope["app"].routes, scope["path"])
            if methods is not None and scope["method"] not in methods:
                await self._answer(scope, allow_header(methods))(scope, receive, send)
                return
        await self.app(scope, receive, send)

    @staticmethod
    def _answer(scope: Scope, allow: str) -> Response:
        """204 to OPTIONS (no route takes it itself), else 405, with `allow`."""
        if scope["method"] == "OPTIONS":
            return Response(status_code=204, headers={"allow": allow})
        refusal = MethodNotAllowed(Msg("this address answers only {methods}", methods=allow))
        body = refusals.error_body(refusal, safe_reader_lang(Request(scope)))
        return JSONResponse(body, status_code=405, headers={"allow": allow})
