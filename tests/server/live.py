"""A real uvicorn server on loopback for the server and browser tests (thread or process)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from typing import Any

import httpx
import uvicorn

from leafpile.server import RateLimit, create_app
from tests.patience import HANG, READ, wait_until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_up(base: str, timeout: float = HANG) -> None:
    """Wait until the server at `base` answers (its start-up, workers and all)."""

    def answers() -> bool:
        try:
            return httpx.get(base + "/api/games", timeout=READ).status_code == 200
        except httpx.TransportError:  # not listening yet
            return False

    wait_until(answers, f"the server at {base} starts", timeout)


class ThreadServer:
    """The app served by uvicorn in a background thread of the test process."""

    def __init__(
        self, db_url: str, *, server_options: dict[str, Any] | None = None, **app_options: Any
    ) -> None:
        """`app_options` go to `create_app`, `server_options` to uvicorn."""
        app_options.setdefault("allow_client_seed", True)
        app_options.setdefault("rate_limit", RateLimit(enabled=False))
        app_options.setdefault("bot_workers", "thread")  # starts at once; patches reach it
        self.db_url = db_url
        self.app_options = app_options
        self.server_options = server_options or {}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> ThreadServer:
        app = create_app(self.db_url, **self.app_options)
        self.app = app
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning", **self.server_options
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_up(self.base)
        return self

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=10)
        self.server = None
        self.thread = None

    @property
    def manager(self) -> Any:
        return self.app.state.ctx.manager


class ProcessServer:
    """`leafpile serve` in its own process, so a test can kill it like a crash."""

    def __init__(self, db_url: str, *args: str, bot_delay: float = 0.0) -> None:
        self.db_url = db_url
        self.args = args
        self.bot_delay = bot_delay
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        #: what the server wrote to stderr (its warnings, a worker's traceback), read by tests
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed by kill)

    def log_text(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def start(self) -> ProcessServer:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "leafpile.cli",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                *self.args,
            ],
            stdout=subprocess.DEVNULL,
            stderr=self.log,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "LEAFPILE_BOT_DELAY": str(self.bot_delay)},
            start_new_session=True,  # its own process group: kill() ends its workers too
        )
        try:
            wait_up(self.base)
        except BaseException:
            self.kill()  # never leave a server behind
            raise
        return self

    def terminate(self) -> int:
        """SIGTERM to the server's main process alone, as systemd's KillMode=mixed sends it;
        returns its exit code once it has stopped by itself."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=HANG)
        self.kill()  # whatever it left behind (there should be nothing)
        return code

    def kill(self) -> None:
        """SIGKILL the server and every process it started (workers, bot processes)."""
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=HANG)
            self.proc = None


def run_async(coro: Any) -> Any:
    """`asyncio.run` in a fresh thread: the session's Playwright (sync API) may keep an event
    loop running in this one, where asyncio.run would refuse to start."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
