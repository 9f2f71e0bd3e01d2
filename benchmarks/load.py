"""Load benchmark of the web platform: many concurrent tables played over WebSockets.

A server (`leafpile.server`, flooding guard off) runs in its own process on loopback (one
core); this process opens two WebSocket seats per table and plays random legal actions for
both, starting a new game whenever one ends. The tables together offer `--rate` actions a
second (0: each as fast as the server answers). Every action goes the whole way: token,
version and legality checks, commit to the database, then a push of each seat's own view. For
each number of tables it prints accepted actions per second, the latency from sending an
action to receiving the state that contains it (p50 / p90 / p99), the server's CPU, and its
memory per table (resident memory while the tables play, less the idle server's, per table);
then memory per WebSocket (spectators opened on one table, per socket).

    .venv/bin/python benchmarks/load.py                       # 1, 50 and 500 tables
    .venv/bin/python benchmarks/load.py --tables 50 --seconds 20 --rate 0
    .venv/bin/python benchmarks/load.py --db postgresql://postgres@127.0.0.1:5432/postgres
    .venv/bin/python benchmarks/load.py --abuse --tables 20   # beside the attacks of abuse.py
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000 --tables 50 --rate 0

`--url` drives a server already running (`leafpile serve --workers N ...`, started with
`--rate-limit 0`) instead of starting one; several comma-separated URLs (separate `leafpile
serve` processes on one database) get the tables in turn, every request and socket of a table
going to its one URL, as a reverse proxy routing on the table id would do. The server's CPU
and memory are then those of its whole process tree (the process listening on each URL's
port, found through /proc, or `--server-pid`, with every worker and bot process under it),
counted apart from this client's own CPU; `--db-pid` (PostgreSQL's postmaster) adds the
database's CPU per action, and `--cut` stops every table at `--seconds`, mid-game.
    .venv/bin/python benchmarks/load.py --metrics --rounds 4  # metrics off and on, interleaved

`--abuse` runs each number of tables twice on a server with its per-address limits on, each
normal table speaking from a loopback address of its own and a person playing a `random` bot
beside them: once alone, once with the attacks of `benchmarks/abuse.py` (bot tables, replays,
spectators, lobby) from other addresses; it prints the normal players' action latency and the
bot's answer time (p50/p99) without and with.

`--metrics` runs each number of tables `--rounds` times with the server's Prometheus metrics
off, then on (a metrics port scraped every `SCRAPE` seconds, as Prometheus would, its
exposition in the server process), interleaved so both meet the same load on the machine;
it prints the server's CPU per action of each run and the medians.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
import abuse  # the attacks of --abuse, beside this script

SCRAPE = 5.0  # seconds between two scrapes of the metrics port (--metrics)


def _serve(
    port: int, db: str, limits: bool = False, metrics_at: tuple[int, str] | None = None
) -> None:
    import uvicorn

    from leafpile.server import RateLimit, create_app

    limit = RateLimit() if limits else RateLimit(enabled=False)
    if hasattr(limit, "sockets_per_table") and not limits:  # absent in older servers
        limit.sockets_per_table = 100_000
    options = {}
    if metrics_at is not None:  # as `serve --metrics-port` does in one process
        from leafpile.server import metrics

        metrics_port, directory = metrics_at
        os.environ[metrics.DIR_ENV] = directory
        metrics.serve_metrics("127.0.0.1", metrics_port, directory)
        options["with_metrics"] = True
    app = create_app(db, rate_limit=limit, **options)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)


def _core_wait(pid: int | None) -> float:
    """Seconds the server's event-loop thread was ready to run but waited for a core (Linux
    /proc schedstat; 0 elsewhere): the part of its latency that is the machine's load."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _rss_mib(pid: int | None) -> float:
    """Resident memory of a process in MiB (Linux /proc; 0 elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _tree(root: int | None) -> list[int]:
    """`root` and every process below it (Linux /proc)."""
    if root is None:
        return []
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def _tree_cpu_seconds(root: int | None) -> float:
    """CPU time of a whole process tree: each live process's own, and what it reaped of its
    children that ended (so a worker that ended still counts, and nothing twice)."""
    total = 0.0
    for pid in _tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return total / os.sysconf("SC_CLK_TCK")


def _tree_rss_mib(root: int | list[int] | None) -> float:
    roots = root if isinstance(root, list) else [root]
    return sum(_rss_mib(pid) for r in roots for pid in _tree(r))


def _trees_cpu_seconds(roots: list[int]) -> float:
    return sum(_tree_cpu_seconds(root) for root in roots)


def _listener_of(port: int) -> int:
    """The root of the processes listening on loopback TCP `port` (/proc/net/tcp: the
    socket's inode, then the processes holding it; uvicorn's workers share one socket)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                parts = line.split()
                if int(parts[1].rsplit(":", 1)[1], 16) == port and parts[3] == "0A":
                    inodes.add(f"socket:[{parts[9]}]")
    holders = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if any(os.readlink(fd) in inodes for fd in (entry / "fd").iterdir()):
                    holders.append(int(entry.name))
    if not holders:
        raise SystemExit(f"no process of this user listens on port {port}: give --server-pid")
    return min(holders, key=lambda pid: len(_ancestors(pid)))


