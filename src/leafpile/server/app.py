"""The ASGI application: JSON over HTTP for the lobby and actions, WebSockets for live tables.

Every refusal is an `ApiError` rendered as `{"type": "error", "code", "message"}` with an
HTTP-like status; nothing is changed by a refused request.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from leafpile.bots import BOTS
from leafpile.engine import GameRecord
from leafpile.games import GAMES
from leafpile.server.db import Database
from leafpile.server.tables import (
    FINISHED,
    ApiError,
    Listener,
    TableManager,
    game_extras,
    game_package,
    public_dict,
)

WEB_DIR = Path(str(resources.files("leafpile") / "web"))
GAMES_DIR = Path(str(resources.files("leafpile") / "games"))
BODY_MAX = 16 * 1024  # bytes of one request body or WebSocket message


@dataclass
class RateLimit:
    """Flooding guard: a token bucket per client (HTTP: per address; WebSocket: per
    connection). `rate` messages per second on average, bursts up to `burst`."""

    rate: float = 20.0
    burst: float = 60.0
    enabled: bool = True


class Bucket:
    def __init__(self, limit: RateLimit) -> None:
        self.limit = limit
        self.tokens = limit.burst
        self.at = time.monotonic()

    def take(self) -> bool:
        if not self.limit.enabled:
            return True
        now = time.monotonic()
        self.tokens = min(self.limit.burst, self.tokens + (now - self.at) * self.limit.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _flooding() -> ApiError:
    return ApiError(429, "flooding", "too many requests: slow down")


def create_app(
    db_url: str = "sqlite:///leafpile.db",
    *,
    bot_delay: float = 0.0,
    allow_client_seed: bool = False,
    rate_limit: RateLimit | None = None,
    bot_workers: str = "process",
) -> Starlette:
    """The whole platform as one ASGI app (tables are loaded from `db_url` at start-up)."""
    limit = rate_limit or RateLimit()
    manager = TableManager(
        Database(db_url),
        bot_delay=bot_delay,
        allow_client_seed=allow_client_seed,
        bot_workers=bot_workers,
    )
    buckets: dict[str, Bucket] = {}

    def guard(request: Request) -> None:
        host = request.client.host if request.client else "?"
        bucket = buckets.get(host)
        if bucket is None:
            if len(buckets) > 10_000:
                buckets.clear()
            bucket = buckets[host] = Bucket(limit)
        if not bucket.take():
            raise _flooding()

    async def read_json(request: Request) -> Any:
        body = await request.body()
        if len(body) > BODY_MAX:
            raise ApiError(413, "too_large", f"request bodies are at most {BODY_MAX} bytes")
        try:
            return json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ApiError(400, "bad_json", "the request body is not valid JSON") from None

    def bearer(request: Request) -> str | None:
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            return auth[7:].strip() or None
        return None

    # -- pages ------------------------------------------------------------------------------
    async def lobby_page(request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(WEB_DIR / "table.html")

    async def replay_page(request: Request) -> Response:
        return FileResponse(WEB_DIR / "replay.html")

    async def game_file(request: Request) -> Response:
        """A game's renderer (`web/`) or data (`data/*.json`), never anything else."""
        game = request.path_params["game"]
        kind = request.path_params["kind"]
        name = request.path_params["path"]
        if game not in GAMES or kind not in ("web", "data"):
            raise ApiError(404, "not_found", "no such file")
        base = (GAMES_DIR / game_package(GAMES[game]).rsplit(".", 1)[-1] / kind).resolve()
        path = (base / name).resolve()
        if base not in path.parents or not path.is_file() or path.suffix == ".py":
            raise ApiError(404, "not_found", "no such file")
        if kind == "data" and path.suffix != ".json":
            raise ApiError(404, "not_found", "no such file")
        return FileResponse(path)

    # -- API --------------------------------------------------------------------------------
    async def api_games(request: Request) -> Response:
        out = []
        for game in GAMES.values():
            info = game.info
            out.append(
                {
                    "name": info.name,
                    "title": info.title,
                    "summary": info.summary,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "renderer": (
                        GAMES_DIR / game_package(game).rsplit(".", 1)[-1] / "web" / "renderer.js"
                    ).is_file(),
                    "options": [
                        {
                            "name": o.name,
                            "default": list(o.default)
                            if isinstance(o.default, tuple)
                            else o.default,
                            "help": o.help,
                            "choices": list(o.choices) if o.choices is not None else None,
                            "players": list(o.players) if o.players is not None else None,
                        }
                        for o in info.options
                    ],
                }
            )
        return JSONResponse({"games": out, "bots": sorted(BOTS)})

    async def api_tables(request: Request) -> Response:
        guard(request)
        return JSONResponse({"tables": manager.lobby()})

    async def api_create(request: Request) -> Response:
        guard(request)
        body = await read_json(request)
        return JSONResponse(await manager.create(body), status_code=201)

    async def api_table(request: Request) -> Response:
        guard(request)
        table = manager.get(request.path_params["table_id"])
        token = bearer(request)
        seat = table.seat_of(token)
        if token and seat is None:
            raise ApiError(403, "bad_token", "that token holds no seat at this table")
        return JSONResponse(table.snapshot(seat))

    async def api_join(request: Request) -> Response:
        guard(request)
        body = await read_json(request)
        return JSONResponse(await manager.join(request.path_params["table_id"], body))

    async def api_act(request: Request) -> Response:
        guard(request)
        body = await read_json(request)
        table_id = request.path_params["table_id"]
        return JSONResponse(await manager.act(table_id, bearer(request), body))

    async def api_replay(request: Request) -> Response:
        """Every step of the table so far as the public sees it."""
        guard(request)
        table = manager.get(request.path_params["table_id"])
        game = table.game
        state = game.new_state(table.players, table.seed, table.options)
        steps = []
        for i in range(table.version + 1):
            view = game.player_view(state, None)
            to_move = state.current_player
            steps.append(
                {
                    "version": i,
                    "view": public_dict(view, finished=False),
                    "to_move": to_move if to_move >= 0 else None,
                    "scores": view.scores(),
                    "extras": game_extras(game, view),
                    "line": table.log[i - 1].line_for(None) if i else None,
                }
            )
            if i < table.version:
                state.play(table.actions[i])
        return JSONResponse(
            {
                "table": table.id,
                "game": game.info.name,
                "title": game.info.title,
                "status": table.status,
                "players": table.players,
                "options": table.options,
                "seats": table.seats_public(),
                "winners": table.state.winners() if table.status == FINISHED else None,
                "steps": steps,
            }
        )

    async def api_record(request: Request) -> Response:
        guard(request)
        table = manager.get(request.path_params["table_id"])
        if table.status != FINISHED:
            raise ApiError(
                409,
                "not_finished",
                "the game record (which holds the seed, and so every hidden card) can be "
                "downloaded once the game is over; the replay shows the game so far",
            )
        record: GameRecord = table.record()
        return Response(
            record.to_json() + "\n",
            media_type="application/json",
            headers={
                "content-disposition": f'attachment; filename="{table.game.info.name}-'
                f'{table.id}.json"'
            },
        )

    # -- live tables ------------------------------------------------------------------------
    async def ws_table(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            table = manager.get(websocket.path_params["table_id"])
        except ApiError as e:
            await websocket.send_json(e.to_dict())
            await websocket.close(code=4404)
            return
        outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        listener = Listener(None, outbox.put_nowait)
        token: str | None = None
        bucket = Bucket(limit)
        strikes = 0

        async def pump() -> None:
            while True:
                msg = await outbox.get()
                if msg is None:
                    return
                await websocket.send_text(json.dumps(msg))

        sender = asyncio.create_task(pump())
        manager.listen(table, listener)
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    if len(text) > BODY_MAX:
                        raise ApiError(413, "too_large", f"messages are at most {BODY_MAX} bytes")
                    if not bucket.take():
                        strikes += 1
                        if strikes > 50:
                            await websocket.close(code=1008, reason="flooding")
                            return
                        raise _flooding()
                    try:
                        msg = json.loads(text)
                    except json.JSONDecodeError:
                        raise ApiError(400, "bad_json", "that message is not valid JSON") from None
                    if not isinstance(msg, dict):
                        raise ApiError(400, "bad_request", "send a JSON object")
                    kind = msg.get("type")
                    if kind == "hello":
                        given = msg.get("token")
                        seat = table.seat_of(given) if isinstance(given, str) else None
                        if given and seat is None:
                            raise ApiError(403, "bad_token", "that token holds no seat here")
                        token = given if seat is not None else None
                        listener.seat = seat
                        listener.log_sent = len(table.log)
                        outbox.put_nowait(table.snapshot(seat))
                    elif kind == "action":
                        await manager.act(table.id, token, msg)
                    elif kind == "ping":
                        outbox.put_nowait({"type": "pong"})
                    else:
                        raise ApiError(400, "bad_request", f"unknown message type {kind!r}")
                except ApiError as e:
                    outbox.put_nowait(e.to_dict())
        except WebSocketDisconnect:
            pass
        finally:
            manager.unlisten(table, listener)
            outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await sender

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return JSONResponse(exc.to_dict(), status_code=exc.status)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        yield
        await manager.stop()

    routes = [
        Route("/", lobby_page),
        Route("/table/{table_id}", table_page),
        Route("/replay/{table_id}", replay_page),
        Route("/games/{game}/{kind}/{path:path}", game_file),
        Route("/api/games", api_games),
        Route("/api/tables", api_tables, methods=["GET"]),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/tables/{table_id}/seats", api_join, methods=["POST"]),
        Route("/api/tables/{table_id}/actions", api_act, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", api_replay),
        Route("/api/tables/{table_id}/record", api_record),
        WebSocketRoute("/ws/tables/{table_id}", ws_table),
        Mount("/static", StaticFiles(directory=WEB_DIR), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={ApiError: on_api_error}, lifespan=lifespan)
    app.state.manager = manager
    return app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///leafpile.db",
    bot_delay: float | None = None,
) -> None:
    """Run the platform with uvicorn until interrupted (`leafpile serve`).

    Seat bots wait `bot_delay` seconds before moving so people can follow the game
    (default 0.5 s, or the LEAFPILE_BOT_DELAY environment variable)."""
    import os

    import uvicorn

    if bot_delay is None:
        bot_delay = float(os.environ.get("LEAFPILE_BOT_DELAY", "0.5"))

    app = create_app(db, bot_delay=bot_delay)
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    print(f"leafpile is serving on http://{shown}:{port}  (database: {db})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=BODY_MAX * 4)
