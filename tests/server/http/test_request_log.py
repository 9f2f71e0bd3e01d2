"""One structured line per request and per table event: route, status, time, table id, the
error id of a 500 (the same as in the answer and the traceback), never a token or secret."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from leafpile.server.http.log_format import JsonFormatter, ReadableFormatter, logging_config
from tests.server.helpers import AUTUMN, HTTP, act
from tests.server.http.test_failures import _id_of, boom


@pytest.fixture
def lines() -> Iterator[io.StringIO]:
    """What leafpile logs at INFO, written as the server writes it with --log-format json."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("leafpile")
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield out
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)


def parsed(out: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.getvalue().splitlines() if line.startswith("{")]


def test_a_forced_500_logs_its_error_id_and_no_token(running, monkeypatch, lines) -> None:
    server, table, tok_a, tok_b = running
    monkeypatch.setattr(AUTUMN, "describe", boom)
    r = act(server, table, tok_b, 1, "red")
    monkeypatch.undo()
    assert r.status_code == 500
    error_id = _id_of(r.json())
    logged = parsed(lines)
    (line,) = [x for x in logged if x["message"] == "request" and x["status"] == 500]
    assert line["error_id"] == error_id
    assert line["route"] == "/api/tables/{table_id}/actions" and line["method"] == "POST"
    assert line["table"] == table and line["level"] == "error"
    assert isinstance(line["ms"], float) and line["ms"] >= 0
    (trace,) = [x for x in logged if error_id in x["message"] and "traceback" in x]
    assert "RulesBug" in trace["traceback"]
    for secret in (tok_a, tok_b):
        assert secret not in lines.getvalue()


def test_requests_and_table_events_have_a_line_each(running, lines) -> None:
    server, table, tok_a, tok_b = running
    assert act(server, table, tok_b, 1, "red").status_code == 200
    assert act(server, table, tok_b, 1, "red").status_code == 409  # stale now
    logged = parsed(lines)
    requests = [x for x in logged if x["message"] == "request"]
    assert [(x["status"], x.get("code")) for x in requests] == [(200, None), (409, "stale")]
    (event,) = [x for x in logged if x["message"] == "table changed"]
    assert event["table"] == table and event["version"] == 2 and event["game"] == "autumn"
    HTTP.get(server.base + "/no/such/page?token=" + tok_a)
    last = parsed(lines)[-1]
    assert (last["route"], last["status"]) == ("unmatched", 404)
    assert tok_a not in lines.getvalue()  # no query string is ever written


def test_the_readable_format_says_the_same() -> None:
    record = logging.LogRecord("leafpile.requests", logging.ERROR, "", 0, "request", (), None)
    record.fields = {"route": "/api/tables", "status": 500, "error_id": "1a2b3c4d"}
    text = ReadableFormatter().format(record)
    assert "ERROR" in text and "request route=/api/tables status=500 error_id=1a2b3c4d" in text


def test_an_unknown_log_format_is_refused() -> None:
    with pytest.raises(ValueError, match="--log-format must be one of readable, json"):
        logging_config("xml")
