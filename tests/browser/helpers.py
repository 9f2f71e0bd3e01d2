"""What every game's browser test reads from a table page."""

from __future__ import annotations

MOVE_TIMEOUT = 15_000  # ms: the longest wait for a move, a bot's answer or a page


def dataset(page, key: str) -> str:
    """A fact the table page publishes on <body data-...> (version, status, you, toMove)."""
    return str(page.evaluate(f"document.body.dataset.{key} ?? ''"))
