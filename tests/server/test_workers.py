"""The worker pool is shared fairly: every bot decision has a ceiling on its thinking, the
owners of queued work are served in turn with people's tables first, and another table's bot
answers about as fast with eleven tables of slow bots running beside it as without them."""

from __future__ import annotations

import asyncio
import os
import statistics
import threading
import time
from typing import Any

from leafpile.bots import make_bot
from leafpile.bots.mcts import MCTSBot
from leafpile.engine import legal_strings
from leafpile.games import get_game
from leafpile.server import workers
from leafpile.server.api.checks import read_new_table
from leafpile.server.store.db import Database
from leafpile.server.tables.manager import TableManager
from leafpile.server.workers import BOTS_ONLY, DECISION_SECONDS, PEOPLE, REQUESTS, BotPool
from tests.patience import HANG
from tests.server.helpers import SEED
from tests.server.live import run_async


class FakeTime:
    """`time.perf_counter` that moves on 50 ms each time it is read."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 0.05
        return self.t


def _view() -> Any:
    game = get_game("undergrove")
    state = game.new_state(4, seed=SEED)
    return game.player_view(state, state.current_player)


def test_a_decision_of_any_level_stops_at_the_ceiling(monkeypatch):
    fake = FakeTime()
    monkeypatch.setattr("leafpile.bots.mcts.time.perf_counter", fake)
    made: list[Any] = []

    def spy(name: str, game: Any) -> Any:
        bot = make_bot(name, game)
        if isinstance(bot, MCTSBot):
            bot.settle = False  # the whole budget, unless the ceiling stops it
        made.append(bot)
        return bot

    monkeypatch.setattr(workers, "make_bot", spy)
    view = _view()
    for level in ("mcts", "medium", "hard"):
        text = workers.think(level, view, SEED, view.current_player, 0)
        assert text in legal_strings(view)
        bot = made[-1]
        assert isinstance(bot, MCTSBot) and bot.max_seconds == DECISION_SECONDS
        # 50 ms a reading: two seconds are a few dozen iterations, never `mcts`'s 1,000
        assert bot.last_iterations < 100 and bot.last_seconds <= DECISION_SECONDS + 0.2


def test_owners_take_turns_and_people_come_first():
    """One worker: while a job holds it, two bots-only tables queue ten jobs each and then
    a people's table one; the people's job goes next, then the two tables alternate."""
    started: list[str] = []
    gate = threading.Event()

    def job(name: str) -> str:
        started.append(name)
        if name == "hold":
            gate.wait(HANG)
        return name

    async def go() -> None:
        pool = BotPool("thread", workers=1)
        try:
            hold = asyncio.ensure_future(pool.run(job, "hold", owner="x", klass=BOTS_ONLY))
            while not started:
                await asyncio.sleep(0.01)
            queued = [  # all of a's, then all of b's
                pool.run(job, f"{owner}{i}", owner=owner, klass=BOTS_ONLY)
                for owner in "ab"
                for i in range(10)
            ]
            attack = [asyncio.ensure_future(c) for c in queued]
            await asyncio.sleep(0)  # every attack job is queued before the person's
            person = asyncio.ensure_future(pool.run(job, "person", owner="p", klass=PEOPLE))
            await asyncio.sleep(0)
            gate.set()
            await asyncio.gather(hold, person, *attack)
        finally:
            pool.shutdown()

    run_async(go())
    assert started[:2] == ["hold", "person"]
    rest = started[2:]
    assert sorted(rest) == sorted(f"{o}{i}" for i in range(10) for o in "ab")
    assert all(rest[i][0] != rest[i + 1][0] for i in range(len(rest) - 1))  # in turn


def test_tables_of_bots_only_never_hold_every_worker():
    """Two workers: three bots-only tables' jobs take one, and a person's table's job starts
    at once on the other instead of waiting for a bot to finish."""
    started: list[str] = []
    gate = threading.Event()

    def job(name: str) -> str:
        started.append(name)
        gate.wait(HANG)
        return name

    async def go() -> None:
        pool = BotPool("thread", workers=2)
        try:
            bots = [
                asyncio.ensure_future(pool.run(job, name, owner=name, klass=BOTS_ONLY))
                for name in ("a", "b", "c")
            ]
            person = asyncio.ensure_future(pool.run(job, "person", owner="p", klass=PEOPLE))
            deadline = time.monotonic() + HANG
            while len(started) < 2:
                assert time.monotonic() < deadline, f"only {started} started"
                await asyncio.sleep(0.01)
            assert sorted(started) == ["a", "person"] and pool.bots_busy == 1
            gate.set()
            await asyncio.gather(person, *bots)
        finally:
            pool.shutdown()

    run_async(go())
    assert sorted(started) == ["a", "b", "c", "person"]


def test_asked_for_work_and_bots_only_tables_never_hold_every_worker():
    """Two workers: replays asked for by two addresses and a bots-only table's job take one
    together, and a person's table's job starts at once on the other (a second replay used
    to take it, and the person's bot waited for a whole build)."""
    started: list[str] = []
    gate = threading.Event()

    def job(name: str) -> str:
        started.append(name)
        gate.wait(HANG)
        return name

    async def go() -> None:
        pool = BotPool("thread", workers=2)
        try:
            others = [
                asyncio.ensure_future(pool.run(job, name, owner=name, klass=klass))
                for name, klass in (("r1", REQUESTS), ("r2", REQUESTS), ("b", BOTS_ONLY))
            ]
            await asyncio.sleep(0)
            person = asyncio.ensure_future(pool.run(job, "person", owner="p", klass=PEOPLE))
            deadline = time.monotonic() + HANG
            while len(started) < 2:
                assert time.monotonic() < deadline, f"only {started} started"
                await asyncio.sleep(0.01)
            assert sorted(started) == ["person", "r1"]
            gate.set()
            await asyncio.gather(person, *others)
        finally:
            pool.shutdown()

    run_async(go())
    assert sorted(started) == ["b", "person", "r1", "r2"]


def test_worker_processes_think_at_a_lower_priority_than_the_server():
    async def go() -> tuple[int, int]:
        pool = BotPool("process", workers=1)
        try:
            return os.getpriority(os.PRIO_PROCESS, 0), await pool.run(_own_priority)
        finally:
            pool.shutdown()

    server, worker = run_async(go())
    assert worker == min(19, server + workers.NICENESS)


def _own_priority() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def _slow_think(pause: float) -> Any:
    def think(bot_name: str, view: Any, seed: int, seat: int, decision: int) -> str:
        time.sleep(pause)  # a slow bot: the same time whatever the machine
        return legal_strings(view)[0]

    return think


def _body(seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "game": "autumn",
        "players": len(seats),
        "options": {"first_player": "0"},
        "seats": seats,
        "seed": SEED,
        **extra,
    }


async def _bot_latencies(manager: TableManager, moves: int) -> list[float]:
    """A person plays `moves` moves against a bot; how long the bot takes to answer each."""
    human, bot = {"kind": "human"}, {"kind": "bot", "bot": "random"}
    new = read_new_table(_body([human, bot], sit=0, name="Ana"), True)
    table, token = await manager.create(new)
    latencies = []
    deadline = time.monotonic() + HANG
    while len(latencies) < moves and table.status == "playing":
        assert time.monotonic() < deadline, "the bot never answered"
        if table.position.to_move != 0:
            await asyncio.sleep(0.002)
            continue
        await manager.act(table, token, table.version, table.position.legal[0])
        sent = time.monotonic()
        asked = table.position.to_move == 1 and len(table.position.legal) > 1
        while table.position.to_move != 0 and table.status == "playing":
            assert time.monotonic() < deadline, "the bot never answered"
            await asyncio.sleep(0.002)
        if asked:  # a forced move is played without asking the bot
            latencies.append(time.monotonic() - sent)
    return latencies


def test_another_tables_bot_is_not_starved_by_eleven_tables_of_slow_bots(tmp_path, monkeypatch):
    """The same measurement without and with eleven tables of bots only (each decision
    taking 50 ms of a worker) running beside it: first come, first served, the person's bot
    waited for the eleven in turn (about five times longer); now it comes first."""
    pause = 0.05
    monkeypatch.setattr(workers, "think", _slow_think(pause))

    async def measure(attack: int) -> float:
        manager = TableManager(
            Database(f"sqlite:///{tmp_path / f'{attack}.db'}"), BotPool("thread")
        )
        await manager.start()
        try:
            bots = [{"kind": "bot", "bot": "mcts"}] * 2
            for _ in range(attack):
                await manager.create(read_new_table(_body(bots, options={"rounds": 3}), True))
            return statistics.median(await _bot_latencies(manager, 8))
        finally:
            await manager.stop()

    alone = run_async(measure(0))
    attacked = run_async(measure(11))
    print(
        f"bot answer p50: alone {alone * 1000:.0f} ms, "
        f"beside 11 bot tables {attacked * 1000:.0f} ms"
    )
    assert attacked < 3 * alone  # first come, first served: about five times (61 -> 300 ms)
