"""Load benchmark of the web platform: many concurrent tables played over WebSockets.

A server (`leafpile.server`, flooding guard off) runs in its own process on loopback; this
process opens two WebSocket seats per table and plays random legal actions for both, as fast
as the server answers, starting a new game whenever one ends. Every action goes the whole way:
token, version and legality checks, commit to the database, then a push of each seat's own
view. It prints accepted actions per second and the latency from sending an action to
receiving the state that contains it (p50 / p90 / p99).

    .venv/bin/python benchmarks/load.py --tables 50 --seconds 20
    .venv/bin/python benchmarks/load.py --db postgresql://postgres@127.0.0.1:5432/postgres
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets


def _serve(port: int, db: str) -> None:
    import uvicorn

    from leafpile.server import RateLimit, create_app

    app = create_app(db, rate_limit=RateLimit(enabled=False))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)


def _cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    games: int = 0
    errors: dict[str, int] = field(default_factory=dict)


async def _seat(url: str, token: str, table: str, rng: random.Random, stats: Stats) -> None:
    """Play one seat of one table until the game ends."""
    async with websockets.connect(url, max_size=2**22) as ws:
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
                sent_at = None
            if msg["status"] == "finished":
                return
            if msg["legal"] and sent_at is None and msg["version"] > sent_version - 1:
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


async def _table_worker(
    http: httpx.AsyncClient,
    base: str,
    game: str,
    deadline: float,
    rng: random.Random,
    stats: Stats,
) -> None:
    """One table after another until the time is up: create, join, play both seats."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    while time.perf_counter() < deadline:
        body = {"game": game, "players": 2, "sit": 0, "name": "load", "seats": seats}
        made = (await http.post("/api/tables", json=body)).json()
        table = made["table"]
        joined = (await http.post(f"/api/tables/{table}/seats", json={"name": "load2"})).json()
        url = base.replace("http", "ws") + f"/ws/tables/{table}"
        await asyncio.gather(
            _seat(url, made["token"], table, rng, stats),
            _seat(url, joined["token"], table, rng, stats),
        )
        stats.games += 1


async def _run(base: str, game: str, tables: int, seconds: float) -> tuple[Stats, float]:
    stats = Stats()
    # The server drops a connection idle for 5 s; dropping ours sooner avoids reusing one the
    # server is closing at that very moment (an httpx.ReadError under heavy load).
    limits = httpx.Limits(
        max_connections=tables, max_keepalive_connections=tables, keepalive_expiry=2.0
    )
    # one HTTP client for all tables: making one costs ~30 ms of CPU each
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        start = time.perf_counter()
        deadline = start + seconds
        workers = [
            _table_worker(http, base, game, deadline, random.Random(i), stats)
            for i in range(tables)
        ]
        await asyncio.gather(*workers)
        return stats, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="concurrent tables")
    parser.add_argument("--seconds", type=float, default=20.0, help="time to start games")
    parser.add_argument("--game", default="autumn")
    parser.add_argument("--db", default=None, help="database URL (default: a temp SQLite)")
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory()
    db = args.db or f"sqlite:///{Path(tmp.name) / 'load.db'}"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = multiprocessing.get_context("spawn").Process(target=_serve, args=(port, db))
    server.start()
    try:
        for _ in range(200):
            try:
                httpx.get(base + "/api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        cpu_before = _cpu_seconds(server.pid)
        stats, elapsed = asyncio.run(_run(base, args.game, args.tables, args.seconds))
        server_cpu = _cpu_seconds(server.pid) - cpu_before
    finally:
        server.terminate()
        server.join()
        tmp.cleanup()
    lat = sorted(stats.latencies)
    n = len(lat)
    if not n:
        print("no action was accepted", file=sys.stderr)
        sys.exit(1)

    def pct(p: float) -> float:
        return lat[min(n - 1, int(p * n))] * 1000

    kind = db.split(":", 1)[0]
    print(f"load: {args.tables} concurrent {args.game} tables over WebSockets, {kind} database")
    print(f"  games finished     {stats.games}")
    print(f"  accepted actions   {n} in {elapsed:.1f} s = {n / elapsed:,.0f} actions/s")
    print(
        f"  latency (ms)       p50 {pct(0.50):.1f}  p90 {pct(0.90):.1f}  p99 {pct(0.99):.1f}"
        f"  mean {statistics.fmean(lat) * 1000:.1f}"
    )
    print(f"  refused            {stats.errors or 'none'}")
    if server_cpu > 0:
        print(
            f"  server CPU         {server_cpu:.1f} s = {server_cpu / n * 1000:.2f} ms per action"
            f" (busy {server_cpu / elapsed:.0%} of one core)"
        )


if __name__ == "__main__":
    main()
