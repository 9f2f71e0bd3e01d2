"""The attacks of `load.py --abuse`, run beside normal play on a server with its per-address
limits on: each attacker speaks from its own loopback addresses (127.0.2.x and up), the
normal players from theirs (127.0.1.x), so the limits count them apart as they would count
people on the Internet. Every loop is bounded by the run's deadline.

- bots: eleven addresses each open all-`mcts` four-player Undergrove tables (two each at
  most, sixteen on the server), trying again every few seconds;
- replays: one address asks 20 replays a second (the flooding guard's rate), cycling the
  language and the seat over the finished games of the normal players;
- spectators: four addresses open 32 sockets each on the table a person plays against a bot;
- lobby: twenty addresses open waiting tables (eight each at most, 300 on the server) and
  read the lobby.

The attacks run in a process of their own (`attack_process`), which finds its targets as an
attacker would, in the public lobby: the normal players' finished games and the person's
table. In the measuring client's process they slowed the measurement itself: its one event
loop also parsed the 128 spectators' frames and built an SSL context for each attacker's
HTTP client (about half its busy time under the attacks, profiled).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import ssl
import time
from collections.abc import Callable
from typing import Any

import httpx
import websockets

BOTS_ONLY = {"game": "undergrove", "players": 4, "seats": [{"kind": "bot", "bot": "mcts"}] * 4}
WAITING = {"game": "autumn", "players": 2, "seats": [{"kind": "human"}] * 2}
PERSON_PAUSE = 0.2  # seconds a person takes before each move


#: One SSL context for every client (loopback HTTP never uses it; httpx would otherwise load
#: the certificate store again for each of the many clients, tens of milliseconds each).
SSL = ssl.create_default_context()


def client(base: str, address: str) -> httpx.AsyncClient:
    """An HTTP client speaking from `address` (a loopback address of its own)."""
    transport = httpx.AsyncHTTPTransport(local_address=address, verify=SSL)
    made = httpx.AsyncClient(base_url=base, timeout=60, transport=transport, verify=SSL)
    made.leafpile_address = address  # type: ignore[attr-defined]  # its sockets use it too
    return made


def _count(refused: dict[str, int], what: str) -> None:
    refused[what] = refused.get(what, 0) + 1


async def _post(http: httpx.AsyncClient, path: str, body: Any, refused: dict[str, int]) -> Any:
    try:
        r = await http.post(path, json=body)
    except httpx.TransportError:
        _count(refused, "transport error")
        return None
    if r.status_code >= 400:
        _count(refused, f"{path.split('/')[-1] or 'tables'} {r.status_code}")
        return None
    return r.json()


async def bots(base: str, deadline: float, refused: dict[str, int]) -> None:
    async def one(i: int) -> None:
        async with client(base, f"127.0.2.{i + 1}") as http:
            while time.perf_counter() < deadline:
                await _post(http, "/api/tables", BOTS_ONLY, refused)
                await asyncio.sleep(3.0)

    await asyncio.gather(*(one(i) for i in range(11)))


async def replays(
    base: str, deadline: float, finished: list[str], refused: dict[str, int], seats: int = 2
) -> None:
    langs = itertools.cycle(["en", "fr", "ru"])
    audiences = itertools.cycle([None, *range(seats)])
    async with client(base, "127.0.3.1") as http:
        while time.perf_counter() < deadline:
            await asyncio.sleep(1 / 20)
            if not finished:
                continue
            table = finished[int(time.perf_counter() * 20) % min(8, len(finished))]
            params: dict[str, str] = {"lang": next(langs)}
            seat = next(audiences)
            if seat is not None:
                params["seat"] = str(seat)
            try:
                r = await http.get(f"/api/tables/{table}/replay", params=params)
            except httpx.TransportError:
                _count(refused, "replay transport error")
                continue
            if r.status_code != 200:
                _count(refused, f"replay {r.status_code}")


async def spectators(base: str, table: str, deadline: float, refused: dict[str, int]) -> None:
    url = base.replace("http", "ws") + f"/ws/tables/{table}"

    async def watch(address: str) -> None:
        try:
            async with websockets.connect(url, max_size=2**22, local_addr=(address, 0)) as ws:
                while time.perf_counter() < deadline:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.perf_counter()))
        except (OSError, websockets.ConnectionClosed):
            _count(refused, "spectator socket closed")

    await asyncio.gather(*(watch(f"127.0.4.{a + 1}") for a in range(4) for _ in range(32)))


async def lobby(base: str, deadline: float, refused: dict[str, int]) -> None:
    async def one(i: int) -> None:
        async with client(base, f"127.0.5.{i + 1}") as http:
            while time.perf_counter() < deadline:
                await _post(http, "/api/tables", WAITING, refused)
                with contextlib.suppress(httpx.TransportError):
                    await http.get("/api/tables")
                await asyncio.sleep(1.0)

    await asyncio.gather(*(one(i) for i in range(20)))


async def bot_table(
    base: str,
    deadline: float,
    latencies: list[float],
    on_table: Callable[[str], None],
    refused: dict[str, int],
) -> None:
    """A person plays a `random` bot, game after game, from 127.0.1.250, a move every
    `PERSON_PAUSE` seconds: how long the bot takes to answer each of the person's moves."""
    body = {
        "game": "autumn",
        "players": 2,
        "sit": 0,
        "name": "person",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }
    async with client(base, "127.0.1.250") as http:
        while time.perf_counter() < deadline:
            made = (await http.post("/api/tables", json=body)).json()
            if "table" not in made:
                await asyncio.sleep(1.0)
                continue
            on_table(made["table"])
            url = base.replace("http", "ws") + f"/ws/tables/{made['table']}"
            async with websockets.connect(url, max_size=2**22, local_addr=("127.0.1.250", 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                sent_at: float | None = None
                sent_version = -1
                async for raw in ws:
                    msg = json.loads(raw)
                    if msg["type"] == "error":  # refused (say, flooding): go on from its state
                        _count(refused, f"person {msg['code']}")
                        msg, sent_version, sent_at = msg.get("state") or {}, -1, None
                    if msg.get("type") != "state" or msg.get("you") != 0:
                        continue
                    if msg["status"] == "finished" or time.perf_counter() > deadline:
                        break
                    if not msg["legal"] or msg["version"] <= sent_version:
                        continue
                    if sent_at is not None and msg["version"] > sent_version + 1:
                        latencies.append(time.perf_counter() - sent_at)  # the bot moved
                    sent_at = None
                    if sent_at is None:
                        await asyncio.sleep(PERSON_PAUSE)  # a person's pace, under the limits
                        sent_version = msg["version"]
                        action = {
                            "type": "action",
                            "table": made["table"],
                            "version": msg["version"],
                            "action": msg["legal"][0],
                        }
                        await ws.send(json.dumps(action))
                        sent_at = time.perf_counter()


ATTACKS = ("bots", "replays", "spectators", "lobby")


async def attack(
    base: str,
    deadline: float,
    finished: list[str],
    target: list[str],
    refused: dict[str, int],
    which: tuple[str, ...] = ATTACKS,
) -> None:
    """The attacks named in `which` at once until `deadline` (the spectators once the bot
    table is open)."""

    async def watchers() -> None:
        while not target and time.perf_counter() < deadline:
            await asyncio.sleep(0.2)
        if target:
            await spectators(base, target[0], deadline, refused)

    runs = {
        "bots": lambda: bots(base, deadline, refused),
        "replays": lambda: replays(base, deadline, finished, refused),
        "spectators": watchers,
        "lobby": lambda: lobby(base, deadline, refused),
    }
    await asyncio.gather(*(runs[name]() for name in which))


async def find_targets(
    base: str, deadline: float, finished: list[str], target: list[str], names: tuple[str, str]
) -> None:
    """Read the lobby every second, as an attacker would: the finished games of the players
    named `names[0]` and the table where `names[1]` plays."""
    async with client(base, "127.0.3.2") as http:
        while time.perf_counter() < deadline:
            for name in names:
                with contextlib.suppress(httpx.TransportError, ValueError):
                    r = await http.get("/api/tables", params={"q": name, "limit": 200})
                    for t in reversed(r.json().get("tables", [])):  # oldest first
                        if name == names[1] and not target and t["status"] == "playing":
                            target.append(t["id"])
                        new = t["id"] not in finished and t["status"] == "finished"
                        if name == names[0] and new:
                            finished.append(t["id"])
            await asyncio.sleep(1.0)


def attack_process(base: str, which: tuple[str, ...], names: tuple[str, str], pipe: Any) -> None:
    """The body of the attackers' process: says it is ready through `pipe`, waits for the
    time (`time.time()`) the attacks in `which` must stop, runs them until then and sends
    back the refusals they met."""

    async def run(until: float) -> dict[str, int]:
        deadline = time.perf_counter() + (until - time.time())
        finished: list[str] = []
        target: list[str] = []
        refused: dict[str, int] = {}
        await asyncio.gather(
            find_targets(base, deadline, finished, target, names),
            attack(base, deadline, finished, target, refused, which),
        )
        return refused

    pipe.send("ready")
    pipe.send(asyncio.run(run(pipe.recv())))
    pipe.close()
