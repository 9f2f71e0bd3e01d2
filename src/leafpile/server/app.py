"""Assembly: the tables, the bot pool and the transports made into one ASGI application.

The rooms, from the outside in (see the server README): `http` carries messages (pages, the
table, player and analysis routes, the WebSocket, the flooding guards); `analysis` and
`players` serve what comes after a game and across tables; `api` checks requests, builds each
audience's snapshot and maps refusals to answers; `tables` holds the games and refuses in its
own terms (`errors`); `store` keeps the action log, the source of truth; `workers` is the bot
process pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from leafpile.games import GAMES
from leafpile.server import metrics
from leafpile.server.api import snapshots
from leafpile.server.api.checks import BODY_MAX
from leafpile.server.api.refusals import STATUS
from leafpile.server.http import (
    analysis_routes,
    chat_socket,
    endpoints,
    health,
    pages,
    player_routes,
    table_routes,
)
from leafpile.server.http.access_log import RequestLog
from leafpile.server.http.guards import Context, RateLimit
from leafpile.server.http.log_format import logging_config
from leafpile.server.http.methods import AllowedMethods
from leafpile.server.http.sockets import table_socket
from leafpile.server.store.db import Database, normalise_url
from leafpile.server.tables.manager import IDLE_TTL, WAITING_TTL, TableManager
from leafpile.server.workers import BotPool

#: Sent with every HTTP answer. The pages load ES modules, styles and pictures from this
#: server only and talk to it by `fetch` and WebSocket ('self' covers ws: and wss: of the same
#: host); inline styles stay allowed for the style attributes of drawn SVG and of rulebook
#: tables (styles cannot run code); nothing may frame the pages.
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
        b"base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """ASGI middleware adding `SECURITY_HEADERS` to every HTTP answer (WebSockets pass)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def quiet_garbage_collector() -> None:
    """Collect cycles less often: every action builds views, positions and JSON (many small
    objects), and Python's default thresholds then run full collections over every table
    in memory often enough to stall all tables for tens of milliseconds (the load
    benchmark's p99 at 50 tables went from ~135 ms to ~30-70 ms). What start-up loaded is
    frozen out of the collector's walks altogether."""
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


SAMPLE_SECONDS = 1.0  # how often the gauges of what is in memory are brought up to date


async def sample_forever(manager: TableManager) -> None:
    """Bring the gauges of this process's tables by state and bot queue up to date now and
    then (counting the tables costs nothing on any request's way)."""
    while True:
        metrics.meter.tables(Counter(t.status for t in manager.tables.values()))
        metrics.meter.queue(len(manager.bots.waiting))
        await asyncio.sleep(SAMPLE_SECONDS)


def observe_request(method: str, route: str, status: int, took: float, _notes: Any) -> None:
    metrics.meter.request(method, route, status, took)