def _ancestors(pid: int) -> list[int]:
    out = []
    while pid > 1:
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            break
        out.append(pid)
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: The servers' and the database's CPU when every table had begun (set while `_run` samples),
#: so that the opening of hundreds of tables can be left out of the CPU per action.
STEADY: dict[str, float] = {}
STEADY_ROOTS: list[int] = []
STEADY_DB: list[int] = []


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)  # when each measured action was sent
    games: int = 0
    finished: list[str] = field(default_factory=list)  # tables whose game is over
    replays: list[float] = field(default_factory=list)  # replay request latencies
    bot: list[float] = field(default_factory=list)  # a bot's answers to a person (--abuse)
    attacks: dict[str, int] = field(default_factory=dict)  # the attackers' refusals
    started: int = 0  # tables whose first game has begun
    ready_at: float = float("inf")  # when every table had begun (the end of the warm-up)
    errors: dict[str, int] = field(default_factory=dict)


@dataclass
class Pace:
    """One table's share of the offered rate: the earliest time of its next action."""

    interval: float  # seconds between its actions (0: as fast as the server answers)
    next_at: float = 0.0
    until: float = float("inf")  # with --cut: no action after this time, the game left as it is

    async def wait(self) -> None:
        if self.interval <= 0:
            return
        now = time.perf_counter()
        if self.next_at > now:
            await asyncio.sleep(self.next_at - now)
        self.next_at = max(self.next_at, now) + self.interval


async def _seat(
    url: str,
    token: str,
    table: str,
    rng: random.Random,
    stats: Stats,
    pace: Pace,
    address: str | None = None,
) -> None:
    """Play one seat of one table until the game ends (from `address`, if given)."""
    local = {"local_addr": (address, 0)} if address else {}
    async with websockets.connect(url, max_size=2**22, **local) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_version = -1
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                sent_at = None
                msg = msg.get("state")
                if msg is None:
                    continue
            if msg["type"] != "state":
                continue
            if sent_at is not None and msg["version"] > sent_version:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.sent.append(sent_at)
                sent_at = None
            if msg["status"] == "finished":
                return
            if msg["legal"] and sent_at is None and msg["version"] > sent_version - 1:
                await pace.wait()
                if time.perf_counter() >= pace.until:
                    return
                sent_version = msg["version"]
                sent_at = time.perf_counter()
                action = rng.choice(msg["legal"])
                await ws.send(
                    json.dumps(
                        {
                            "type": "action",
                            "table": table,
                            "version": sent_version,
                            "action": action,
                        }
                    )
                )


def _address_of(http: httpx.AsyncClient) -> str | None:
    """The loopback address a per-table client speaks from (None: the shared client)."""
    return getattr(http, "leafpile_address", None)


