"""A replay flood beside a person's game: the same moves against a bot at another table, alone
and while an address asks for replays of finished games, cycling language and seat.

The measure is the server's CPU per move of the person (its event loop and its workers, the
two things the person's action and the other table's bot wait for), counted per thread, so it
does not depend on the machine's speed or load. When every (table, language, seat) was a
replay of its own, kept uncompressed, a flood over more of them than the cache held rebuilt a
replay for nearly every request, in the workers the bot needed. The cache is made small here
(1 MiB against 150 KB replays, as 64 MiB against the 13 MB replays of the audit's long
games). The flood is paced by the person's moves, not by the clock, and has asked for every
replay once before, as a running attack has: a request served from the cache must cost the
server less than half of what a person's move costs.
"""

from __future__ import annotations

import itertools
import statistics
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from leafpile.server.analysis.replays import ReplayCache
from tests.patience import HANG, READ, wait_until
from tests.server.helpers import HTTP, SEED, act, create
from tests.server.live import ThreadServer

FINISHED = 3  # finished games the flood cycles over
LANGS = ("en", "fr", "ru")
MOVES = 8  # the person's moves in each half
FLOOD = 4  # replay requests the attacker makes during each of the person's moves


@pytest.fixture
def small_cache(tmp_path) -> Iterator[ThreadServer]:
    srv = ThreadServer(f"sqlite:///{tmp_path / 'leafpile.db'}").start()
    srv.app.state.ctx.replays = ReplayCache(2**20)
    try:
        yield srv
    finally:
        srv.stop()


def _finished_game(srv: ThreadServer) -> str:
    body = {"game": "autumn", "players": 2, "options": {"rounds": 3}, "seed": SEED}
    body["seats"] = [{"kind": "bot", "bot": "random"}] * 2
    r = HTTP.post(srv.base + "/api/tables", json=body)
    assert r.status_code == 201, r.text
    table = str(r.json()["table"])
    wait_until(lambda: srv.manager.tables[table].status == "finished", "the bots finish")
    return table


def _thread_cpu(ident: int | None) -> float:
    assert ident is not None
    return time.clock_gettime(time.pthread_getcpuclockid(ident))


class Flood:
    """An attacker in a thread of its own: `FLOOD` replay requests each time it is told to,
    cycling over every (table, language, seat) of the finished games."""

    def __init__(self, srv: ThreadServer, tables: list[str]) -> None:
        audiences = (None, 0, 1)
        self.asks = itertools.cycle(itertools.product(tables, LANGS, audiences))
        self.every = len(tables) * len(LANGS) * len(audiences)
        self.srv = srv
        self.go = threading.Semaphore(0)
        self.done = threading.Semaphore(0)
        self.statuses: list[int] = []
        self.stop = False
        self.http = httpx.Client(timeout=READ)  # its own connections, as another address
        self.thread = threading.Thread(target=self._run, daemon=True)

    def ask(self) -> None:
        table, lang, seat = next(self.asks)
        params = {"lang": lang} if seat is None else {"lang": lang, "seat": str(seat)}
        r = self.http.get(f"{self.srv.base}/api/tables/{table}/replay", params=params)
        self.statuses.append(r.status_code)

    def _run(self) -> None:
        while self.go.acquire(timeout=HANG) and not self.stop:
            for _ in range(FLOOD):
                self.ask()
            self.done.release()


def _play(
    srv: ThreadServer, table: str, token: str, flood: Flood | None
) -> tuple[float, list[float], list[float]]:
    """`MOVES` moves of the person (seat 0) against the bot, each waiting for the bot's
    answer (and, with `flood`, for the attacker's requests made meanwhile): the server's CPU
    (every thread but this one and the attacker's) per move, the action latencies and the
    bot's answer times."""
    live = srv.manager.tables[table]
    own, other = time.thread_time(), flood and _thread_cpu(flood.thread.ident)
    total = time.process_time()
    actions, answers = [], []
    for _ in range(MOVES):
        assert live.status == "playing" and live.position.to_move == 0
        if flood is not None:
            flood.go.release()
        sent = time.monotonic()
        r = act(srv, table, token, live.version, live.position.legal[0])
        assert r.status_code == 200, r.text
        actions.append(time.monotonic() - sent)
        wait_until(lambda: live.position.to_move == 0 or live.status != "playing", "the bot")
        answers.append(time.monotonic() - sent)
        if flood is not None:
            assert flood.done.acquire(timeout=HANG), "the replays were not answered"
    spent = time.process_time() - total - (time.thread_time() - own)
    if flood is not None:
        spent -= _thread_cpu(flood.thread.ident) - other
    return spent / MOVES, actions, answers


def test_a_replay_flood_costs_the_server_little_beside_a_persons_game(small_cache):
    srv = small_cache
    tables = [_finished_game(srv) for _ in range(FINISHED)]
    human, bot = {"kind": "human"}, {"kind": "bot", "bot": "random"}
    made = create(srv, [human, bot], options={"first_player": "0", "rounds": 3})
    table, token = made["table"], made["token"]
    flood = Flood(srv, tables)
    for _ in range(flood.every):  # the attack has been going on: each replay asked once
        flood.ask()
    assert set(flood.statuses) == {200}
    alone, actions_alone, bot_alone = _play(srv, table, token, None)
    flood.thread.start()
    try:
        attacked, actions_attacked, bot_attacked = _play(srv, table, token, flood)
    finally:
        flood.stop = True
        flood.go.release()
        flood.thread.join(HANG)
        flood.http.close()
    assert set(flood.statuses) == {200}
    ms = 1000

    def p50(xs: list[float]) -> float:
        return statistics.median(xs) * ms

    print(
        f"server CPU per move: alone {alone * ms:.1f} ms, with {FLOOD} replays a move "
        f"{attacked * ms:.1f} ms; action p50 {p50(actions_alone):.1f} -> "
        f"{p50(actions_attacked):.1f} ms, bot answer p50 {p50(bot_alone):.1f} -> "
        f"{p50(bot_attacked):.1f} ms"
    )
    per_replay = (attacked - alone) / FLOOD
    # each (table, language, seat) its own uncompressed replay, rebuilt when the cache had
    # let it go: a replay request cost about two moves (15 ms a request, 6.8 ms a move)
    assert per_replay < alone / 2, f"a replay request costs {per_replay * ms:.1f} ms"
