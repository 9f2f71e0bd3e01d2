"""The HTTP and WebSocket API: tables, seats, actions, every bad input, hidden information."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
from websockets.sync.client import connect

from leafpile.engine import GameRecord
from leafpile.server import RateLimit
from tests.patience import HANG, READ, FakeClock
from tests.server.helpers import (
    AUTUMN,
    HTTP,
    SEED,
    act,
    create,
    snapshot,
    stored_actions,
    two_humans,
    unchanged,
)
from tests.server.live import ThreadServer, run_async


# -- the happy paths ----------------------------------------------------------------------------
def test_create_then_join_starts_the_table(server):
    made = create(server, [{"kind": "human"}, {"kind": "human"}])
    table = made["table"]
    assert made["seat"] == 0 and made["token"] and made["invite"] == f"/table/{table}"
    assert snapshot(server, table)["status"] == "waiting"
    r = HTTP.post(f"{server.base}/api/tables/{table}/seats", json={"name": "Bo"})
    assert r.status_code == 200 and r.json()["seat"] == 1
    snap = snapshot(server, table, r.json()["token"])
    assert snap["status"] == "playing" and snap["you"] == 1
    lobby = HTTP.get(server.base + "/api/tables").json()["tables"]
    assert [t["id"] for t in lobby] == [table]
    assert [s["name"] for s in lobby[0]["seats"]] == ["Ana", "Bo"]


def test_a_human_plays_a_bot_to_the_end_and_the_record_replays(server):
    made = create(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table, token = made["table"], made["token"]
    deadline = time.monotonic() + HANG  # only a hang takes so long
    while time.monotonic() < deadline:
        snap = snapshot(server, table, token)
        if snap["status"] == "finished":
            break
        if snap["to_move"] == 0:
            r = act(server, table, token, snap["version"], snap["legal"][-1])
            assert r.status_code == 200, r.text
        else:
            time.sleep(0.02)
    assert snap["status"] == "finished"
    assert snap["winners"] is not None and snap["view"]["phase"] == "over"
    r = HTTP.get(f"{server.base}/api/tables/{table}/record")
    assert r.status_code == 200
    record = GameRecord.from_json(r.text)
    final = record.final_state(AUTUMN)
    assert final.is_terminal() and final.scores() == snap["scores"]
    assert len(record.actions) == snap["version"] == stored_actions(server, table)
    replay = HTTP.get(f"{server.base}/api/tables/{table}/replay").json()
    assert len(replay["steps"]) == snap["version"] + 1
    assert replay["steps"][-1]["view"]["placed"] == snap["view"]["placed"]
    assert all(step["line"] for step in replay["steps"][1:])


def test_websocket_pushes_each_seat_its_own_view(server):
    table, tok_a, tok_b = two_humans(server)
    with (
        connect(f"{server.ws_base}/ws/tables/{table}") as a,
        connect(f"{server.ws_base}/ws/tables/{table}") as b,
        connect(f"{server.ws_base}/ws/tables/{table}") as spectator,
    ):

        def latest(ws, version=None):
            while True:
                msg = json.loads(ws.recv(timeout=READ))
                if msg["type"] == "state" and (version is None or msg["version"] == version):
                    return msg

        a.send(json.dumps({"type": "hello", "token": tok_a}))
        b.send(json.dumps({"type": "hello", "token": tok_b}))
        spectator.send(json.dumps({"type": "hello", "token": None}))
        first = latest(a)
        while first["you"] != 0:
            first = latest(a)
        assert first["to_move"] == 0 and first["legal"]
        action = first["legal"][0]
        a.send(json.dumps({"type": "action", "table": table, "version": 0, "action": action}))
        seen_a, seen_b, seen_s = latest(a, 1), latest(b, 1), latest(spectator, 1)
        assert seen_a["you"] == 0 and seen_b["you"] == 1 and seen_s["you"] is None
        assert seen_b["to_move"] == 1 and seen_b["legal"] == ["red", "yellow"]
        assert seen_a["legal"] == [] and seen_s["legal"] == []
        assert seen_s["view"]["viewer"] is None and seen_b["view"]["viewer"] == 1
        # live pushes carry only the new log entries
        assert seen_s["log_start"] == 0 and len(seen_s["log"]) == 1
        b.send(json.dumps({"type": "action", "table": table, "version": 1, "action": "red"}))
        pushed = latest(spectator, 2)
        assert pushed["log_start"] == 1 and [e["seat"] for e in pushed["log"]] == [1]
        assert "red" in pushed["log"][0]["text"]
        assert len(snapshot(server, table)["log"]) == 2  # HTTP answers hold the whole log
        # a stale action over the socket is refused with the current state
        a.send(json.dumps({"type": "action", "table": table, "version": 0, "action": action}))
        while True:
            msg = json.loads(a.recv(timeout=READ))
            if msg["type"] == "error":
                break
        assert msg["code"] in ("stale", "not_your_turn") and msg["state"]["version"] == 2


def test_no_response_carries_the_seed_or_the_deck_order(server):
    made = create(server, [{"kind": "human"}, {"kind": "human"}])
    table = made["table"]
    texts = [
        HTTP.get(f"{server.base}/api/tables/{table}").text,
        HTTP.get(
            f"{server.base}/api/tables/{table}",
            headers={"authorization": f"Bearer {made['token']}"},
        ).text,
        HTTP.get(f"{server.base}/api/tables").text,
        HTTP.get(f"{server.base}/api/tables/{table}/replay").text,
        json.dumps(made),
    ]
    true_deck = server.manager.tables[table].state.deck
    assert true_deck != sorted(true_deck)  # so a leak would show
    for text in texts:
        assert str(SEED) not in text
        assert '"seed"' not in text
        assert json.dumps(true_deck) not in text.replace(" ", "").replace(",", ", ")
    view = snapshot(server, table, made["token"])["view"]
    assert view["deck"] == sorted(true_deck)


# -- bad input: a clear error and nothing changed -----------------------------------------------
def test_malformed_json_is_refused(running):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    for path in ("/api/tables", f"/api/tables/{table}/seats", f"/api/tables/{table}/actions"):
        r = HTTP.post(
            server.base + path, content=b"{not json", headers={"authorization": f"Bearer {tok_b}"}
        )
        assert r.status_code == 400 and r.json()["code"] == "bad_json", path
    r = act(server, table, tok_b, "1", "red")  # version must be an integer
    assert r.status_code == 400 and r.json()["code"] == "bad_request"
    r = act(server, table, tok_b, 1, ["red"])
    assert r.status_code == 400
    r = HTTP.post(
        f"{server.base}/api/tables/{table}/actions",
        json=[1, 2],
        headers={"authorization": f"Bearer {tok_b}"},
    )
    assert r.status_code == 400
    unchanged(server, table, tok_b, before)


def test_unknown_table_is_refused(running):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    assert HTTP.get(server.base + "/api/tables/nope").status_code == 404
    r = act(server, "nope", tok_b, 1, "red")
    assert r.status_code == 404 and r.json()["code"] == "unknown_table"
    r = HTTP.post(
        f"{server.base}/api/tables/{table}/actions",
        json={"table": "other", "version": 1, "action": "red"},
        headers={"authorization": f"Bearer {tok_b}"},
    )
    assert r.status_code == 400
    with connect(f"{server.ws_base}/ws/tables/nope") as ws:
        assert json.loads(ws.recv(timeout=READ))["code"] == "unknown_table"
    unchanged(server, table, tok_b, before)


def test_missing_or_wrong_token_is_refused(running):
    server, table, tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    r = act(server, table, None, 1, "red")
    assert r.status_code == 401 and r.json()["code"] == "no_token"
    r = act(server, table, "not-a-token", 1, "red")
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    r = act(server, table, tok_a, 1, "red")  # a real token, but not the seat to move
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    other = create(server, [{"kind": "human"}, {"kind": "human"}])
    r = act(server, table, other["token"], 1, "red")  # a token of another table
    assert r.status_code == 403
    r = HTTP.get(f"{server.base}/api/tables/{table}", headers={"authorization": "Bearer x"})
    assert r.status_code == 403
    unchanged(server, table, tok_b, before)


def test_illegal_and_malformed_actions_are_refused(running):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    r = act(server, table, tok_b, 1, "0,0")  # a placement while colours must be chosen
    assert r.status_code == 422 and r.json()["code"] == "illegal"
    assert "not legal" in r.json()["message"]
    r = act(server, table, tok_b, 1, "purple")
    assert r.status_code == 422 and "notation" in r.json()["message"]
    r = act(server, table, tok_b, 1, "x" * 500)
    assert r.status_code == 400
    r = act(server, table, tok_b, 1, "")
    assert r.status_code == 400
    unchanged(server, table, tok_b, before)
    assert act(server, table, tok_b, 1, "red").status_code == 200
    before = snapshot(server, table, tok_b)  # seat 1 chose, and now places its first card
    r = act(server, table, tok_b, 2, "0,0")  # would cover all four cells of the start card
    assert r.status_code == 422
    unchanged(server, table, tok_b, before)


def test_stale_version_is_refused_with_the_current_view(running):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    r = act(server, table, tok_b, 0, "red")
    assert r.status_code == 409 and r.json()["code"] == "stale"
    assert r.json()["state"] == before
    r = act(server, table, tok_b, 7, "red")
    assert r.status_code == 409
    unchanged(server, table, tok_b, before)


def test_bad_names_seats_and_options_are_refused(running):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    base = {"game": "autumn", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    bad_bodies = [
        {**base, "sit": 0, "name": "n" * 41},
        {**base, "sit": 0, "name": "   "},
        {**base, "game": "chess"},
        {**base, "players": 5},
        {**base, "options": {"rounds": 7}},
        {**base, "options": {"colour": "blue"}},
        {**base, "seats": [{"kind": "human"}]},
        {**base, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "skynet"}]},
        {
            **base,
            "sit": 1,
            "name": "A",
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        },
    ]
    for body in bad_bodies:
        r = HTTP.post(server.base + "/api/tables", json=body)
        assert r.status_code == 422, body
        assert r.json()["type"] == "error" and r.json()["message"]
    assert len(HTTP.get(server.base + "/api/tables").json()["tables"]) == 1
    waiting = create(server, [{"kind": "human"}, {"kind": "human"}])
    r = HTTP.post(f"{server.base}/api/tables/{waiting['table']}/seats", json={"name": "z" * 41})
    assert r.status_code == 422 and "40" in r.json()["message"]
    r = HTTP.post(f"{server.base}/api/tables/{table}/seats", json={"name": "Cy"})
    assert r.status_code == 409 and r.json()["code"] == "table_full"
    r = act(server, waiting["table"], waiting["token"], 0, "0,-1")
    assert r.status_code == 409 and r.json()["code"] == "not_started"
    r = HTTP.get(f"{server.base}/api/tables/{table}/record")
    assert r.status_code == 409 and r.json()["code"] == "not_finished"
    unchanged(server, table, tok_b, before)


def test_flooding_is_refused(db_url):
    clock = FakeClock()  # the buckets refill only when the test says so
    srv = ThreadServer(db_url, rate_limit=RateLimit(rate=0.5, burst=5, now=clock)).start()
    try:
        table, tok_a, _tok_b = two_humans(srv)  # 2 of the 5
        before = snapshot(srv, table, tok_a)
        codes = [act(srv, table, tok_a, 5, "0,0").status_code for _ in range(8)]
        assert codes[-3:] == [429] * 3
        assert HTTP.post(srv.base + "/api/tables", json={}).json()["code"] == "flooding"
        with connect(f"{srv.ws_base}/ws/tables/{table}") as ws:
            for _ in range(30):
                ws.send(json.dumps({"type": "ping"}))
            replies = []
            for _ in range(30):
                replies.append(json.loads(ws.recv(timeout=READ)))
            assert any(m.get("code") == "flooding" for m in replies)
        clock.advance(10)  # the bucket refills: the flood is over and nothing changed
        assert snapshot(srv, table, tok_a) == before
        assert stored_actions(srv, table) == 0
    finally:
        srv.stop()


def test_websocket_bad_messages_get_errors(running):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)
    with connect(f"{server.ws_base}/ws/tables/{table}") as ws:
        json.loads(ws.recv(timeout=READ))  # the spectator snapshot on connect
        answers = {}
        for label, text in [
            ("json", "{oops"),
            ("list", "[1]"),
            ("type", json.dumps({"type": "dance"})),
            ("token", json.dumps({"type": "hello", "token": "wrong"})),
            (
                "spectator",
                json.dumps({"type": "action", "table": table, "version": 1, "action": "red"}),
            ),
            ("big", json.dumps({"type": "ping", "pad": "x" * 20000})),
        ]:
            ws.send(text)
            while True:
                msg = json.loads(ws.recv(timeout=READ))
                if msg["type"] == "error":
                    answers[label] = msg["code"]
                    break
    assert answers == {
        "json": "bad_json",
        "list": "bad_request",
        "type": "bad_request",
        "token": "bad_token",
        "spectator": "no_token",
        "big": "too_large",
    }
    unchanged(server, table, tok_b, before)


# -- concurrency --------------------------------------------------------------------------------
def test_the_same_action_sent_twice_at_once_is_accepted_once(running):
    server, table, _tok_a, tok_b = running

    async def both() -> list[httpx.Response]:
        async with httpx.AsyncClient() as client:
            body = {"table": table, "version": 1, "action": "yellow"}
            headers = {"authorization": f"Bearer {tok_b}"}
            url = f"{server.base}/api/tables/{table}/actions"
            return list(
                await asyncio.gather(
                    *[client.post(url, json=body, headers=headers) for _ in range(2)]
                )
            )

    for _ in range(1):
        responses = run_async(both())
        codes = sorted(r.status_code for r in responses)
        assert codes == [200, 409], [r.text for r in responses]
    assert stored_actions(server, table) == 2
    assert snapshot(server, table, tok_b)["version"] == 2


def test_the_same_action_over_two_websockets_at_once_is_accepted_once(running):
    server, table, _tok_a, tok_b = running
    url = f"{server.ws_base}/ws/tables/{table}"
    with connect(url) as one, connect(url) as two:
        for ws in (one, two):
            ws.send(json.dumps({"type": "hello", "token": tok_b}))
        msg = {"type": "action", "table": table, "version": 1, "action": "red"}
        one.send(json.dumps(msg))
        two.send(json.dumps(msg))
        answers = []
        for ws in (one, two):
            while True:  # read until this socket has seen version 2 and its own answer
                m = json.loads(ws.recv(timeout=READ))
                answers.append(m)
                if m["type"] == "error" or (m["type"] == "state" and m["version"] == 2):
                    break
    errors = [m for m in answers if m["type"] == "error"]
    assert len(errors) <= 1 and all(e["code"] in ("stale", "not_your_turn") for e in errors)
    assert stored_actions(server, table) == 2
    assert server.manager.tables[table].actions[1] == "red"


def test_an_action_the_database_cannot_store_is_not_played(running, monkeypatch):
    server, table, _tok_a, tok_b = running
    before = snapshot(server, table, tok_b)

    def broken(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(server.manager.db, "append_actions", broken)
    monkeypatch.setattr(server.manager.db, "append_action", broken)
    r = act(server, table, tok_b, 1, "red")
    assert r.status_code == 503 and r.json()["code"] == "storage"
    monkeypatch.undo()
    unchanged(server, table, tok_b, before)
    assert act(server, table, tok_b, 1, "red").status_code == 200
