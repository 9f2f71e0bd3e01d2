"""Chat at a table: messages reach everyone at the table (quick phrases in each reader's
language) and survive a restart; the limits (length, characters, names, rates per person and
per address on a fake clock, host settings) refuse with a clear error and store nothing;
reports reach the operator's list, and a removed message leaves the history."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from leafpile.server import RateLimit
from leafpile.server.store import chat_store
from tests.patience import READ, FakeClock
from tests.server.helpers import HTTP, create
from tests.server.live import ThreadServer


class Client:
    """One person at the table over its socket: `ask` sends and returns what came back up
    to the pong (one outbox, in order), `heard` what was pushed meanwhile."""

    def __init__(self, srv: ThreadServer, table: str, token: str | None, lang: str) -> None:
        self.ws: ClientConnection = connect(f"{srv.ws_base}/ws/tables/{table}").__enter__()
        self.ask({"type": "hello", "token": token, "lang": lang})

    def ask(self, *messages: dict[str, Any]) -> list[dict[str, Any]]:
        for m in messages:
            self.ws.send(json.dumps(m))
        self.ws.send(json.dumps({"type": "ping"}))
        got = []
        while (msg := json.loads(self.ws.recv(timeout=READ)))["type"] != "pong":
            if msg["type"] != "state":
                got.append(msg)
        return got

    def heard(self) -> list[dict[str, Any]]:
        return self.ask()

    def say(self, **body: Any) -> list[dict[str, Any]]:
        return self.ask({"type": "chat", **body})

    def close(self) -> None:
        self.ws.close()


def texts(pushed: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for p in pushed if p["type"] == "chat" for m in p.get("messages", [])]


def history(client: Client) -> dict[str, Any]:
    (got,) = client.ask({"type": "chat_history"})
    return got


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def srv(tmp_path, clock) -> Iterator[ThreadServer]:
    server = ThreadServer(
        f"sqlite:///{tmp_path / 'chat.db'}", rate_limit=RateLimit(enabled=False, now=clock)
    ).start()
    try:
        yield server
    finally:
        server.stop()


def _table(srv: ThreadServer) -> tuple[str, str, str, str]:
    """A two-person table: its id, the host secret and both seats' tokens."""
    made = create(srv, [{"kind": "human"}, {"kind": "human"}])
    joined = HTTP.post(f"{srv.base}/api/tables/{made['table']}/seats", json={"name": "Boris"})
    assert joined.status_code == 200, joined.text
    return made["table"], made["host"], made["token"], joined.json()["token"]


def _stored(srv: ThreadServer, table: str) -> list[chat_store.ChatMessage]:
    return chat_store.load_messages(srv.manager.db, table)