async def _post(
    http: httpx.AsyncClient, path: str, body: dict[str, object], stats: Stats
) -> dict[str, str]:
    """POST with a retry when a kept-alive connection was closed under us (the server drops
    idle ones; under heavy load the client may reuse one at that moment): counted."""
    for attempt in range(3):
        try:
            return dict((await http.post(path, json=body)).json())
        except httpx.TransportError:
            stats.errors["client connection retried"] = (
                stats.errors.get("client connection retried", 0) + 1
            )
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


async def _table_worker(
    http: httpx.AsyncClient,
    base: str,
    tables: int,
    game: str,
    deadline: float,
    rng: random.Random,
    stats: Stats,
    pace: Pace,
    address: str | None = None,
) -> None:
    """One table after another until the time is up: create, join, play both seats (from
    `address` with a client of its own, if given)."""
    if address is not None:
        async with abuse.client(base, address) as own:
            return await _table_worker(own, base, tables, game, deadline, rng, stats, pace, None)
    seats = [{"kind": "human"}, {"kind": "human"}]
    while time.perf_counter() < deadline:
        body = {"game": game, "players": 2, "sit": 0, "name": "load", "seats": seats}
        made = await _post(http, "/api/tables", body, stats)
        if "table" not in made:  # refused (300 tables at most wait for players): again soon
            code = f"open refused: {made.get('code')}"
            stats.errors[code] = stats.errors.get(code, 0) + 1
            await asyncio.sleep(0.2)
            continue
        table = made["table"]
        joined = await _post(http, f"/api/tables/{table}/seats", {"name": "load2"}, stats)
        url = base.replace("http", "ws") + f"/ws/tables/{table}"
        if stats.games == 0 and stats.started < tables:
            stats.started += 1
            if stats.started == tables:
                stats.ready_at = time.perf_counter()
        game_over = asyncio.gather(
            _seat(url, made["token"], table, rng, stats, pace, _address_of(http)),
            _seat(url, joined["token"], table, rng, stats, pace, _address_of(http)),
        )
        if pace.until < float("inf"):  # --cut: the seat waiting for the other stops too
            try:
                await asyncio.wait_for(game_over, max(0.0, pace.until - time.perf_counter()))
            except TimeoutError:
                return
        else:
            await game_over
        stats.games += 1
        stats.finished.append(table)


async def _replays(http: httpx.AsyncClient, stats: Stats, rate: float, deadline: float) -> None:
    """Ask for the replay of the latest finished game `rate` times a second (the audit found
    20 a second, within the flooding guard, slowed every table when replays were built on
    the event loop)."""
    while time.perf_counter() < deadline:
        await asyncio.sleep(1 / rate)
        if stats.finished:
            start = time.perf_counter()
            r = await http.get(f"/api/tables/{stats.finished[-1]}/replay")
            if r.status_code == 200:
                stats.replays.append(time.perf_counter() - start)
            else:
                stats.errors[f"replay {r.status_code}"] = (
                    stats.errors.get(f"replay {r.status_code}", 0) + 1
                )


