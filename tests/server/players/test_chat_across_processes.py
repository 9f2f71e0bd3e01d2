"""Chat with two server processes on one PostgreSQL database: a message written through one
reaches, at once, the readers connected to the other (each in their own language), and so do
the host's settings; nobody needs to reload for the other process's messages."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.patience import HANG, READ
from tests.server.live import ProcessServer

HTTP = httpx.Client(timeout=READ)


def _chat_pushed(ws: ClientConnection, want: Any) -> dict[str, Any]:
    """Read `ws` until a chat message for which `want` holds arrives (or HANG passes)."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        msg = json.loads(ws.recv(timeout=READ))
        if msg["type"] == "chat" and not msg.get("history") and want(msg):
            return dict(msg)
    raise AssertionError("the chat message never arrived")


def test_a_message_written_through_one_process_reaches_readers_of_the_other(pg_url):
    one = ProcessServer(pg_url, "--rate-limit", "0").start()
    two = ProcessServer(pg_url, "--rate-limit", "0").start()
    try:
        body = {
            "game": "autumn",
            "players": 2,
            "options": {"rounds": 1, "first_player": "0"},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "sit": 0,
            "name": "Ana",
        }
        made = HTTP.post(one.base + "/api/tables", json=body).json()
        table, token, host = made["table"], made["token"], made["host"]
        with (
            connect(f"ws{one.base[4:]}/ws/tables/{table}") as ana,
            connect(f"ws{two.base[4:]}/ws/tables/{table}") as watcher,
        ):
            ana.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            watcher.send(json.dumps({"type": "hello", "token": None, "lang": "fr"}))
            watcher.send(json.dumps({"type": "chat_history"}))  # its process has the table
            _chat = json.loads(watcher.recv(timeout=READ))
            while _chat["type"] != "chat":
                _chat = json.loads(watcher.recv(timeout=READ))
            ana.send(json.dumps({"type": "chat", "text": "hello from process one"}))
            got = _chat_pushed(watcher, lambda m: m.get("messages"))
            assert [m["text"] for m in got["messages"]] == ["hello from process one"]
            assert got["messages"][0]["name"] == "Ana"
            ana.send(json.dumps({"type": "chat", "phrase": "good_game"}))
            got = _chat_pushed(watcher, lambda m: m.get("messages"))
            assert got["messages"][0]["text"] == "Bonne partie"  # in the reader's language
            ana.send(json.dumps({"type": "chat_settings", "host": host, "enabled": False}))
            got = _chat_pushed(watcher, lambda m: "settings" in m)
            assert got["settings"]["enabled"] is False
    finally:
        one.kill()
        two.kill()