def test_messages_reach_everyone_in_their_language_and_survive_a_restart(tmp_path, clock):
    url = f"sqlite:///{tmp_path / 'chat.db'}"
    srv = ThreadServer(url, rate_limit=RateLimit(enabled=False, now=clock)).start()
    table, host, tok_a, tok_b = _table(srv)
    ana, boris = Client(srv, table, tok_a, "fr"), Client(srv, table, tok_b, "ru")
    watcher = Client(srv, table, None, "en")
    start = history(ana)
    assert start["settings"] == {"enabled": True, "spectators": False}
    assert {p["id"]: p["text"] for p in start["phrases"]}["good_game"] == "Bonne partie"
    assert texts(ana.say(text="<b>hello</b>  see\nhttps://example.org")) == [
        "<b>hello</b> see https://example.org"
    ]
    assert texts(ana.say(phrase="good_game")) == ["Bonne partie"]
    assert texts(boris.heard()) == ["<b>hello</b> see https://example.org", "Хорошая партия"]
    pushed = watcher.heard()
    assert texts(pushed) == ["<b>hello</b> see https://example.org", "Good game"]
    first = pushed[0]["messages"][0]
    assert (first["seat"], first["name"], first["spectator"]) == (0, "Ana", False)
    # spectators may not write until the host lets them; then shown as a spectator's
    (closed,) = watcher.say(text="nice move", name="Vera")
    assert closed["code"] == "chat_closed"
    (settings,) = watcher.ask({"type": "chat_settings", "host": host, "spectators": True})
    assert settings["settings"] == {"enabled": True, "spectators": True}
    assert [p["settings"] for p in boris.heard()] == [settings["settings"]]
    assert texts(watcher.say(text="nice move", name="Vera")) == ["nice move"]
    (vera,) = [m for p in boris.heard() for m in p.get("messages", [])]
    assert (vera["name"], vera["seat"], vera["spectator"]) == ("Vera", None, True)
    for c in (ana, boris, watcher):
        c.close()
    srv.stop()

    again = ThreadServer(url, rate_limit=RateLimit(enabled=False, now=clock)).start()
    try:
        back = Client(again, table, tok_b, "ru")
        got = history(back)
        assert [m["text"] for m in got["messages"]] == [
            "<b>hello</b> see https://example.org",
            "Хорошая партия",
            "nice move",
        ]
        assert got["settings"] == {"enabled": True, "spectators": True}
        replay = HTTP.get(f"{again.base}/api/tables/{table}/chat?lang=fr").json()
        assert [m["text"] for m in replay["messages"]][1] == "Bonne partie"
        back.close()
    finally:
        again.stop()


def _code(pushed: list[dict[str, Any]]) -> str:
    """The one refusal among what came back (others' messages may have come first)."""
    (refusal,) = [p for p in pushed if p["type"] == "error"]
    assert refusal["type"] == "error" and refusal["message"], refusal
    return str(refusal["code"])


def test_limits_refuse_with_a_clear_error_and_store_nothing(srv, clock):
    table, host, tok_a, tok_b = _table(srv)
    ana, boris = Client(srv, table, tok_a, "en"), Client(srv, table, tok_b, "en")
    watcher = Client(srv, table, None, "en")
    hostile: list[tuple[dict[str, Any], str]] = [
        ({"text": "x" * 501}, "bad_message"),
        ({"text": "x" * 5000}, "bad_message"),
        ({"text": "   "}, "bad_message"),
        ({"text": 42}, "bad_message"),
        ({"text": ["hi"]}, "bad_message"),
        ({}, "bad_message"),
        ({"text": "look \u202eevil"}, "bad_message"),
        ({"text": "bell \x07"}, "bad_message"),
        ({"text": "\u200b\u3164"}, "bad_message"),
        ({"phrase": "nonsense"}, "bad_message"),
        ({"phrase": 3}, "bad_message"),
    ]
    for body, code in hostile:
        clock.advance(3)  # within the rates: each is refused for what it is
        assert _code(ana.say(**body)) == code, body
    assert ana.say(text="y" * 500)  # the longest accepted
    # spectators: not while the host has not let them, and never under a seated name
    assert _code(watcher.say(text="hi", name="Vera")) == "chat_closed"
    assert _code(boris.ask({"type": "chat_settings", "host": tok_b, "spectators": True})) == (
        "not_host"
    )
    assert _code(boris.ask({"type": "chat_settings", "spectators": True})) == "no_token"
    bad_flag = {"type": "chat_settings", "host": host, "spectators": "yes"}
    assert _code(ana.ask(bad_flag)) == "bad_request"
    ana.ask({"type": "chat_settings", "host": host, "spectators": True})
    # ("\u0430na": "ana" with a Cyrillic a, reading like the seated Ana)
    for name in ("ana", "\u0430na", "Boris", "", "bot:hard", "x" * 41, "Eve\u202e"):
        clock.advance(3)
        assert _code(watcher.say(text="hi", name=name)) == "bad_name", name
    # the host turns the chat off: nobody writes, until it is on again
    ana.ask({"type": "chat_settings", "host": host, "enabled": False})
    assert _code(boris.say(text="hello?")) == "chat_closed"
    assert _code(watcher.say(phrase="thanks", name="Vera")) == "chat_closed"
    assert [m.text for m in _stored(srv, table)] == ["y" * 500]
    ana.ask({"type": "chat_settings", "host": host, "enabled": True})
    assert texts(boris.say(text="back")) == ["back"]
    for c in (ana, boris, watcher):
        c.close()


