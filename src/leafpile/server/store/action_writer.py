"""Group commit of actions (the storage of `tables.manager`)."""

from __future__ import annotations

import asyncio

from leafpile.server.store.db import ConflictError, Database
from leafpile.server.store.schema import StoredAction


class ActionWriter:
    """Group commit: actions of different tables that arrive while a commit is running are
    stored together in the next one. Each caller still waits until its own action is
    committed (or refused), so "committed before anyone is told" holds; under load this
    turns many small transactions (and thread hand-offs) into a few larger ones."""

    def __init__(self, db: Database, max_batch: int = 256) -> None:
        self.db = db
        self.max_batch = max_batch
        self.queue: asyncio.Queue[tuple[StoredAction, asyncio.Future[None]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.busy = False  # a batch is being committed

    async def append(self, action: StoredAction) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self.queue.put((action, done))
        await done

    async def _run(self) -> None:
        while True:
            self.busy = False
            items = [await self.queue.get()]
            self.busy = True
            while len(items) < self.max_batch and not self.queue.empty():
                items.append(self.queue.get_nowait())
            try:
                await self.db.run(self.db.append_actions, [row for row, _ in items])
            except ConflictError:
                # find the culprit(s): store one by one
                for row, done in items:
                    try:
                        await self.db.run(self.db.append_actions, [row])
                    except Exception as e:  # not swallowed: handed to the waiting caller
                        done.set_exception(e)
                    else:
                        done.set_result(None)
                continue
            except Exception as e:  # not swallowed: handed to every waiting caller
                for _, done in items:
                    if not done.done():
                        done.set_exception(e)
                continue
            for _, done in items:
                if not done.done():
                    done.set_result(None)

    async def drain(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) until every action handed over is committed or
        refused: a stopping server finishes the writes in flight."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (self.busy or not self.queue.empty()) and loop.time() < deadline:
            if self.task is None or self.task.done():
                return
            await asyncio.sleep(0.01)

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
