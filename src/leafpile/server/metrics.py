"""The server's Prometheus metrics: one definition each, here, for every room to report to.

Off by default: `meter` is then a `Meter`, whose readings are dropped (one method call on the
hot path, nothing imported). `switch_on` (in a server process, when `serve --metrics-port`
asks) makes it a `PrometheusMeter`, which writes to prometheus-client's multi-process files
in the run's directory (`make_directory`), so that `serve_metrics` (in the process that
started the server: the supervisor of `--workers N`, or the one server process) sums every
worker. A worker that stops removes its live gauges (`worker_stopped`); a worker that died
without stopping has them removed at the next scrape; its counters stay, so totals never
fall when a worker is replaced.

Label values are bounded: route patterns (never a path), methods, status codes, game names,
bot levels, refusal codes, table states and database calls, all set by the code; never a
table id, a name or anything else a client chooses. Callers use `metrics.meter.<reading>`
(the module attribute, looked up at each call: it changes when the metrics are switched on).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import tempfile
import threading
from collections.abc import Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

#: prometheus-client's multi-process directory (read by it in every process).
DIR_ENV = "PROMETHEUS_MULTIPROC_DIR"
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "WS"})
#: seconds; from a cached page to a slow action under load
LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
THINKING = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0)
QUICK = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
STATES = ("waiting", "playing", "finished")


class Meter:
    """The metrics switched off: every reading is dropped."""

    def request(self, method: str, route: str, status: int, seconds: float) -> None:
        """An HTTP request (or a WebSocket, method "WS") answered."""

    def action(self, game: str, by: str, seconds: float) -> None:
        """An action stored and applied (`by`: "person" or "bot"), in `seconds`."""

    def game_over(self, game: str) -> None:
        """A game ended here (its last action stored by this process)."""

    def socket(self, change: int) -> None:
        """A WebSocket opened (+1) or closed (-1)."""

    def tables(self, counts: Mapping[str, int]) -> None:
        """The tables in memory by state."""

    def queue(self, waiting: int) -> None:
        """The jobs waiting for the bot workers."""

    def think(self, level: str, seconds: float) -> None:
        """A bot decision made in a worker."""

    def timeout(self, game: str) -> None:
        """A seat's clock ran out."""

    def refusal(self, code: str) -> None:
        """A request or message refused with `code`."""

    def database(self, call: str, seconds: float) -> None:
        """A database call (`Database` method) done."""

    def heard(self, seconds: float) -> None:
        """Another process's announcement heard, `seconds` after it was sent."""


class PrometheusMeter(Meter):
    """The metrics switched on: prometheus-client's metrics in multi-process mode."""

    def __init__(self, games: Iterable[str] = (), codes: Iterable[str] = ()) -> None:
        """The counters of every game in `games` and refusal code in `codes` start at 0
        (shown before their first event, so a rate over them is never missing)."""
        from prometheus_client import Counter, Gauge, Histogram, values

        # chosen at prometheus-client's import from the environment: make sure, whoever
        # imported it first, that this process writes the run's files
        values.ValueClass = values.MultiProcessValue()  # type: ignore[no-untyped-call]
        self.requests = Counter(
            "leafpile_http_requests",
            "HTTP requests and WebSockets answered, by route pattern, method and status "
            "(a WebSocket's: its close code)",
            ["route", "method", "status"],
        )
        self.request_seconds = Histogram(
            "leafpile_http_request_seconds",
            "Time to answer an HTTP request (pages and API), by route pattern",
            ["route"],
            buckets=LATENCY,
        )
        self.actions = Histogram(
            "leafpile_action_seconds",
            "Time to check, store, apply and push one action, by game and who played it",
            ["game", "by"],
            buckets=LATENCY,
        )
        self.games = Counter("leafpile_games_finished", "Games that ended", ["game"])
        self.sockets = Gauge(
            "leafpile_websockets_open", "WebSockets open", multiprocess_mode="livesum"
        )
        self.in_memory = Gauge(
            "leafpile_tables_in_memory",
            "Tables in memory by state (each worker's copies summed)",
            ["state"],
            multiprocess_mode="livesum",
        )
        self.waiting = Gauge(
            "leafpile_bot_queue_length",
            "Jobs waiting for a bot worker (bot decisions, replays, reviews)",
            multiprocess_mode="livesum",
        )
        self.thinking = Histogram(
            "leafpile_bot_think_seconds",
            "Time a bot decision took in a worker, by level",
            ["level"],
            buckets=THINKING,
        )
        self.timeouts = Counter(
            "leafpile_clock_timeouts", "Seats whose clock ran out, by game", ["game"]
        )
        self.refusals = Counter(
            "leafpile_refusals", "Requests and messages refused, by error code", ["code"]
        )
        self.db_seconds = Histogram(
            "leafpile_db_seconds",
            "Time of a database call, by call (writes: append_actions, create_table, "
            "take_seat, ...)",
            ["call"],
            buckets=QUICK,
        )
        self.lag = Histogram(
            "leafpile_announcement_lag_seconds",
            "Time from a change's announcement (NOTIFY) in one worker to another hearing it",
            buckets=QUICK,
        )
        self.sockets.set(0)
        self.waiting.set(0)
        #: the labelled children already met, by their labels (bounded: see the module's
        #: docstring), so the hot readings skip `labels()`'s checks and lock
        self.children: dict[tuple[str, ...], Any] = {}
        for game in games:
            self.games.labels(game)
            self.timeouts.labels(game)
        for code in codes:
            self.refusals.labels(code)

    def request(self, method: str, route: str, status: int, seconds: float) -> None:
        method = method if method in METHODS else "other"  # a client may send any word
        key = ("request", route, method, str(status))
        found = self.children.get(key)
        if found is None:
            timed = None if method == "WS" else self.request_seconds.labels(route)
            found = self.children[key] = (self.requests.labels(route, method, key[3]), timed)
        found[0].inc()
        if found[1] is not None:
            found[1].observe(seconds)

    def action(self, game: str, by: str, seconds: float) -> None:
        key = ("action", game, by)
        found = self.children.get(key)
        if found is None:
            found = self.children[key] = self.actions.labels(game, by)
        found.observe(seconds)

    def game_over(self, game: str) -> None:
        self.games.labels(game).inc()

    def socket(self, change: int) -> None:
        self.sockets.inc(change)

    def tables(self, counts: Mapping[str, int]) -> None:
        for state in STATES:
            self.in_memory.labels(state).set(counts.get(state, 0))

    def queue(self, waiting: int) -> None:
        self.waiting.set(waiting)

    def think(self, level: str, seconds: float) -> None:
        self.thinking.labels(level).observe(seconds)

    def timeout(self, game: str) -> None:
        self.timeouts.labels(game).inc()

    def refusal(self, code: str) -> None:
        self.refusals.labels(code).inc()

    def database(self, call: str, seconds: float) -> None:
        key = ("database", call)
        found = self.children.get(key)
        if found is None:
            found = self.children[key] = self.db_seconds.labels(call)
        found.observe(seconds)

    def heard(self, seconds: float) -> None:
        self.lag.observe(max(0.0, seconds))


