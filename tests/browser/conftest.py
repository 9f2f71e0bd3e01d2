"""Browser tests: Playwright for Python driving Debian's Chromium (/usr/bin/chromium), never a
downloaded browser. Without Chromium they skip locally and fail under CI=true."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.live import ThreadServer

CHROMIUM = os.environ.get("LEAFPILE_CHROMIUM", "/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `browser` marker is on exactly the tests that drive one (those using the `browser`
    fixture), so `-m "not browser"` runs everything else: a marker set here in a `pytestmark`
    would not reach the test modules."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        if IN_CI:
            pytest.fail(f"Chromium is missing ({CHROMIUM}): install Debian's chromium package")
        pytest.skip("Chromium is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if IN_CI:
            pytest.fail("playwright is not installed (pip install -e '.[test]')")
        pytest.skip("playwright is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def live(tmp_path) -> Iterator[ThreadServer]:
    srv = ThreadServer(f"sqlite:///{tmp_path / 'browser.db'}", allow_client_seed=False).start()
    try:
        yield srv
    finally:
        srv.stop()


def _polled_as_function() -> None:
    """The server's Content-Security-Policy forbids `eval`, and Playwright polls a
    `wait_for_function` expression given as a string with `eval` inside the page; given as a
    function it needs none. So every string expression is passed as a function."""
    try:
        from playwright.sync_api import Page
    except ImportError:
        return
    original = Page.wait_for_function
    if getattr(original, "as_function", False):
        return

    def wait_for_function(self: Page, expression: str, **kwargs: object) -> object:
        text = expression.strip()
        if not text.startswith(("() =>", "function")):
            expression = f"() => ({text})"
        return original(self, expression, **kwargs)  # type: ignore[arg-type]

    wait_for_function.as_function = True  # type: ignore[attr-defined]
    Page.wait_for_function = wait_for_function  # type: ignore[method-assign,assignment]


_polled_as_function()
