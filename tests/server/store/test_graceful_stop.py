"""SIGTERM while bots and a person play: the server stops accepting, finishes the writes in
flight, closes every WebSocket with 1012 ("restarting") and exits by itself without waiting
for the bots' decisions; started again, nothing accepted is lost and the sockets reconnect."""

from __future__ import annotations

import json
import signal
import threading
import time

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.patience import READ, wait_until
from tests.server.live import ProcessServer
from tests.server.store.crowd import BOTS, Person, open_crowd, stored_whole

RESTART_CLOSE = 1012


def first_state(ws) -> dict:
    return dict(json.loads(ws.recv(timeout=READ)))


def test_sigterm_during_bot_games_loses_nothing_and_sockets_reconnect(
    served_by: tuple[str, list[str]],
) -> None:
    db_url, workers = served_by
    http = httpx.Client(timeout=READ)
    srv = ProcessServer(db_url, "--rate-limit", "0", *workers, bot_delay=0.01).start()
    person: Person | None = None
    try:
        thinker = {**BOTS, "seats": [{"kind": "bot", "bot": "hard"}] * 2}  # long decisions
        tables, _, person = open_crowd(http, srv.base, thinker)
        player = threading.Thread(target=person.run, daemon=True)
        ws_url = f"ws://127.0.0.1:{srv.port}/ws/tables/{tables[0]}"
        with connect(ws_url, open_timeout=READ) as ws:
            assert first_state(ws)["type"] == "state"
            # the bots first: once the person plays, their table comes first in the workers,
            # and a quick person could finish their game before the tables of bots move on
            wait_until(
                lambda: http.get(f"{srv.base}/api/tables/{tables[0]}").json()["version"] > 3,
                "the bots play",
            )
            player.start()
            wait_until(lambda: len(person.accepted) >= 3, "the person plays")
            started = time.monotonic()
            code = srv.terminate()
            took = time.monotonic() - started
            closed = None
            try:
                while True:
                    ws.recv(timeout=READ)
            except ConnectionClosed as e:
                closed = e.rcvd.code if e.rcvd is not None else None
        # uvicorn ends a graceful stop by raising the signal again: systemd reads a success
        assert code in (0, -signal.SIGTERM), srv.log_text()
        assert "stopped: every write in flight is stored" in srv.log_text()
        assert closed == RESTART_CLOSE
        assert "Traceback" not in srv.log_text(), srv.log_text()
        accepted_before = dict(person.accepted)
        srv.start()  # the same database, a fresh process: the page reconnects
        with connect(ws_url, open_timeout=READ) as ws:
            again = first_state(ws)
            assert again["type"] == "state" and again["version"] > 3
        wait_until(lambda: len(person.accepted) > len(accepted_before), "the person plays on")
        person.stop.set()
        player.join(timeout=READ)
        print(f"\nSIGTERM to exit: {took:.2f} s, during {len(tables)} games")
    finally:
        if person is not None:
            person.stop.set()
        srv.kill()
    stored_whole(db_url, tables, person)
