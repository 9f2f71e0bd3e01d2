"""Server processes sharing one PostgreSQL database share the work (`tables/duty.py`): a
process loads a table another opened only when asked for it (its lobby read included),
catches up only the tables someone connected to it is at (the others on their next
request), one process alone plays a table's bot turns, and when it dies another takes the
table over, even one it never heard of."""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx
from websockets.sync.client import connect

from leafpile.server.store.db import Database
from leafpile.server.tables.rebuild import rebuild
from tests.patience import HANG, READ, wait_until
from tests.server.helpers import snapshot, two_humans
from tests.server.live import ProcessServer, ThreadServer

HTTP = httpx.Client(timeout=READ)
BOTS = {
    "game": "autumn",
    "players": 2,
    "options": {"rounds": 3},
    "seats": [{"kind": "bot", "bot": "random"}] * 2,
}


def _version(base: str, table: str) -> int:
    return int(HTTP.get(f"{base}/api/tables/{table}").json()["version"])


def _play_one(server: ThreadServer, table: str, tokens: list[str]) -> int:
    """One action of whichever seat is to move, through `server`; returns the new version."""
    for token in tokens:
        mine = snapshot(server, table, token)
        if mine["legal"]:
            body = {"table": table, "version": mine["version"], "action": mine["legal"][0]}
            headers = {"authorization": f"Bearer {token}"}
            r = HTTP.post(f"{server.base}/api/tables/{table}/actions", json=body, headers=headers)
            assert r.status_code == 200, r.text
            return int(mine["version"]) + 1
    raise AssertionError("nobody may move")


def test_a_process_catches_up_only_the_tables_someone_in_it_is_at(pg_url):
    one, two = ThreadServer(pg_url).start(), ThreadServer(pg_url).start()
    try:
        heard: list[Any] = []
        hear = two.manager.heard

        def noted(change: Any) -> None:  # on two's event loop
            hear(change)
            heard.append(change)

        two.manager.heard = noted  # type: ignore[method-assign]
        table, tok_a, tok_b = two_humans(one)
        wait_until(lambda: table in two.manager.duty.heard, "process two hears of the table")
        assert table not in two.manager.tables  # not loaded until someone asks for it there
        listed = HTTP.get(f"{two.base}/api/tables").json()["tables"]  # the lobby does
        assert table in [t["id"] for t in listed] and table not in two.manager.duty.heard
        assert two.manager.tables[table].status == "playing"
        version = 0
        for _ in range(3):
            version = _play_one(one, table, [tok_a, tok_b])
        wait_until(
            lambda: any(c.kind == "action" and c.version == version for c in heard),
            "process two hears of the last action",
        )
        copy = two.manager.tables[table]  # nobody at the table in two: only marked
        assert copy.behind and not copy.catching_up and copy.version == 0
        listed = HTTP.get(f"{two.base}/api/tables").json()["tables"]  # caught up when asked
        assert [t["version"] for t in listed if t["id"] == table] == [version]
        assert not copy.behind
        with connect(f"ws://127.0.0.1:{two.port}/ws/tables/{table}", open_timeout=READ) as ws:
            assert json.loads(ws.recv(timeout=READ))["version"] == version
            version = _play_one(one, table, [tok_a, tok_b])  # watched in two: pushed there
            pushed = json.loads(ws.recv(timeout=READ))
            assert pushed["version"] == version and not copy.behind
        assert _version(two.base, table) == version
    finally:
        one.stop()
        two.stop()


def test_each_bot_turn_is_played_once_and_goes_on_when_its_process_dies(pg_url):
    one = ProcessServer(pg_url, "--rate-limit", "0", bot_delay=0.05).start()
    two: ThreadServer | None = None
    try:
        heard = [HTTP.post(one.base + "/api/tables", json=BOTS).json()["table"] for _ in range(2)]
        wait_until(lambda: all(_version(one.base, t) >= 2 for t in heard), "process one plays")
        two = ThreadServer(pg_url, bot_delay=0.05).start()  # loads them, as process one's
        plays: list[tuple[str, int]] = []  # the bot turns process two played
        play = two.manager.seat_bots.play

        async def counted(table: Any, seat: int, version: int, text: str) -> None:
            plays.append((table.id, version))
            await play(table, seat, version, text)

        two.manager.seat_bots.play = counted
        sweeping = threading.Event()  # two looks for tables without a driver when set
        orphans = two.manager.duty.locks.orphans

        def gated(mine: list[str], since: float) -> list[str]:
            return orphans(mine, since) if sweeping.is_set() else []

        two.manager.duty.locks.orphans = gated

        two.manager.duty.heard_new = lambda table_id: None  # two does not hear of the next one
        unheard = HTTP.post(one.base + "/api/tables", json=BOTS).json()["table"]
        tables = [*heard, unheard]
        before = {t: _version(one.base, t) for t in heard}
        wait_until(
            lambda: (
                all(_version(one.base, t) >= before[t] + 6 for t in heard)
                and _version(one.base, unheard) >= 4
            ),
            "process one plays on",
        )
        assert plays == [] and unheard not in two.manager.tables  # one plays every bot turn
        assert all(two.manager.tables[t].status == "playing" for t in heard)
        one.kill()  # SIGKILL: its connections go with it, and so its tables' locks
        sweeping.set()
        wait_until(
            lambda: all(
                HTTP.get(f"{two.base}/api/tables/{t}").json()["status"] == "finished"
                for t in tables
            ),
            "process two plays every game to its end",
            HANG,
        )
        assert {t for t, _ in plays} == set(tables)  # two took each over
        assert len(set(plays)) == len(plays)  # and thought of each turn once
    finally:
        one.kill()
        if two is not None:
            two.stop()
    db = Database(pg_url)
    stored = {raw.id: raw for raw in db.load_tables(tables)}
    db.close()
    for raw in stored.values():  # one stored action per number, and the log replays
        assert [a[0] for a in raw.actions] == list(range(len(raw.actions)))
        assert rebuild(raw).state.is_terminal()
