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

from leafpile.server.store.db import Database
from leafpile.server.tables.rebuild import rebuild
from tests.patience import HANG, READ
from tests.server.live import ProcessServer

ROUNDS = 4  # kills per database
SEED = 17


class Person:
    """A client playing seat 0 against a bot as fast as it can; it notes every action the
    server accepted (answered 200) at its version."""

    def __init__(self, base: str, table: str, token: str) -> None:
        self.base, self.table, self.token = base, table, token
        self.accepted: dict[int, str] = {}
        self.stop = threading.Event()
        self.rng = random.Random(SEED)
        self.http = httpx.Client(timeout=READ)

    def run(self) -> None:
        auth = {"authorization": f"Bearer {self.token}"}
        while not self.stop.is_set():
            try:
                snap = self.http.get(f"{self.base}/api/tables/{self.table}", headers=auth).json()
                if snap["status"] == "finished":
                    return
                if snap["to_move"] != 0:
                    time.sleep(0.01)
                    continue
                action = self.rng.choice(snap["legal"])
                body = {"table": self.table, "version": snap["version"], "action": action}
                r = self.http.post(
                    f"{self.base}/api/tables/{self.table}/actions", json=body, headers=auth
                )
                if r.status_code == 200:
                    self.accepted[snap["version"]] = action
            except (httpx.HTTPError, ValueError, KeyError):
                time.sleep(0.05)  # the server is down (killed): wait for it to come back


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
        bots = {
            "game": "autumn",
            "players": 2,
            "options": {"rounds": 3},
            "seats": [{"kind": "bot", "bot": "random"}] * 2,
        }
        tables = [http.post(srv.base + "/api/tables", json=bots).json()["table"] for _ in range(3)]
        made = http.post(
            srv.base + "/api/tables",
            json={
                "game": "momiji",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "sit": 0,
                "name": "Ana",
            },
        ).json()
        tables.append(made["table"])
        person = Person(srv.base, made["table"], made["token"])
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
    db = Database(db_url)
    stored = {raw.id: raw for raw in db.load_tables(tables)}
    db.close()
    for t in tables:
        raw = stored[t]
        assert [a[0] for a in raw.actions] == list(range(len(raw.actions)))  # none twice
        live = rebuild(raw)  # the stored log replays (checked against the rules)
        assert live.state.is_terminal() and len(raw.actions) == final[t]["version"]
    notations = [a[2] for a in stored[made["table"]].actions]
    lost = [v for v, a in person.accepted.items() if notations[v] != a]
    assert lost == [] and len(person.accepted) > 5
    total = sum(len(raw.actions) for raw in stored.values())
    print(
        f"\nfaults: {faults} SIGKILLs during {playing} running games; {total} actions stored,"
        f" {len(person.accepted)} of them the person's: 0 lost, 0 twice"
    )