def create_app(
    db_url: str = "sqlite:///leafpile.db",
    *,
    bot_delay: float = 0.0,
    allow_client_seed: bool = False,
    rate_limit: RateLimit | None = None,
    bot_workers: str = "process",
    waiting_ttl: float = WAITING_TTL,
    idle_ttl: float = IDLE_TTL,
    now: Callable[[], float] = time.time,
    with_metrics: bool = False,
) -> Starlette:
    """The whole platform as one ASGI app (tables are loaded from `db_url` at start-up).

    `allow_client_seed` lets a request fix the seed (tests); `bot_workers` is "process" or
    "thread"; seat bots wait `bot_delay` seconds before moving; a waiting table nobody joins
    or watches for `waiting_ttl` seconds is closed; a game in play without a clock, unchanged
    and unwatched for `idle_ttl` seconds, is put away (out of memory until someone asks for
    it); `now` is the clocks' time (tests); `with_metrics` records this process's metrics
    (`metrics.switch_on`: the run's directory must be named in the environment)."""
    if with_metrics:
        metrics.switch_on(GAMES, STATUS)
    manager = TableManager(
        Database(db_url),
        BotPool(bot_workers),
        bot_delay=bot_delay,
        publish=snapshots.broadcast,
        waiting_ttl=waiting_ttl,
        idle_ttl=idle_ttl,
        now=now,
    )
    ctx = Context(manager, rate_limit or RateLimit(), allow_client_seed=allow_client_seed)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        await ctx.ratings.start()
        quiet_garbage_collector()
        loop = asyncio.get_running_loop()
        sampler = loop.create_task(sample_forever(manager)) if with_metrics else None
        yield
        if sampler is not None:
            sampler.cancel()
        app.state.readiness.stopping = True
        await ctx.ratings.stop()
        ctx.reviews.stop()
        await manager.stop()
        logging.getLogger("leafpile.server").info("stopped: every write in flight is stored")
        if with_metrics:
            metrics.worker_stopped()

    app = Starlette(
        routes=[
            Route("/healthz/live", health.live),
            Route("/healthz/ready", health.ready),
            Route("/", pages.lobby_page),
            Route("/table/{table_id}", pages.table_page),
            Route("/replay/{table_id}", pages.replay_page),
            Route("/rules/{game}", pages.rules_page),
            Route("/api/i18n/{lang}", pages.api_i18n),
            Route("/api/rules/{game}/{lang}", pages.api_rules),
            Route("/games/{game}/{kind}/{path:path}", pages.game_file),
            Route("/api/games", pages.api_games),
            Route("/api/openapi.json", pages.api_openapi),
            Route("/api/tables", table_routes.api_tables, methods=["GET"]),
            Route("/api/tables", table_routes.api_create, methods=["POST"]),
            Route("/api/tables/{table_id}", table_routes.api_table),
            Route("/api/tables/{table_id}/summary", table_routes.api_table_summary),
            Route("/api/tables/{table_id}/seats", table_routes.api_join, methods=["POST"]),
            Route("/api/tables/{table_id}/actions", table_routes.api_act, methods=["POST"]),
            Route("/api/tables/{table_id}/leave", table_routes.api_leave, methods=["POST"]),
            Route("/api/tables/{table_id}/return", table_routes.api_come_back, methods=["POST"]),
            Route(
                "/api/tables/{table_id}/seats/mine", table_routes.api_hand_over, methods=["POST"]
            ),
            Route("/api/tables/{table_id}/remove", table_routes.api_remove, methods=["POST"]),
            Route("/api/tables/{table_id}/undo", table_routes.api_take_back, methods=["POST"]),
            Route("/api/tables/{table_id}/replay", table_routes.api_replay),
            Route("/api/tables/{table_id}/record", table_routes.api_record),
            Route("/api/tables/{table_id}/chat", chat_socket.api_chat),
            Route("/api/tables/{table_id}/statistics", analysis_routes.api_statistics),
            Route("/leaderboard/{game}", player_routes.leaderboard_page),
            Route("/player/{name}", player_routes.player_page),
            Route("/api/profiles", player_routes.api_create_profile, methods=["POST"]),
            Route("/api/profiles/login", player_routes.api_login, methods=["POST"]),
            Route("/api/profiles/me", player_routes.api_me, methods=["GET"]),
            Route("/api/profiles/me/tables", player_routes.api_my_tables, methods=["GET"]),
            Route("/api/profiles/password", player_routes.api_password, methods=["POST"]),
            Route("/api/leaderboard/{game}", player_routes.api_leaderboard),
            Route("/api/players/{name}", player_routes.api_player),
            Route(
                "/api/tables/{table_id}/review",
                analysis_routes.api_review,
                methods=["GET", "POST"],
            ),
            Route("/api/tables/{table_id}/explore", analysis_routes.api_explore, methods=["POST"]),
            WebSocketRoute("/ws/tables/{table_id}", table_socket),
            Mount("/static", StaticFiles(directory=endpoints.WEB_DIR), name="static"),
        ],
        lifespan=lifespan,
        middleware=[
            Middleware(RequestLog, observe=observe_request if with_metrics else None),
            Middleware(SecurityHeaders),
            Middleware(AllowedMethods),
        ],
    )
    app.state.ctx = ctx
    app.state.readiness = health.Readiness(manager.db)
    return app


def _limit(rate_limit: float) -> RateLimit:
    if rate_limit > 0:
        return RateLimit(rate=rate_limit, burst=3 * rate_limit)
    return RateLimit(enabled=False)


