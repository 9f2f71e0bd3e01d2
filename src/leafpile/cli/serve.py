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
    host: Annotated[str, typer.Option(help=h(Msg("Address to listen on.")))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=h(Msg("Port to listen on.")), min=1, max=65535)] = 8000,
    db: Annotated[
        str, typer.Option(help=h(Msg("Database URL: sqlite:///file.db or postgresql://...")))
    ] = "sqlite:///leafpile.db",
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
        float,
        typer.Option(
            help=h(
                Msg(
                    "Requests per second one client address may send on average (bursts of "
                    "three times as many); 0 turns the per-address limits off (trusted load tests)."
                )
            ),
            min=0,
        ),
    ] = 20.0,
    workers: Annotated[
        int,
        typer.Option(
            help=h(
                Msg(
                    "Server processes on the one port (more than 1 needs a PostgreSQL --db; they "
                    "hear each other's changes through it)."
                )
            ),
            min=1,
            max=64,
        ),
    ] = 1,
) -> None:
    """Run the web platform (lobby, live tables with bots, replays) in the browser."""
    from leafpile.server import serve  # imported here so the CLI starts fast

    if workers > 1 and not db.startswith(("postgresql:", "postgres:")):
        raise fail("--workers above 1 needs a PostgreSQL database: --db postgresql://...")
    check_port_free(host, port)
    serve(
        workers=workers,
        host=host,
        port=port,
        db=db,
        forwarded_allow_ips=forwarded_allow_ips,
        rate_limit=rate_limit,
    )


def check_port_free(host: str, port: int) -> None:
    """Say plainly that the port is taken, before anything claims to be serving on it."""
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
            raise fail(f"port {port} needs more privileges; try --port 8000") from None
        except OSError:
            raise fail(f"port {port} is in use, try --port {port + 1}") from None