meter: Meter = Meter()


def switch_on(games: Iterable[str] = (), codes: Iterable[str] = ()) -> None:
    """Record this process's metrics in the run's directory (named by `DIR_ENV`), the
    counters of `games` and refusal `codes` shown from 0."""
    global meter
    if not os.environ.get(DIR_ENV):
        raise RuntimeError(f"metrics need {DIR_ENV}: the run's directory (make_directory)")
    if not isinstance(meter, PrometheusMeter):
        meter = PrometheusMeter(games, codes)


def make_directory() -> str:
    """A fresh directory for this run's metric files, named in the environment so that the
    server processes started from here write there (none of another run's files is summed)."""
    path = tempfile.mkdtemp(prefix="leafpile-metrics-")
    os.environ[DIR_ENV] = path
    return path


def remove_directory(path: str) -> None:
    shutil.rmtree(path, ignore_errors=True)
    if os.environ.get(DIR_ENV) == path:
        del os.environ[DIR_ENV]


def worker_stopped(pid: int | None = None) -> None:
    """A server process stops: its live gauges (sockets, tables, queue) leave the sums."""
    from prometheus_client import multiprocess

    path = os.environ.get(DIR_ENV)
    if path and isinstance(meter, PrometheusMeter):
        multiprocess.mark_process_dead(  # type: ignore[no-untyped-call]
            os.getpid() if pid is None else pid, path
        )


LIVE_FILE = re.compile(r"gauge_live[a-z]+_(\d+)\.db")


def sweep_dead(path: str) -> list[int]:
    """Remove the live gauges of the processes that died without stopping (SIGKILL, a
    crash): the process ids of the run's files that no process has any more."""
    from prometheus_client import multiprocess

    dead = set()
    for name in os.listdir(path):
        found = LIVE_FILE.fullmatch(name)
        if found and not _alive(int(found.group(1))):
            dead.add(int(found.group(1)))
    for pid in sorted(dead):
        multiprocess.mark_process_dead(pid, path)  # type: ignore[no-untyped-call]
    return sorted(dead)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process has that id now: not ours, but alive
        return True
    return True


class RunCollector:
    """Every process's metrics of the run's directory, summed (after the dead's live gauges
    are swept out)."""

    def __init__(self, path: str) -> None:
        from prometheus_client import multiprocess
        from prometheus_client.registry import CollectorRegistry

        self.path = path
        self.lock = threading.Lock()
        self.inner = multiprocess.MultiProcessCollector(  # type: ignore[no-untyped-call]
            CollectorRegistry(), path=path
        )

    def collect(self) -> Iterable[Any]:
        with self.lock:
            sweep_dead(self.path)
            return list(self.inner.collect())  # type: ignore[no-untyped-call]


def serve_metrics(host: str, port: int, path: str) -> ThreadingHTTPServer:
    """Serve `GET /metrics` (Prometheus's text format) on `host:port` from a thread of this
    process, summing the run's directory `path`; anything else is a 404."""
    from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
    from prometheus_client.registry import CollectorRegistry

    registry = CollectorRegistry(auto_describe=False)
    registry.register(RunCollector(path))

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path.split("?", 1)[0] != "/metrics":
                self.send_error(404)
                return
            body = generate_latest(registry)
            self.send_response(200)
            self.send_header("Content-Type", CONTENT_TYPE_LATEST)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            """Scrapes are not logged (one every few seconds)."""

    class Server(ThreadingHTTPServer):
        address_family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        daemon_threads = True

    server = Server((host, port), Handler)
    thread = threading.Thread(target=server.serve_forever, name="leafpile-metrics", daemon=True)
    thread.start()
    return server


def stop_metrics(server: ThreadingHTTPServer) -> None:
    with contextlib.suppress(OSError):
        server.shutdown()
        server.server_close()
