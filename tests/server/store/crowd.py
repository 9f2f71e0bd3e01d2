"""A crowd for the fault tests (SIGKILL, SIGTERM): tables of bots and a person playing
against a bot as fast as they can, and the checks of what was stored once the server is down.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import httpx

from leafpile.server.store.db import Database
from leafpile.server.store.schema import LoadedTable
from leafpile.server.tables.rebuild import rebuild
from tests.patience import READ

SEED = 17
BOTS = {
    "game": "autumn",
    "players": 2,
    "options": {"rounds": 3},
    "seats": [{"kind": "bot", "bot": "random"}] * 2,
}


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


def open_crowd(
    http: httpx.Client, base: str, *more: dict[str, Any]
) -> tuple[list[str], dict[str, Any], Person]:
    """Three tables of random bots, the tables `more` asks for, and last a person's Momiji
    table against a bot: the tables' ids, the person's table as opened, and the person (not
    started yet)."""
    tables = [http.post(base + "/api/tables", json=BOTS).json()["table"] for _ in range(3)]
    tables += [http.post(base + "/api/tables", json=body).json()["table"] for body in more]
    made = http.post(
        base + "/api/tables",
        json={
            "game": "momiji",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "sit": 0,
            "name": "Ana",
        },
    ).json()
    tables.append(made["table"])
    return tables, made, Person(base, made["table"], made["token"])


def stored_whole(db_url: str, tables: list[str], person: Person) -> dict[str, LoadedTable]:
    """The tables as stored, checked: no action twice, every log replays against the rules,
    and every action the person was told was accepted is there (the person's table last)."""
    db = Database(db_url)
    stored = {raw.id: raw for raw in db.load_tables(tables)}
    db.close()
    for raw in stored.values():
        assert [a[0] for a in raw.actions] == list(range(len(raw.actions)))  # none twice
        rebuild(raw)
    notations = [a[2] for a in stored[person.table].actions]
    assert [v for v, a in person.accepted.items() if notations[v] != a] == []  # none lost
    return stored
