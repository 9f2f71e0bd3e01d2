"""Serving the web platform."""

from __future__ import annotations

from typing import Annotated

import typer

from leafpile.cli.common import app, fail, h
from leafpile.i18n import Msg


# -- serve ------------------------------------------------------------------------------------
@app.command(
    "serve",
    help=h(Msg("Run the web platform (lobby, live tables with bots, replays) in the browser.")),
)
def serve_command(
    host: Annotated[str | None, typer.Option(help=h(Msg("Address to listen on.")))] = None,
    port: Annotated[
        str | None, typer.Option(help=h(Msg("Port to listen on.")), metavar="PORT")
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(help=h(Msg("Database URL: sqlite:///file.db or postgresql://..."))),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help=h(
                Msg(
                    "Believe X-Forwarded-For/-Proto only from these proxy addresses "
                    "(comma-separated, or '*'); by default forwarded headers are ignored."
                )
            )
        ),
    ] = None,
    rate_limit: Annotated[
        str | None,
        typer.Option(
            help=h(
                Msg(
                    "Requests per second one client address may send on average (bursts of "
                    "three times as many); 0 turns the per-address limits off (trusted load tests)."
                )
            ),
            metavar="R",
        ),
    ] = None,
    workers: Annotated[
        str | None,
        typer.Option(
            help=h(
                Msg(
                    "Server processes on the one port (more than 1 needs a PostgreSQL --db; they "
                    "hear each other's changes through it)."
                )
            ),
            metavar="N",
        ),
    ] = None,
    log_format: Annotated[
        str | None,
        typer.Option(
            help=h(Msg("Log lines as 'readable' text (the default) or 'json', one object a line."))
        ),
    ] = None,
    bot_delay: Annotated[
        str | None,
        typer.Option(help=h(Msg("Seconds a seat bot waits before it moves.")), metavar="S"),
    ] = None,
    shutdown_timeout: Annotated[
        str | None,
        typer.Option(
            help=h(Msg("Seconds a stopping server waits for the requests in flight.")),
            metavar="S",
        ),
    ] = None,
    metrics_port: Annotated[
        str | None,
        typer.Option(
            help=h(
                Msg(
                    "Serve Prometheus metrics on /metrics at this port (off by default; never "
                    "on the public port)."
                )
            ),
            metavar="PORT",
        ),
    ] = None,
    metrics_host: Annotated[
        str | None,
        typer.Option(help=h(Msg("Address the metrics listen on (default 127.0.0.1)."))),
    ] = None,
    config: Annotated[
        str | None,
        typer.Option(
            help=h(
                Msg(
                    "A TOML file of settings (default: LEAFPILE_CONFIG); flags, then "
                    "environment variables, come before it."
                )
            ),
            metavar="FILE",
        ),
    ] = None,
) -> None:
    """Run the web platform (lobby, live tables with bots, replays) in the browser."""
    import os

    from leafpile.cli.serve_config import ConfigError, resolve
    from leafpile.server import serve  # imported here so the CLI starts fast

    given = {
        "host": host,
        "port": port,
        "db": db,
        "forwarded_allow_ips": forwarded_allow_ips,
        "rate_limit": rate_limit,
        "workers": workers,
        "log_format": log_format,
        "bot_delay": bot_delay,
        "shutdown_timeout": shutdown_timeout,
        "metrics_port": metrics_port,
        "metrics_host": metrics_host,
    }
    try:
        settings = resolve(given, os.environ, config)
    except ConfigError as e:
        raise fail(e.message) from None
    db_url = settings["db"]
    if settings["workers"] > 1 and not db_url.startswith(("postgresql:", "postgres:")):
        raise fail("--workers above 1 needs a PostgreSQL database: --db postgresql://...")
    check_port_free(settings["host"], settings["port"])
    if settings["metrics_port"] is not None:
        if settings["metrics_port"] == settings["port"]:
            raise fail(
                Msg(
                    "--metrics-port {port} is the public port: metrics need a port of their own",
                    port=settings["port"],
                )
            )
        check_port_free(settings["metrics_host"], settings["metrics_port"], "--metrics-port")
    check_database(db_url)
    serve(**settings)


def check_port_free(host: str, port: int, flag: str = "--port") -> None:
    """Say plainly that the port (of `flag`) is taken, before anything claims to be serving
    on it."""
    import socket

    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise fail(f"cannot listen on {host!r}: {e.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except PermissionError:
            usual = 8000 if flag == "--port" else 9108
            raise fail(f"port {port} needs more privileges; try {flag} {usual}") from None
        except OSError:
            raise fail(f"port {port} is in use, try {flag} {port + 1}") from None


def check_database(url: str) -> None:
    """Say in one line what is wrong with `--db` (a URL that is none, a database we do not
    speak, a folder that is missing, a server that does not answer) before serving, instead of
    a traceback from deep inside the start-up."""
    import os

    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, DBAPIError

    from leafpile.server.store.db import normalise_url

    try:
        parsed = make_url(normalise_url(url))
    except ArgumentError:
        raise fail(say_db_forms(url)) from None
    shown = make_url(url).render_as_string(hide_password=True) if "://" in url else url
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise fail(say_db_forms(shown))
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        folder = os.path.dirname(os.path.abspath(parsed.database)) or "."
        if not os.path.isdir(folder):
            raise fail(Msg("--db: the folder {folder} does not exist", folder=folder))
        if not os.access(folder, os.W_OK):
            raise fail(Msg("--db: the folder {folder} cannot be written", folder=folder))
    engine = create_engine(parsed)
    try:
        with engine.connect():
            pass
    except DBAPIError as e:
        reason = str(e.orig).strip().splitlines()[0] if e.orig is not None else str(e)
        raise fail(
            Msg("--db: cannot open the database {url}: {reason}", url=shown, reason=reason)
        ) from None
    finally:
        engine.dispose()


def say_db_forms(url: str) -> Msg:
    return Msg(
        "--db {url} is not a database leafpile can use: give sqlite:///FILE.db or "
        "postgresql://USER@HOST/DATABASE",
        url=repr(url),
    )