async def _run(
    base: str,
    game: str,
    tables: int,
    seconds: float,
    rate: float,
    pid: int | list[int] | None,
    replays: float = 0.0,
    abuse_mode: str = "",
    attacks: tuple[str, ...] = abuse.ATTACKS,
    cut: bool = False,
) -> tuple[Stats, float, float]:
    """Play `tables` tables for `seconds`; returns the stats, the time taken and the
    server's peak resident memory (MiB) while they played."""
    stats = Stats()
    # The server drops a connection idle for 5 s; dropping ours sooner avoids reusing one the
    # server is closing at that very moment (an httpx.ReadError under heavy load).
    limits = httpx.Limits(
        max_connections=tables, max_keepalive_connections=tables, keepalive_expiry=2.0
    )
    peak = 0.0

    async def sample() -> None:
        nonlocal peak
        while True:
            peak = max(peak, _tree_rss_mib(pid))
            if "at" not in STEADY and time.perf_counter() >= stats.ready_at:
                STEADY["at"] = time.perf_counter()  # every table has begun: the CPU from here
                STEADY["cpu"] = _trees_cpu_seconds(STEADY_ROOTS)
                STEADY["db"] = _tree_cpu_seconds(STEADY_DB[0] if STEADY_DB else None)
            await asyncio.sleep(0.2)

    bases = base.split(",")  # several servers: the tables in turn (as if routed on their id)
    attacker = None
    if abuse_mode == "attacked":  # in a process of its own: see abuse.py's docstring
        spawn = multiprocessing.get_context("spawn")
        pipe, there = spawn.Pipe()
        names = ("load2", "person")  # whose games and table the attackers look for
        attacker = spawn.Process(
            target=abuse.attack_process, args=(bases[0], attacks, names, there)
        )
        attacker.start()
        assert await asyncio.to_thread(pipe.recv) == "ready"  # started and imported
    # one HTTP client for all tables (per server): making one costs ~30 ms of CPU each
    async with contextlib.AsyncExitStack() as clients:
        https = [
            await clients.enter_async_context(
                httpx.AsyncClient(base_url=b, timeout=60, limits=limits)
            )
            for b in bases
        ]
        http = https[0]
        start = time.perf_counter()
        deadline = start + seconds
        interval = tables / rate if rate > 0 else 0.0
        # each table starts at its own moment in its interval, as people do (not all at once)
        workers = [
            _table_worker(
                https[i % len(bases)],
                bases[i % len(bases)],
                tables,
                game,
                deadline,
                random.Random(i),
                stats,
                Pace(
                    interval,
                    start + random.Random(-i).uniform(0, interval),
                    deadline if cut else float("inf"),
                ),
                f"127.0.1.{i % 240 + 1}" if abuse_mode else None,
            )
            for i in range(tables)
        ]
        target: list[str] = []
        if abuse_mode:
            bot = abuse.bot_table(bases[0], deadline, stats.bot, target.append, stats.errors)
            workers.append(bot)
        if attacker is not None:
            pipe.send(time.time() + seconds)  # the attacks stop with the normal play
        sampler = asyncio.create_task(sample())
        if replays > 0:
            workers.append(_replays(http, stats, replays, deadline))
        await asyncio.gather(*workers)
        sampler.cancel()
        if attacker is not None:
            stats.attacks.update(await asyncio.to_thread(pipe.recv))
            attacker.join()
        return stats, time.perf_counter() - start, peak


async def _socket_memory(base: str, pid: int | list[int] | None, sockets: int) -> float:
    """Server memory (KiB) per WebSocket: `sockets` spectators on one table."""
    async with httpx.AsyncClient(base_url=base.split(",")[0], timeout=60) as http:
        body = {"game": "autumn", "players": 2, "seats": [{"kind": "human"}] * 2}
        table = (await http.post("/api/tables", json=body)).json()["table"]
    url = base.split(",")[0].replace("http", "ws") + f"/ws/tables/{table}"
    await asyncio.sleep(1.0)
    before = _tree_rss_mib(pid)
    opened = []
    for _ in range(sockets):
        ws = await websockets.connect(url, max_size=2**22)
        await ws.recv()  # the snapshot on connect
        opened.append(ws)
    await asyncio.sleep(1.0)
    after = _tree_rss_mib(pid)
    for ws in opened:
        await ws.close()
    return (after - before) * 1024 / sockets


@dataclass
class Result:
    tables: int
    actions: int
    seconds: float
    p50: float
    p99: float
    steady_p99: float
    cpu_per_action_ms: float
    busy: float
    db_cpu_per_action_ms: float
    client_busy: float
    mib_per_table: float
    refused: dict[str, int]
    bot_p50: float = float("nan")
    bot_p99: float = float("nan")


def _scrape(port: int, stop: threading.Event, counted: list[float]) -> None:
    """Scrape the metrics every `SCRAPE` seconds until `stop`, and once more then; `counted`
    gets the actions the last scrape counted."""
    while True:
        stopping = stop.wait(SCRAPE)
        text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=60).text
        counted[:] = [
            sum(
                float(line.rsplit(" ", 1)[1])
                for line in text.splitlines()
                if line.startswith("leafpile_action_seconds_count")
            )
        ]
        if stopping:
            return


