"""The bot worker pool: seat bots think in other processes, never on the event loop.

A bot is made afresh for each decision in a worker (`think`) and draws from
`seat_rng(table seed, seat, decision)`, so a table's bots are reproducible from its seed.
Every decision has a ceiling (`DECISION_SECONDS`), whatever the bot's own budget.

The workers are shared fairly: work waits in one queue per owner (a table, or the address
that asked for a replay or a review), the owners served in turn, one job each: tables where
a person sits first, then what people ask for (replays, reviews, explore), then tables of
bots only; the work of tables without people (asked-for work and tables of bots only
together) never holds every worker at once, so one stays free for the bots of people's
tables. So no table or address can take the workers from the others by queueing much work.
Worker processes run at a lower CPU priority than the server (`NICENESS`): on a busy machine
the thinking waits for a core, not the people whose actions the event loop answers.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from leafpile.bots import BotSeat, make_bot
from leafpile.engine import State, legal_strings
from leafpile.engine.match import seat_rng
from leafpile.server import metrics

log = logging.getLogger("leafpile.server")
T = TypeVar("T")

#: The most one bot decision may think, in seconds ([D]: twice the `hard` level's budget), so
#: a level without a time budget (`mcts`: iterations) cannot hold a worker for long.
DECISION_SECONDS = 2.0
WORKERS = 2  # worker processes (or threads)
#: Owner classes, served in this order: tables where a person sits, what people ask for after
#: a game (replays, reviews, explore), tables of bots only.
PEOPLE, REQUESTS, BOTS_ONLY = 0, 1, 2
#: How much lower the worker processes' CPU priority is than the server's (`os.nice`).
NICENESS = 10


def think(bot_name: str, view: State, seed: int, seat: int, decision: int) -> str:
    """The notation `bot_name` chooses on `view` (in a worker process or thread), thinking
    at most `DECISION_SECONDS`. A bot that answers something illegal plays at random
    instead: a table must never stall on a bot."""
    made = make_bot(bot_name, view.game)
    made.max_seconds = DECISION_SECONDS
    bot = BotSeat(made, seat_rng(seed, seat, decision))
    text = str(bot.choose(view))
    legal = legal_strings(view)
    if text not in legal:
        log.warning("bot %s chose %r, not legal; playing at random", bot_name, text)
        text = bot.rng.choice(legal)
    return text


def _start_worker(server_pid: int) -> None:
    """Worker initializer: a lower CPU priority than the server's, and an exit when the
    server process is gone."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    _watch_parent(server_pid)


def _watch_parent(server_pid: int) -> None:
    """Exit when the server process is gone (even after SIGKILL)."""

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def make_executor(kind: str, workers: int = WORKERS) -> Executor:
    """Processes (default) keep a thinking bot from slowing the server through the GIL;
    threads start faster (tests, tiny machines)."""
    if kind == "process":
        return ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot")
    raise ValueError(f"bot executor must be 'process' or 'thread', not {kind!r}")


Job = tuple[Callable[..., Any], tuple[Any, ...], "asyncio.Future[Any]"]


class FairQueue:
    """Jobs waiting for a worker: one queue per owner, the owners of each class in a ring
    served one job at a time; a class is served only when the classes before it wait for
    nothing."""

    def __init__(self) -> None:
        self.queues: dict[str, deque[Job]] = {}
        self.rings: tuple[OrderedDict[str, None], ...] = tuple(
            OrderedDict() for _ in (PEOPLE, REQUESTS, BOTS_ONLY)
        )

    def put(self, owner: str, klass: int, job: Job) -> None:
        queue = self.queues.get(owner)
        if queue is None:
            queue = self.queues[owner] = deque()
            self.rings[klass][owner] = None
        queue.append(job)

    def take(self, upto: int = BOTS_ONLY) -> tuple[int, Job] | None:
        """The next job of a class up to `upto`, and its class: the first owner of the first
        class that waits, which then goes to the end of its ring (or leaves it with nothing
        more to do)."""
        for klass, ring in enumerate(self.rings[: upto + 1]):
            if ring:
                owner = next(iter(ring))
                queue = self.queues[owner]
                job = queue.popleft()
                if queue:
                    ring.move_to_end(owner)
                else:
                    del ring[owner], self.queues[owner]
                return klass, job
        return None

    def __len__(self) -> int:
        return sum(len(q) for q in self.queues.values())


class BotPool:
    """Where seat bots think (and replays, reviews and explore are built), shared fairly
    between owners (see the module's docstring). If the worker processes die, work goes on
    in threads."""

    def __init__(self, kind: str = "process", workers: int = WORKERS) -> None:
        self.executor = make_executor(kind, workers)
        self.slots = workers
        self.busy = 0
        #: tables of bots only never hold every worker: one stays for people's work
        self.bots_slots = max(1, workers - 1)
        self.bots_busy = 0
        #: nor does the work of tables without people (asked-for work and bots only)
        self.others_slots = max(1, workers - 1)
        self.others_busy = 0
        self.waiting = FairQueue()
        self.running: set[asyncio.Task[None]] = set()

    async def choose(
        self,
        bot_name: str,
        view: State,
        seed: int,
        seat: int,
        decision: int,
        *,
        owner: str = "",
        klass: int = PEOPLE,
    ) -> str:
        """The bot's move on its own view (a copy is sent: the caller's view stays shared),
        as `owner`'s work (its table)."""
        args = (bot_name, view.clone(), seed, seat, decision)
        return await self.run(think, *args, owner=owner, klass=klass)

    async def run(
        self, fn: Callable[..., T], *args: Any, owner: str = "", klass: int = PEOPLE
    ) -> T:
        """`fn(*args)` (slow, picklable) in a worker, in `owner`'s turn among the owners of
        its `klass`. A caller cancelled before its turn costs the workers nothing."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.waiting.put(owner, klass, (fn, args, future))
        self._dispatch()
        return await future

    def _dispatch(self) -> None:
        while self.busy < self.slots:
            upto = BOTS_ONLY if self.bots_busy < self.bots_slots else REQUESTS
            if self.others_busy >= self.others_slots:
                upto = PEOPLE
            taken = self.waiting.take(upto)
            if taken is None:
                return
            klass, job = taken
            if job[2].done():  # its caller was cancelled while it waited
                continue
            self.busy += 1
            self.bots_busy += klass == BOTS_ONLY
            self.others_busy += klass != PEOPLE
            task = asyncio.get_running_loop().create_task(self._execute(job, klass))
            self.running.add(task)
            task.add_done_callback(self.running.discard)

    async def _execute(self, job: Job, klass: int) -> None:
        fn, args, future = job
        start = time.perf_counter()
        try:
            result = await self._in_worker(fn, *args)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as e:  # the caller's own error: raised where it waits
            if not future.done():
                future.set_exception(e)
        else:
            if fn is think:
                metrics.meter.think(str(args[0]), time.perf_counter() - start)
            if not future.done():
                future.set_result(result)
        finally:
            self.busy -= 1
            self.bots_busy -= klass == BOTS_ONLY
            self.others_busy -= klass != PEOPLE
            self._dispatch()

    async def _in_worker(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, fn, *args)
        except BrokenProcessPool:
            log.error("worker processes died; work goes on in threads")
            self.executor = make_executor("thread", self.slots)
            return await loop.run_in_executor(self.executor, fn, *args)

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        for task in list(self.running):
            task.cancel()
