"""Fault injection: the server is killed with SIGKILL at random moments while bots and a
person play, started again, and killed again. Every action anyone was told of survives
(0 lost), none is stored twice (a resent one is refused as stale), the stored log replays
and every game goes on to its end. With SQLite (WAL) and with PostgreSQL."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import httpx

from leafpile.server.tables.rebuild import rebuild
from tests.patience import HANG, READ
from tests.server.live import ProcessServer
from tests.server.store.crowd import SEED, Person, open_crowd, stored_whole

ROUNDS = 4  # kills per database


def _observe(http: httpx.Client, base: str, tables: list[str]) -> dict[str, dict[str, Any]]:
    seen = {t: http.get(f"{base}/api/tables/{t}").json() for t in tables}
    assert all(s["type"] == "state" for s in seen.values()), seen
    return seen


def test_sigkill_at_random_moments_loses_and_doubles_nothing(served_by):
    db_url, workers = served_by
    rng = random.Random(SEED)
    http = httpx.Client(timeout=READ)
    srv = ProcessServer(db_url, "--rate-limit", "0", *workers, bot_delay=0.01).start()
    person: Person | None = None
    try:
        tables, made, person = open_crowd(http, srv.base)
        player = threading.Thread(target=person.run, daemon=True)
        player.start()
        seen: dict[str, dict[str, Any]] = {}
        faults = playing = 0
        for _ in range(ROUNDS):
            time.sleep(rng.uniform(0.2, 0.8))  # a random moment: mid-commit, mid-push, ...
            seen = _observe(http, srv.base, tables)
            playing += sum(s["status"] == "playing" for s in seen.values())
            srv.kill()
            faults += 1
            srv.start()
            after = _observe(http, srv.base, tables)
            for t in tables:  # everything anyone saw is still there, in the same order
                assert after[t]["version"] >= seen[t]["version"]
                assert after[t]["log"][: len(seen[t]["log"])] == seen[t]["log"]
        assert playing >= 2 * ROUNDS  # the kills came during games
        deadline = time.monotonic() + HANG  # ... and every game goes on to its end
        while time.monotonic() < deadline:
            final = _observe(http, srv.base, tables)
            if all(s["status"] == "finished" for s in final.values()):
                break
            time.sleep(0.5)
        assert all(s["status"] == "finished" for s in final.values()), final
        person.stop.set()
        player.join(timeout=10)
        # a person resending an accepted action after a crash is refused: nothing doubles
        version, action = max(person.accepted.items())
        r = http.post(
            f"{srv.base}/api/tables/{made['table']}/actions",
            json={"table": made["table"], "version": version, "action": action},
            headers={"authorization": f"Bearer {made['token']}"},
        )
        assert r.status_code == 409
    finally:
        if person is not None:
            person.stop.set()
        srv.kill()
    stored = stored_whole(db_url, tables, person)
    for t in tables:  # every game ended, as the server last said
        assert rebuild(stored[t]).state.is_terminal()
        assert len(stored[t].actions) == final[t]["version"]
    assert len(person.accepted) > 5
    total = sum(len(raw.actions) for raw in stored.values())
    print(
        f"\nfaults: {faults} SIGKILLs during {playing} running games; {total} actions stored,"
        f" {len(person.accepted)} of them the person's: 0 lost, 0 twice"
    )
