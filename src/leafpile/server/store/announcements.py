"""What one server process tells the others of a change (PostgreSQL NOTIFY's payload):
`origin kind table version sent`, one line of text, read back as a `Change`. Written in the
transaction that stores the change (`Database.announce`) and heard by `Database.listen`."""

from __future__ import annotations

import logging
import math

from leafpile.server.store.schema import Change

log = logging.getLogger("leafpile.server")


def announcement(origin: str, kind: str, table_id: str, version: int, sent: float) -> str:
    """The payload of one change; `sent` (epoch seconds) lets the hearer measure the lag."""
    return f"{origin} {kind} {table_id} {version} {sent:.6f}"


def read_change(payload: str) -> Change | None:
    """`origin kind table version [sent]`: the time it was sent (epoch seconds) is absent
    from a process of an older version. None (logged) for anything else."""
    parts = payload.split(" ")
    sent = _seconds(parts[4]) if len(parts) == 5 else 0.0
    if len(parts) not in (4, 5) or not parts[3].isdigit() or sent is None:
        log.warning("ignoring a malformed announcement %r", payload[:100])
        return None
    return Change(parts[0], parts[1], parts[2], int(parts[3]), sent)


def _seconds(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value >= 0 else None