def test_rates_per_person_and_per_address_on_the_fake_clock(srv, clock):
    table, host, tok_a, tok_b = _table(srv)
    ana, boris = Client(srv, table, tok_a, "en"), Client(srv, table, tok_b, "en")
    for i in range(5):
        assert texts(ana.say(text=f"a{i}")) == [f"a{i}"]
    assert _code(ana.say(text="flood")) == "flooding"  # a person: five, then one every 3 s
    clock.advance(3)
    assert texts(ana.say(text="later")) == ["later"]
    # the address (all of these clients share 127.0.0.1): ten, then one every 2 s however
    # many people it writes as
    for i in range(5):
        assert texts(boris.say(text=f"b{i}"))[-1] == f"b{i}"
    ana.ask({"type": "chat_settings", "host": host, "spectators": True})
    watcher = Client(srv, table, None, "en")
    assert _code(watcher.say(text="w0", name="Vera")) == "flooding"  # its address is spent
    clock.advance(1)  # half a message more for the address: enough again
    assert texts(watcher.say(text="w0", name="Vera")) == ["w0"]
    said = [m.text for m in _stored(srv, table)]
    assert said == ["a0", "a1", "a2", "a3", "a4", "later", "b0", "b1", "b2", "b3", "b4", "w0"]
    watcher.close()
    for c in (ana, boris):
        c.close()


def test_reports_reach_the_operator_who_removes_the_message(srv, clock):
    table, _, tok_a, tok_b = _table(srv)
    other, _, tok_c, _ = _table(srv)
    ana, boris = Client(srv, table, tok_a, "en"), Client(srv, table, tok_b, "en")
    ((first,),) = [p["messages"] for p in ana.say(text="rude words")]
    ana.say(text="fine words")
    boris.heard()
    assert boris.ask({"type": "chat_report", "id": first["id"]}) == [
        {"type": "chat_reported", "id": first["id"], "new": True}
    ]
    assert boris.ask({"type": "chat_report", "id": first["id"]})[0]["new"] is False
    elsewhere = Client(srv, other, tok_c, "en")
    for bad in (first["id"], 10**30, -1, True, "1", None):
        clock.advance(3)  # reports count in the writing rates too
        code = _code(elsewhere.ask({"type": "chat_report", "id": bad}))
        assert code in ("not_found", "bad_request"), bad
    db = srv.manager.db
    (report,) = chat_store.list_reports(db)
    assert (report.message.id, report.message.text, report.reports) == (
        first["id"],
        "rude words",
        1,
    )
    assert chat_store.remove_message(db, first["id"]) is True
    assert chat_store.remove_message(db, first["id"]) is False
    assert chat_store.list_reports(db) == []
    assert [m["text"] for m in history(boris)["messages"]] == ["fine words"]
    for c in (ana, boris, elsewhere):
        c.close()


def test_histories_are_limited_per_address(srv, clock):
    table, _, tok_a, _ = _table(srv)
    ana = Client(srv, table, tok_a, "en")
    for _ in range(30):  # thirty, then two a second (each is up to 200 messages)
        assert history(ana)["history"] is True
    assert _code(ana.ask({"type": "chat_history"})) == "flooding"
    over_http = HTTP.get(f"{srv.base}/api/tables/{table}/chat")
    assert over_http.status_code == 429
    clock.advance(0.5)
    assert history(ana)["history"] is True
    ana.close()
