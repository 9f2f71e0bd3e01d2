"""How tests wait: for a condition, never for a number of seconds, and with a fake clock where
time itself is what is tested (rate limits, timeouts).

A test that waits polls for what it waits for; its bound only catches a hang, so it is long
(minutes) and scales with `LEAFPILE_TEST_PATIENCE` (say 3 on a very slow machine). No test
fails because the machine is busy."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

#: How many times the default bounds a very slow machine needs (an environment setting).
SCALE = float(os.environ.get("LEAFPILE_TEST_PATIENCE", "1"))
#: Seconds after which a wait is a hang, not a slow machine.
HANG = 180.0 * SCALE
#: The same for Playwright, which counts in milliseconds.
HANG_MS = HANG * 1000
#: Read timeout of the tests' HTTP and WebSocket clients: only a hang takes this long.
READ = HANG


def wait_until(condition: Callable[[], T], what: str, timeout: float = HANG) -> T:
    """Poll `condition` until it returns something true and return that; fail saying `what`
    did not happen if it has not after `timeout` seconds (a hang)."""
    deadline = time.monotonic() + timeout
    pause = 0.005
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still not so after {timeout:.0f} s")
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


class FakeClock:
    """A `now()` that moves only when the test says so (clocks, rate limits, timeouts)."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds
