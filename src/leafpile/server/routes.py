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
from typing import Any, cast

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from leafpile import i18n
from leafpile.games import GAMES
from leafpile.i18n import Msg
from leafpile.server import howto, protocol, rated, replays
from leafpile.server.context import Context
from leafpile.server.errors import BadToken, NotFound, Refusal, TooLarge
from leafpile.server.live import LiveTable
from leafpile.server.profiles import Profile
from leafpile.server.protocol import BODY_MAX
from leafpile.server.seating import Seating

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
            body = protocol.error_body(e, safe_reader_lang(request))
            return JSONResponse(body, status_code=protocol.status_of(e))
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
    return protocol.parse_json(await read_body(request), "body")


def named(body: object, profile: Profile | None) -> object:
    """A create or join body whose display name is the profile's, when one is carried."""
    if profile is not None and isinstance(body, dict):
        return {**body, "name": profile.name}
    return body


def reader_lang(request: Request) -> str:
    """The reader's language: `?lang=`, else the browser's Accept-Language."""
    given = request.query_params.get("lang")
    if given is not None:
        return protocol.read_lang(given)
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
        raise NotFound(Msg("no such file"))
    path = game_files(name, kind).get(request.path_params["path"])
    if path is None:
        raise NotFound(Msg("no such file"))
    return FileResponse(path)


@endpoint
async def rules_page(request: Request) -> Response:
    if request.path_params["game"] not in GAMES:
        raise NotFound(Msg("no such game"))
    return FileResponse(WEB_DIR / "rules.html")


# -- API ----------------------------------------------------------------------------------------
@endpoint
async def api_i18n(request: Request) -> Response:
    """The browser's catalog for one language (from the same gettext files as the rest)."""
    lang = request.path_params["lang"]
    if lang not in i18n.LANGUAGES:
        raise NotFound(
            Msg(
                "no language {lang!r}; known: {known}",
                lang=lang[:20],
                known=", ".join(i18n.LANGUAGES),
            )
        )
    return JSONResponse(i18n.browser_catalog(lang), headers={"cache-control": "max-age=300"})


@endpoint
async def api_rules(request: Request) -> Response:
    """How to play a game, in one language: HTML parts and positions to draw."""
    name, lang = request.path_params["game"], request.path_params["lang"]
    if name not in GAMES or lang not in i18n.LANGUAGES:
        raise NotFound(Msg("no such game or language"))
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
    body = await read_json(request)
    profile = await ctx.profiles.of_body(body)  # the creator's profile, if they sent one
    new = protocol.read_new_table(named(body, profile), ctx.allow_client_seed)
    rated.prepare(new, body.get("rated") if isinstance(body, dict) else None, profile)
    ctx.guard_create(client_of(request), new)
    table, token = await ctx.manager.create(new, client_of(request))
    answer = {
        "table": table.id,
        "seat": new.sit,
        "token": token,
        "invite": f"/table/{table.id}",
        "host": new.host,  # the creator's secret: whoever holds it may remove a player
        "state": protocol.snapshot(table, new.sit),
    }
    return JSONResponse(answer, status_code=201)


async def _seen_by_bearer(request: Request) -> tuple[LiveTable, int | None]:
    """The table of the path, and the seat of the bearer's token (None: a spectator)."""
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    token = bearer(request)
    seat = await ctx.manager.seat_for(table, token)
    if token and seat is None:
        raise BadToken(Msg("that token holds no seat at this table"))
    return table, seat


@endpoint
async def api_table(request: Request) -> Response:
    table, seat = await _seen_by_bearer(request)
    return JSONResponse(protocol.snapshot(table, seat, lang=reader_lang(request)))


@endpoint
async def api_table_summary(request: Request) -> Response:
    """What the lobby would list of one table, and the bearer's seat: the lobby's "Your
    games" asks it for each table this browser holds a seat at (private ones included)."""
    table, seat = await _seen_by_bearer(request)
    return JSONResponse({**protocol.summary(table), "you": seat, "private": table.private})


@endpoint
async def api_join(request: Request) -> Response:
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    profile = await ctx.profiles.of_body(body)
    name, wanted = protocol.read_join(named(body, profile))
    seat, token = await ctx.manager.seating.join(
        table, name, wanted, profile.id if profile else None
    )
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
async def api_take_back(request: Request) -> Response:
    """Take back the bearer's last decision of this turn (takebacks.py)."""
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    version = protocol.read_take_back(body, table)
    seat = await ctx.manager.take_back(table, bearer(request), version)
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


SeatChange = Callable[[Seating, LiveTable, Any], Awaitable[int]]


async def _own_seat_change(request: Request, change: SeatChange) -> Response:
    """Carry out `change(table, token)` for the bearer's seat; answer that seat's snapshot."""
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    seat = await change(ctx.manager.seating, table, bearer(request))
    return JSONResponse(protocol.snapshot(table, seat, lang=reader_lang(request)))


@endpoint
async def api_leave(request: Request) -> Response:
    """The bearer's seat leaves (a waiting table's seat opens; a running game's gets a bot)."""
    return await _own_seat_change(request, Seating.leave)


@endpoint
async def api_come_back(request: Request) -> Response:
    """The bearer takes their seat back from the bot standing in for them."""
    return await _own_seat_change(request, Seating.come_back)


@endpoint
async def api_remove(request: Request) -> Response:
    """The creator (bearer of the host secret) removes the player of `{seat}`."""
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    seat = body.get("seat") if isinstance(body, dict) else None
    await ctx.manager.seating.remove(table, bearer(request), seat)
    return JSONResponse(protocol.snapshot(table, None, lang=reader_lang(request)))