def _one(
    args: argparse.Namespace, tables: int, abuse_mode: str = "", with_metrics: bool = False
) -> Result | None:
    """A fresh server and database, `tables` tables playing for `args.seconds` (`abuse_mode`:
    "alone" or "attacked", with the server's limits on; see the module's docstring), with
    the server's metrics on if `with_metrics` (scraped meanwhile)."""
    tmp = tempfile.TemporaryDirectory()
    db = args.db or f"sqlite:///{Path(tmp.name) / 'load.db'}"
    server = None
    metrics_at = None
    if args.url:  # an external server: its whole process tree
        urls = [u.rstrip("/") for u in args.url.split(",")]
        base = ",".join(urls)
        pid: int | list[int] | None = (
            [args.server_pid]
            if args.server_pid
            else [_listener_of(urlsplit(u).port or 80) for u in urls]
        )
    else:
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        if with_metrics:
            (Path(tmp.name) / "metrics").mkdir()
            metrics_at = (_free_port(), str(Path(tmp.name) / "metrics"))
        server = multiprocessing.get_context("spawn").Process(
            target=_serve, args=(port, db, bool(abuse_mode), metrics_at)
        )
        server.start()
        pid = server.pid
    stop_scraping = threading.Event()
    counted: list[float] = []
    try:
        started = time.monotonic() + 300  # a loaded machine can take a minute to start it
        with httpx.Client(verify=abuse.SSL) as poll:  # one client: each costs an SSL context
            while time.monotonic() < started:
                try:
                    poll.get(base.split(",")[0] + "/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
        time.sleep(0.5)
        idle = _tree_rss_mib(pid)
        if metrics_at is not None:
            scraper = threading.Thread(
                target=_scrape, args=(metrics_at[0], stop_scraping, counted), daemon=True
            )
            scraper.start()
        roots = [r for r in (pid if isinstance(pid, list) else [pid]) if r is not None]
        cpu_before = _trees_cpu_seconds(roots)
        db_before = _tree_cpu_seconds(args.db_pid)
        wait_before = _core_wait(roots[0] if roots else None)
        client_before = time.process_time()
        STEADY.clear()
        STEADY_ROOTS[:] = roots
        STEADY_DB[:] = [args.db_pid] if args.db_pid else []
        stats, elapsed, peak = asyncio.run(
            _run(
                base,
                args.game,
                tables,
                args.seconds,
                args.rate,
                pid,
                0.0 if abuse_mode else args.replays,
                abuse_mode,
                tuple(args.attacks),
                args.cut,
            )
        )
        ended = time.perf_counter()
        server_cpu = _trees_cpu_seconds(roots) - cpu_before
        db_cpu = _tree_cpu_seconds(args.db_pid) - db_before
        steady_cpu = _trees_cpu_seconds(roots) - STEADY.get("cpu", 0.0)
        steady_db = _tree_cpu_seconds(args.db_pid) - STEADY.get("db", 0.0)
        waited = _core_wait(roots[0] if roots else None) - wait_before
        client_cpu = time.process_time() - client_before
        stop_scraping.set()
        if metrics_at is not None:
            scraper.join()
            print(f"  the metrics counted {counted[0]:,.0f} actions", flush=True)
        if tables == max(args.tables) and args.sockets > 0 and not abuse_mode:
            per_socket = asyncio.run(_socket_memory(base, pid, args.sockets))
            print(f"  memory per WebSocket: {per_socket:.1f} KiB ({args.sockets} spectators)")
    finally:
        if server is not None:
            server.terminate()
            server.join()
        tmp.cleanup()
    lat = sorted(stats.latencies)
    n = len(lat)
    if not n:
        print(f"  {tables} tables: no action was accepted", file=sys.stderr)
        return None

    def pct(p: float, among: list[float] = lat) -> float:
        return among[min(len(among) - 1, int(p * len(among)))] * 1000

    # once every table has begun (opening 500 tables and 1,000 sockets at once is a burst)
    pairs = zip(stats.sent, stats.latencies, strict=True)
    steady = sorted(x for t, x in pairs if t > stats.ready_at)
    print(
        f"  {tables:>4} tables: {n / elapsed:,.0f} actions/s, p50 {pct(0.5):.1f} ms, "
        f"p90 {pct(0.9):.1f} ms, p99 {pct(0.99):.1f} ms, mean {statistics.fmean(lat) * 1000:.1f}"
        f" ms; once all had begun ({len(steady)} actions): p50 {pct(0.5, steady or lat):.1f},"
        f" p99 {pct(0.99, steady or lat):.1f}"
        f" ms, {stats.games} games in {elapsed:.0f} s, refused {stats.errors or 'none'}; "
        f"CPU busy: server {server_cpu / elapsed:.0%}, this client {client_cpu / elapsed:.0%}"
        f"; server CPU/action {server_cpu / n * 1000:.2f} ms"
        + (f", database CPU/action {db_cpu / n * 1000:.2f} ms" if args.db_pid else "")
        + f"; the server's event loop waited for a core {waited / elapsed:.0%} of the time",
        flush=True,
    )
    if "at" in STEADY and steady:
        took = ended - STEADY["at"]
        print(
            f"         once all had begun: {len(steady) / took:,.0f} actions/s over {took:.0f} s,"
            f" server CPU/action {steady_cpu / len(steady) * 1000:.2f} ms"
            + (
                f", database CPU/action {steady_db / len(steady) * 1000:.2f} ms"
                if args.db_pid
                else ""
            ),
            flush=True,
        )
    bot = sorted(stats.bot)
    if abuse_mode:
        print(
            f"         {abuse_mode}: a person's bot answered {len(bot)} moves (p50"
            f" {pct(0.5, bot or [0.0]):.1f} ms, p99 {pct(0.99, bot or [0.0]):.1f} ms);"
            f" the attackers were refused {stats.attacks or 'nothing'}",
            flush=True,
        )
    if stats.replays:
        done = sorted(stats.replays)
        print(
            f"         and {len(done)} replays of finished games meanwhile "
            f"(p50 {pct(0.5, done):.1f} ms, p99 {pct(0.99, done):.1f} ms)",
            flush=True,
        )
    return Result(
        tables,
        n,
        elapsed,
        pct(0.5),
        pct(0.99),
        pct(0.99, steady or lat),
        server_cpu / n * 1000,
        server_cpu / elapsed,
        db_cpu / n * 1000,
        client_cpu / elapsed,
        (peak - idle) / tables,
        stats.errors,
        pct(0.5, bot) if bot else float("nan"),
        pct(0.99, bot) if bot else float("nan"),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables",
        type=lambda text: [int(t) for t in text.split(",")],
        default=[1, 50, 500],
        help="concurrent tables, comma-separated runs (default 1,50,500)",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="time to start games")
    parser.add_argument(
        "--rate", type=float, default=500.0, help="actions/s offered in all (0: flat out)"
    )
    parser.add_argument(
        "--sockets", type=int, default=1000, help="spectators for memory/socket (0: not measured)"
    )
    parser.add_argument(
        "--replays", type=float, default=20.0, help="replay requests a second meanwhile (0: none)"
    )
    parser.add_argument(
        "--abuse", action="store_true", help="each run alone and beside the attacks (abuse.py)"
    )
    parser.add_argument(
        "--attacks",
        type=lambda text: text.split(","),
        default=list(abuse.ATTACKS),
        help="with --abuse: which attacks (default all: " + ",".join(abuse.ATTACKS) + ")",
    )
    parser.add_argument(
        "--cut",
        action="store_true",
        help="stop every table at --seconds, mid-game (many tables: no wait for the last games)",
    )
    parser.add_argument(
        "--metrics",
        action="store_true",
        help="each run with the server's metrics off and on, in interleaved --rounds",
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --metrics: rounds of off, on")
    parser.add_argument("--game", default="autumn")
    parser.add_argument("--db", default=None, help="database URL (default: a temp SQLite)")
    parser.add_argument(
        "--url", default=None, help="drive this running server (no server is started)"
    )
    parser.add_argument(
        "--server-pid", type=int, default=None, help="with --url: the server's root process"
    )
    parser.add_argument(
        "--db-pid", type=int, default=None, help="the database's root process (its CPU)"
    )
    args = parser.parse_args()
    if args.sockets < 0 or args.seconds <= 0 or args.rate < 0 or min(args.tables) < 1:
        parser.error("--tables and --seconds must be positive; --sockets and --rate not negative")
    if args.url and (args.abuse or args.db):
        parser.error("--url drives a running server: --db and --abuse need one started here")
    kind = "an external server's" if args.url else (args.db or "sqlite").split(":", 1)[0]
    offered = f"{args.rate:.0f} actions/s offered" if args.rate > 0 else "as fast as possible"
    print(f"load: {args.game} tables over WebSockets, {kind} database, {offered}", flush=True)
    if args.abuse:
        _abuse(args)
        return
    if args.metrics:
        _metrics(args)
        return
    results = [r for t in args.tables if (r := _one(args, t)) is not None]
    print()
    print(
        "| tables | actions/s | p50 ms | p99 ms | p99 once begun | server CPU/action "
        "| database CPU/action | server busy | client busy | MiB/table |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        print(
            f"| {r.tables} | {r.actions / r.seconds:,.0f} | {r.p50:.1f} | {r.p99:.1f} "
            f"| {r.steady_p99:.1f} "
            f"| {r.cpu_per_action_ms:.2f} ms | {r.db_cpu_per_action_ms:.2f} ms "
            f"| {r.busy:.0%} | {r.client_busy:.0%} | {r.mib_per_table:.2f} |"
        )


def _metrics(args: argparse.Namespace) -> None:
    """Each number of tables in interleaved rounds of metrics off, then on: the server's CPU
    per action of each run, and the medians."""
    cpu: dict[tuple[int, bool], list[float]] = {}
    rate: dict[tuple[int, bool], list[float]] = {}
    for tables in args.tables:
        for round_ in range(args.rounds):
            for on in (False, True):
                print(f"  round {round_ + 1}, metrics {'on' if on else 'off'}:", flush=True)
                r = _one(args, tables, with_metrics=on)
                if r is not None:
                    cpu.setdefault((tables, on), []).append(r.cpu_per_action_ms)
                    rate.setdefault((tables, on), []).append(r.actions / r.seconds)
    print()
    print("| tables | metrics | runs | actions/s | server CPU/action (median) | each run |")
    print("|---:|---|---:|---:|---:|---|")
    for tables in args.tables:
        for on in (False, True):
            runs = cpu.get((tables, on), [])
            if runs:
                print(
                    f"| {tables} | {'on' if on else 'off'} | {len(runs)} "
                    f"| {statistics.median(rate[(tables, on)]):,.0f} "
                    f"| {statistics.median(runs):.3f} ms "
                    f"| {', '.join(f'{x:.3f}' for x in runs)} |"
                )
        off, on_ = cpu.get((tables, False)), cpu.get((tables, True))
        if off and on_:
            extra = statistics.median(on_) - statistics.median(off)
            print(
                f"\n{tables} tables: metrics cost {extra * 1000:+.0f} µs of server CPU per "
                f"action ({extra / statistics.median(off):+.1%})"
            )


def _abuse(args: argparse.Namespace) -> None:
    """Each number of tables alone and beside the attacks: the normal players' figures."""
    rows = []
    for tables in args.tables:
        alone, attacked = _one(args, tables, "alone"), _one(args, tables, "attacked")
        if alone is not None and attacked is not None:
            rows.append((tables, alone, attacked))
    print()
    print("| tables | run | actions/s | action p50 ms | action p99 ms | bot p50 ms | bot p99 ms |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    for tables, alone, attacked in rows:
        for name, r in (("alone", alone), ("attacked", attacked)):
            print(
                f"| {tables} | {name} | {r.actions / r.seconds:,.0f} | {r.p50:.1f} | {r.p99:.1f}"
                f" | {r.bot_p50:.1f} | {r.bot_p99:.1f} |"
            )


if __name__ == "__main__":
    main()
