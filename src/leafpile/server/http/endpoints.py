"""What every HTTP handler shares: `endpoint` turns a refusal into its JSON error and
status, and any other exception into a 500 whose error id is also in the log line with the
traceback; the server's parts (`context`), the client's flooding guard (`guarded`), the body
read within its limit, the bearer token and the reader's language."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import cast

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from leafpile import i18n
from leafpile.i18n import Msg
from leafpile.server.api import checks, refusals
from leafpile.server.api.checks import BODY_MAX
from leafpile.server.errors import Refusal, TooLarge
from leafpile.server.http.guards import Context

WEB_DIR = Path(str(resources.files("leafpile") / "web"))

Handler = Callable[[Request], Awaitable[Response]]


def endpoint(handler: Handler) -> Handler:
    """Answer refusals with `{"type": "error", code, message}` and their status, and an
    unexpected exception with a 500 naming the error id it was logged under."""

    @functools.wraps(handler)
    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except Refusal as e:
            body = refusals.error_body(e, safe_reader_lang(request))
            # the rest of an over-limit body is not read: the connection closes after the 413
            close = {"connection": "close"} if isinstance(e, TooLarge) else None
            return JSONResponse(body, status_code=refusals.status_of(e), headers=close)
        except Exception as e:  # logged with its traceback and an id, answered as a 500
            where = f"{request.method} {request.url.path}"
            return JSONResponse(refusals.internal_error(e, where), status_code=500)

    return run


def context(request: Request) -> Context:
    return cast(Context, request.app.state.ctx)


def client_of(request: Request) -> str:
    return request.client.host if request.client else "?"


def guarded(request: Request) -> Context:
    """The server context, once the client's flooding bucket allows this request."""
    ctx = context(request)
    ctx.guard(client_of(request))
    return ctx


async def read_body(request: Request) -> bytes:
    """The request body, read only up to `BODY_MAX` bytes: a longer one (declared or
    chunked) is refused as soon as it passes the limit, so a client cannot make the server
    hold more than that (the rest is never read; the connection is closed)."""
    declared = request.headers.get("content-length")
    # ASCII digits only ("²" is a digit to isdigit(), not to int()); ten digits or more are
    # over the limit anyway, and int() refuses more than 4,300
    declared_over = (
        declared is not None
        and declared.isascii()
        and declared.isdigit()
        and (len(declared) > 9 or int(declared) > BODY_MAX)
    )
    if declared_over:
        raise TooLarge(Msg("request bodies are at most {size} bytes", size=BODY_MAX))
    parts: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > BODY_MAX:
            raise TooLarge(Msg("request bodies are at most {size} bytes", size=BODY_MAX))
        parts.append(chunk)
    return b"".join(parts)


async def read_json(request: Request) -> object:
    return checks.parse_json(await read_body(request), "body")


def reader_lang(request: Request) -> str:
    """The reader's language: `?lang=`, else the browser's Accept-Language."""
    given = request.query_params.get("lang")
    if given is not None:
        return checks.read_lang(given)
    return i18n.negotiate(request.headers.get("accept-language"))


def safe_reader_lang(request: Request) -> str:
    """`reader_lang`, or the default language when `?lang=` itself is what was refused."""
    try:
        return reader_lang(request)
    except Refusal:
        return i18n.DEFAULT


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None