def from_environment() -> Starlette:
    """The app as `serve --workers N` builds it in each worker process (uvicorn imports it by
    name there), from the settings `serve` put in the environment."""
    return create_app(
        os.environ["LEAFPILE_DB"],
        bot_delay=float(os.environ.get("LEAFPILE_BOT_DELAY", "0.5")),
        rate_limit=_limit(float(os.environ.get("LEAFPILE_RATE_LIMIT", "20"))),
        with_metrics=os.environ.get("LEAFPILE_WORKER_METRICS") == "1",
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///leafpile.db",
    bot_delay: float | None = None,
    forwarded_allow_ips: str | None = None,
    rate_limit: float = 20.0,
    workers: int = 1,
    log_format: str = "readable",
    shutdown_timeout: float = 10.0,
    metrics_port: int | None = None,
    metrics_host: str = "127.0.0.1",
) -> None:
    """Run the platform with uvicorn until interrupted (`leafpile serve`).

    Seat bots wait `bot_delay` seconds before moving so people can follow the game
    (default 0.5 s, or the LEAFPILE_BOT_DELAY environment variable). `X-Forwarded-For` and
    `X-Forwarded-Proto` are believed only from the proxies in `forwarded_allow_ips`
    (comma-separated addresses, or "*"): otherwise any client, a local one included, could
    pick the address the flooding guard counts against. `rate_limit` is the requests per
    second one address may send on average (bursts of three times as many); 0 turns the
    per-address limits off (a trusted load test). `workers` > 1 runs that many server
    processes on the one port; they share a PostgreSQL database, which tells each of them
    the others' changes (LISTEN/NOTIFY), so a table works whichever process a client
    reaches. (The flooding guard then counts per process.) `metrics_port` serves
    `/metrics` on `metrics_host` (loopback by default), never on the public port: every
    worker's metrics summed from this run's directory, removed at the end."""
    import uvicorn

    if bot_delay is None:
        bot_delay = float(os.environ.get("LEAFPILE_BOT_DELAY", "0.5"))
    if workers > 1 and not normalise_url(db).startswith("postgresql"):
        raise ValueError(
            "several worker processes need a PostgreSQL database (--db postgresql://...)"
        )
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "log_config": logging_config(log_format),
        "access_log": False,  # leafpile writes its own line per request (http/access_log.py)
        # SIGTERM: stop accepting, close each WebSocket with 1012 (the pages reconnect), wait
        # this long for the requests in flight, then the lifespan finishes the writes
        "timeout_graceful_shutdown": shutdown_timeout,
        "ws_max_size": BODY_MAX * 4,
        "proxy_headers": forwarded_allow_ips is not None,
        "forwarded_allow_ips": forwarded_allow_ips or "",
    }
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    processes = f", {workers} processes" if workers > 1 else ""
    print(f"leafpile is serving on http://{shown}:{port}  (database: {db}{processes})", flush=True)
    if metrics_port is None:
        _run(uvicorn, db, bot_delay, rate_limit, workers, options, with_metrics=False)
        return
    with metrics_served(metrics_host, metrics_port):
        _run(uvicorn, db, bot_delay, rate_limit, workers, options, with_metrics=True)


@contextlib.contextmanager
def metrics_served(host: str, port: int) -> Iterator[None]:
    """`/metrics` on `host:port` from this process while the server runs, from a fresh
    directory (made before the workers start: they inherit it) removed at the end, also
    after SIGTERM: uvicorn ends a graceful stop by raising the signal again, which would end
    the process before any `finally`, so it is caught here and raised again once the
    directory is gone (the process still ends by the signal, as systemd expects)."""
    directory = metrics.make_directory()
    exposition = metrics.serve_metrics(host, port, directory)
    print(f"metrics on http://{host}:{port}/metrics", flush=True)
    signalled: list[int] = []

    def stopped(sig: int, _frame: Any) -> None:
        signalled.append(sig)
        raise SystemExit(128 + sig)

    previous = signal.signal(signal.SIGTERM, stopped)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        metrics.stop_metrics(exposition)
        metrics.remove_directory(directory)
        if signalled:
            signal.raise_signal(signalled[0])


def _run(
    uvicorn: Any,
    db: str,
    bot_delay: float,
    rate_limit: float,
    workers: int,
    options: dict[str, Any],
    *,
    with_metrics: bool,
) -> None:
    if workers > 1:
        database = Database(db)  # migrated once here, before the workers start
        try:
            database.migrate()
        finally:
            database.close()
        os.environ.update(
            LEAFPILE_DB=db,
            LEAFPILE_BOT_DELAY=str(bot_delay),
            LEAFPILE_RATE_LIMIT=str(rate_limit),
            LEAFPILE_WORKER_METRICS="1" if with_metrics else "0",
        )
        uvicorn.run(
            "leafpile.server.app:from_environment", factory=True, workers=workers, **options
        )
        return
    app = create_app(
        db, bot_delay=bot_delay, rate_limit=_limit(rate_limit), with_metrics=with_metrics
    )
    uvicorn.run(app, **options)
