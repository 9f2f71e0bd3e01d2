"""What every game's browser test reads from a table page."""

from __future__ import annotations

from tests.patience import HANG_MS

#: ms: a move, a bot's answer or a page that takes longer than this is a hang
MOVE_TIMEOUT = HANG_MS


def dataset(page, key: str) -> str:
    """A fact the table page publishes on <body data-...> (version, status, you, toMove)."""
    return str(page.evaluate(f"document.body.dataset.{key} ?? ''"))
