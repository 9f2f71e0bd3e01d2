"""The HTTP transport: pages, game files and the JSON API.

Handlers only carry messages: they read the request, call the protocol checks and the tables,
and answer. `endpoint` turns a refusal into its JSON error and status, and any other
exception into a 500 whose error id is also in the log line with the traceback.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import cast

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from leafpile import i18n
from leafpile.games import GAMES
from leafpile.server import howto, protocol, replays
from leafpile.server.context import Context
from leafpile.server.errors import BadToken, NotFound, Refusal, TooLarge
from leafpile.server.protocol import BODY_MAX

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
            return JSONResponse(protocol.error_body(e), status_code=protocol.status_of(e))
        except Exception as e:  # logged with its traceback and an id, answered as a 500
            where = f"{request.method} {request.url.path}"
            return JSONResponse(protocol.internal_error(e, where), status_code=500)

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
    if declared is not None and declared.isdigit() and int(declared) > BODY_MAX:
        raise TooLarge(f"request bodies are at most {BODY_MAX} bytes")
    parts: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > BODY_MAX:
            raise TooLarge(f"request bodies are at most {BODY_MAX} bytes")
        parts.append(chunk)
    return b"".join(parts)


async def read_json(request: Request) -> object:
    return protocol.parse_json(await read_body(request), "body")


def reader_lang(request: Request) -> str:
    """The reader's language: `?lang=`, else the browser's Accept-Language."""
    given = request.query_params.get("lang")
    if given is not None:
        return protocol.read_lang(given)
    return i18n.negotiate(request.headers.get("accept-language"))


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


# -- pages and files ----------------------------------------------------------------------------
@endpoint
async def lobby_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "index.html")


@endpoint
async def table_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "table.html")


@endpoint
async def replay_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "replay.html")


#: What a game's folders may serve: the renderer's own files (never Python, bytecode or
#: anything hidden), and the game's data.
RENDERER_FILES = (".js", ".css", ".svg", ".png", ".webp", ".jpg", ".woff2", ".json")


@functools.cache
def game_files(name: str, kind: str) -> dict[str, Path]:
    """The files of game `name` served under `/games/<name>/<kind>/`, by relative path:
    listed once (they do not change while the server runs), so a request is only a lookup
    and no client-made path ever reaches the file system."""
    game = GAMES[name]
    folder = game.renderer_dir() if kind == "web" else game.package_dir() / "data"
    if folder is None or not folder.is_dir():
        return {}
    out: dict[str, Path] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        hidden = any(part.startswith((".", "_")) for part in rel.parts)
        wanted = RENDERER_FILES if kind == "web" else (".json",)
        if path.is_file() and not hidden and path.suffix in wanted:
            out[rel.as_posix()] = path
    return out


@endpoint
async def game_file(request: Request) -> Response:
    """A game's renderer (`web/`) or data (`data/*.json`), never anything else."""
    name = request.path_params["game"]
    kind = request.path_params["kind"]
    if name not in GAMES or kind not in ("web", "data"):
        raise NotFound("no such file")
    path = game_files(name, kind).get(request.path_params["path"])
    if path is None:
        raise NotFound("no such file")
    return FileResponse(path)


@endpoint
async def rules_page(request: Request) -> Response:
    if request.path_params["game"] not in GAMES:
        raise NotFound("no such game")
    return FileResponse(WEB_DIR / "rules.html")


# -- API ----------------------------------------------------------------------------------------
@endpoint
async def api_i18n(request: Request) -> Response:
    """The browser's catalog for one language (from the same gettext files as the rest)."""
    lang = request.path_params["lang"]
    if lang not in i18n.LANGUAGES:
        raise NotFound(f"no language {lang[:20]!r}; known: {', '.join(i18n.LANGUAGES)}")
    return JSONResponse(i18n.browser_catalog(lang), headers={"cache-control": "max-age=300"})


@endpoint
async def api_rules(request: Request) -> Response:
    """How to play a game, in one language: HTML parts and positions to draw."""
    name, lang = request.path_params["game"], request.path_params["lang"]
    if name not in GAMES or lang not in i18n.LANGUAGES:
        raise NotFound("no such game or language")
    return JSONResponse(howto.rulebook_answer(name, lang))


@endpoint
async def api_openapi(request: Request) -> Response:
    """The OpenAPI description of this API (what the fuzzing tests read)."""
    return JSONResponse(_openapi())


@functools.cache
def _openapi() -> dict[str, object]:
    from leafpile.server import openapi

    return openapi.describe()


@endpoint
async def api_games(request: Request) -> Response:
    return JSONResponse(protocol.games_list())


@endpoint
async def api_tables(request: Request) -> Response:
    ctx = guarded(request)
    return JSONResponse({"tables": [protocol.summary(t) for t in ctx.manager.lobby()]})


@endpoint
async def api_create(request: Request) -> Response:
    ctx = guarded(request)
    new = protocol.read_new_table(await read_json(request), ctx.allow_client_seed)
    ctx.guard_create(client_of(request), new)
    table, token = await ctx.manager.create(new, client_of(request))
    answer = {
        "table": table.id,
        "seat": new.sit,
        "token": token,
        "invite": f"/table/{table.id}",
        "state": protocol.snapshot(table, new.sit),
    }
    return JSONResponse(answer, status_code=201)


@endpoint
async def api_table(request: Request) -> Response:
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    token = bearer(request)
    seat = await ctx.manager.seat_for(table, token)
    if token and seat is None:
        raise BadToken("that token holds no seat at this table")
    return JSONResponse(protocol.snapshot(table, seat, lang=reader_lang(request)))


@endpoint
async def api_join(request: Request) -> Response:
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    name, wanted = protocol.read_join(body)
    seat, token = await ctx.manager.join(table, name, wanted)
    return JSONResponse({"table": table.id, "seat": seat, "token": token})


@endpoint
async def api_act(request: Request) -> Response:
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    version, text = protocol.read_action(body, table)
    seat = await ctx.manager.act(table, bearer(request), version, text)
    return JSONResponse(protocol.snapshot(table, seat, lang=reader_lang(request)))


@endpoint
async def api_replay(request: Request) -> Response:
    """Every step of the table so far as the public sees it."""
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    head = replays.replay_head(table)  # read now: the table may move on while steps build
    seat = replays.read_audience(request.query_params.get("seat"), table)
    steps = await ctx.replays.steps(table, ctx.manager.bots, reader_lang(request), seat)
    body = json.dumps(head)[:-1] + ', "steps": ' + steps + "}"
    return Response(body, media_type="application/json")


@endpoint
async def api_record(request: Request) -> Response:
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    record = table.finished_record()
    filename = f"{table.game.info.name}-{table.id}.json"
    return Response(
        record.to_json() + "\n",
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )
