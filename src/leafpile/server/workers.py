"""The bot worker pool: seat bots think in other processes, never on the event loop.

A bot is made afresh for each decision in a worker (`think`) and draws from
`seat_rng(table seed, seat, decision)`, so a table's bots are reproducible from its seed.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from leafpile.bots import BotSeat, make_bot
from leafpile.engine import State, legal_strings
from leafpile.engine.match import seat_rng

log = logging.getLogger("leafpile.server")
T = TypeVar("T")


def think(bot_name: str, view: State, seed: int, seat: int, decision: int) -> str:
    """The notation `bot_name` chooses on `view` (in a worker process or thread). A bot that
    answers something illegal plays at random instead: a table must never stall on a bot."""
    bot = BotSeat(make_bot(bot_name, view.game), seat_rng(seed, seat, decision))
    text = str(bot.choose(view))
    legal = legal_strings(view)
    if text not in legal:
        log.warning("bot %s chose %r, not legal; playing at random", bot_name, text)
        text = bot.rng.choice(legal)
    return text


def _watch_parent(server_pid: int) -> None:
    """Worker initializer: exit when the server process is gone (even after SIGKILL)."""

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def make_executor(kind: str) -> Executor:
    """Processes (default) keep a thinking bot from slowing the server through the GIL;
    threads start faster (tests, tiny machines)."""
    if kind == "process":
        return ProcessPoolExecutor(
            max_workers=2,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_watch_parent,
            initargs=(os.getpid(),),
        )
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
    raise ValueError(f"bot executor must be 'process' or 'thread', not {kind!r}")


class BotPool:
    """Where seat bots think. If the worker processes die, bots go on in threads."""

    def __init__(self, kind: str = "process") -> None:
        self.executor = make_executor(kind)

    async def choose(self, bot_name: str, view: State, seed: int, seat: int, decision: int) -> str:
        """The bot's move on its own view (a copy is sent: the caller's view stays shared)."""
        loop = asyncio.get_running_loop()
        args = (bot_name, view.clone(), seed, seat, decision)
        try:
            return await loop.run_in_executor(self.executor, think, *args)
        except BrokenProcessPool:
            log.error("bot processes died; bots now think in threads")
            self.executor = make_executor("thread")
            return await loop.run_in_executor(self.executor, think, *args)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Any other slow, picklable work (a replay) in the same workers."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, fn, *args)
        except BrokenProcessPool:
            log.error("worker processes died; work goes on in threads")
            self.executor = make_executor("thread")
            return await loop.run_in_executor(self.executor, fn, *args)

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
