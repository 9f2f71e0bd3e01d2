"""A bug is never a quiet log line: an unexpected exception answers 500 (or a WebSocket error)
with an error id, the log holds the traceback under the same id, and the table is unchanged."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
from websockets.sync.client import connect

from leafpile.server import errors
from leafpile.server.api.refusals import STATUS
from tests.patience import READ
from tests.server.helpers import AUTUMN, HTTP, act, snapshot, unchanged

ERROR_ID = re.compile(r"error id ([0-9a-f]{8})")


class RulesBug(RuntimeError):
    pass


def boom(*_args: Any, **_kwargs: Any) -> Any:
    raise RulesBug("a bug in the game")


def _break(monkeypatch: pytest.MonkeyPatch, part: str) -> None:
    """Make one piece of the game raise: a Game method or a rules function (which the game
    binds on its state class)."""
    if part in ("legal_actions", "scores"):
        monkeypatch.setattr(AUTUMN.state_class, part, boom)
    else:
        monkeypatch.setattr(AUTUMN, part, boom)


def _logged(caplog: pytest.LogCaptureFixture, error_id: str) -> logging.LogRecord:
    """The one log record naming `error_id`; it carries the traceback of the bug."""
    (record,) = [r for r in caplog.records if error_id in r.getMessage()]
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert record.exc_info[0] is RulesBug
    assert "a bug in the game" in caplog.text and "Traceback" in caplog.text
    return record


def _id_of(body: dict[str, Any]) -> str:
    assert body["type"] == "error" and body["code"] == "internal"
    match = ERROR_ID.search(body["message"])
    assert match, body
    return match.group(1)


# describe: the log line of the action; player_view, scores, extras: the position after it;
# legal_actions: checking the action itself.
PARTS = ["describe", "player_view", "scores", "extras", "legal_actions"]


@pytest.mark.parametrize("part", PARTS)
def test_a_game_bug_during_an_action_is_a_500_with_an_error_id(running, monkeypatch, caplog, part):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    _break(monkeypatch, part)
    with caplog.at_level(logging.ERROR, logger="leafpile.server"):
        r = act(server, table, tok_b, 1, "red")
    monkeypatch.undo()
    assert r.status_code == 500
    _logged(caplog, _id_of(r.json()))
    assert "moved" not in json.dumps(snapshot(server, table, tok_b)["log"])
    unchanged(server, table, tok_b, before)
    assert act(server, table, tok_b, 1, "red").status_code == 200  # and the table goes on


def test_a_game_bug_over_a_websocket_is_an_error_message_with_an_id(running, monkeypatch, caplog):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    with connect(f"{server.ws_base}/ws/tables/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": tok_b}))
        while json.loads(ws.recv(timeout=READ)).get("you") != 1:
            pass
        _break(monkeypatch, "describe")
        with caplog.at_level(logging.ERROR, logger="leafpile.server"):
            ws.send(json.dumps({"type": "action", "table": table, "version": 1, "action": "red"}))
            while (msg := json.loads(ws.recv(timeout=READ)))["type"] != "error":
                pass
        monkeypatch.undo()
        _logged(caplog, _id_of(msg))
        ws.send(json.dumps({"type": "ping"}))  # the connection lives on
        while json.loads(ws.recv(timeout=READ))["type"] != "pong":
            pass
    unchanged(server, table, tok_b, before)


def test_a_bug_while_reading_a_table_is_a_500_with_an_error_id(running, monkeypatch, caplog):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    _break(monkeypatch, "extras")  # the replay builds each step's extras afresh
    with caplog.at_level(logging.ERROR, logger="leafpile.server"):
        r = HTTP.get(f"{server.base}/api/tables/{table}/replay")
    monkeypatch.undo()
    assert r.status_code == 500
    _logged(caplog, _id_of(r.json()))
    unchanged(server, table, tok_b, before)


def _refusals(cls: type[errors.Refusal]) -> list[type[errors.Refusal]]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *_refusals(sub)]
    return out


def test_every_refusal_has_a_status_and_its_own_code():
    refusals = _refusals(errors.Refusal)
    codes = [r.code for r in refusals]
    assert len(refusals) >= 20 and len(set(codes)) == len(codes)
    assert set(codes) | {"internal"} == set(STATUS)
    assert all(400 <= status < 600 for status in STATUS.values())
