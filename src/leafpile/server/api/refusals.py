"""How a refusal is answered: `STATUS` is the one map from a refusal's code to an HTTP
status (WebSocket clients get the same `code` in an error message), and an unexpected
exception becomes an internal error with an id that is also in the log."""

from __future__ import annotations

import logging
from contextvars import ContextVar
from typing import Any

from leafpile import i18n
from leafpile.server import metrics
from leafpile.server.api.snapshots import snapshot
from leafpile.server.errors import Refusal, new_error_id
from leafpile.server.tables.live_table import LiveTable

log = logging.getLogger("leafpile.server")

#: What the request being answered adds to its log line (the transport's request log sets a
#: fresh dict per request): the refusal's code, the error id of a 500.
NOTES: ContextVar[dict[str, str] | None] = ContextVar("leafpile_request_notes", default=None)


def note(key: str, value: str) -> None:
    """Add `key=value` to the current request's log line (nothing outside a request)."""
    notes = NOTES.get()
    if notes is not None:
        notes[key] = value


#: Every refusal's HTTP status (WebSocket clients get the same `code` in an error message).
STATUS: dict[str, int] = {
    "bad_request": 400,
    "bad_json": 400,
    "no_token": 401,
    "bad_token": 403,
    "not_host": 403,
    "chat_closed": 403,
    "unknown_table": 404,
    "not_found": 404,
    "method_not_allowed": 405,
    "table_full": 409,
    "seat_taken": 409,
    "not_started": 409,
    "game_over": 409,
    "stale": 409,
    "no_take_back": 409,
    "not_your_turn": 409,
    "conflict": 409,
    "not_finished": 409,
    "already_acted": 409,
    "stood_in": 409,
    "too_large": 413,
    "unknown_game": 422,
    "bad_options": 422,
    "bad_seats": 422,
    "bad_seed": 422,
    "bad_name": 422,
    "bad_clock": 422,
    "illegal": 422,
    "tutorial_move": 422,
    "bad_profile": 403,
    "bad_login": 403,
    "name_taken": 409,
    "bad_password": 422,
    "not_rated": 422,
    "bad_message": 422,
    "flooding": 429,
    "too_many_sockets": 429,
    "too_many_tables": 429,
    "internal": 500,
    "storage": 503,
    "busy": 503,
    "damaged": 503,
}


def status_of(refusal: Refusal) -> int:
    return STATUS[refusal.code]


def error_body(refusal: Refusal, lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """`{"type": "error", code, message}` with the message in the reader's language, plus the
    refused seat's current `state` when the table said which (a stale, out-of-turn or illegal
    action, or one after the end)."""
    message = refusal.message
    text = message.localize(lang) if isinstance(message, i18n.Msg) else str(message)
    out: dict[str, Any] = {"type": "error", "code": refusal.code, "message": text}
    note("code", refusal.code)
    metrics.meter.refusal(refusal.code)
    if isinstance(refusal.table, LiveTable):
        out["state"] = snapshot(refusal.table, refusal.seat, lang=lang)
    return out


def internal_error(exc: BaseException, where: str) -> dict[str, Any]:
    """Log an unexpected exception with its traceback under a fresh error id and give the
    answer that names the id (a bug, never a quiet log line; the table is unchanged)."""
    error_id = new_error_id()
    note("error_id", error_id)
    log.error("internal error %s in %s", error_id, where, exc_info=exc)
    return {
        "type": "error",
        "code": "internal",
        "message": f"the server failed on this request; error id {error_id}",
    }
