"""`/healthz/live` (the process answers) and `/healthz/ready` (it can serve: the database
answers at the newest migration and, with several processes, this one hears the others).

Both are unauthenticated and never counted by the flooding guard: a prober must not be
refused for asking. They stay cheap under any rate of probes: one readiness check runs at a
time, its answer is reused for `FRESH` seconds, and a database that does not answer within
`CHECK_TIMEOUT` seconds makes the server not ready rather than the probe hang.
"""

from __future__ import annotations

import asyncio
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from leafpile.server.store.db import Database
from leafpile.server.store.health import database_problems

FRESH = 1.0  # seconds a readiness answer is reused
CHECK_TIMEOUT = 3.0  # seconds the database has to answer a readiness check


class Readiness:
    """The latest readiness answer, checked again at most every `FRESH` seconds."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.stopping = False  # set on shutdown: a stopping server takes no new clients
        self.checked_at = -FRESH
        self.problems: list[str] = ["not checked yet"]
        self.running: asyncio.Task[list[str]] | None = None

    async def check(self) -> list[str]:
        """What keeps this process from serving (empty: ready)."""
        if self.stopping:
            return ["stopping"]
        now = time.monotonic()
        if now - self.checked_at < FRESH:
            return self.problems
        if self.running is None:  # one check at a time, however many probes wait for it
            self.running = asyncio.get_running_loop().create_task(self._check())
            self.running.add_done_callback(self._keep)
        try:
            return await asyncio.wait_for(asyncio.shield(self.running), CHECK_TIMEOUT)
        except TimeoutError:
            return [f"database: no answer within {CHECK_TIMEOUT:.0f} s"]

    def _keep(self, task: asyncio.Task[list[str]]) -> None:
        """Keep a finished check's answer for the probes of the next `FRESH` seconds (a
        failed check's exception goes to the probes that waited for it)."""
        self.running = None
        if not task.cancelled() and task.exception() is None:
            self.problems, self.checked_at = task.result(), time.monotonic()

    async def _check(self) -> list[str]:
        problems = await self.db.run(database_problems, self.db)
        if self.db.shared and not self.db.listening.is_set():
            problems.append("not listening for the other processes' announcements")
        return problems


def readiness(request: Request) -> Readiness:
    ready: Readiness = request.app.state.readiness
    return ready


async def live(request: Request) -> Response:
    """The process is up and its event loop answers."""
    return JSONResponse({"status": "live"})


async def ready(request: Request) -> Response:
    """200 when this process can serve clients, else 503 with what stops it."""
    problems = await readiness(request).check()
    if problems:
        return JSONResponse({"status": "not ready", "problems": problems}, status_code=503)
    return JSONResponse({"status": "ready", "problems": []})
