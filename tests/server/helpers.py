"""Helpers shared by the API tests: one HTTP client, a table made in one call, snapshots."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

from leafpile.games import get_game
from leafpile.server.store import db as storage
from tests.patience import READ
from tests.server.live import ThreadServer

SEED = 20261129
AUTUMN = get_game("autumn")

HTTP = httpx.Client(timeout=READ)  # one client for the module: a new one costs ~30 ms


def create(server: ThreadServer, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "game": "autumn",
        "players": len(seats),
        "options": {"first_player": "0", "rounds": 1},
        "seats": seats,
        "sit": 0,
        "name": "Ana",
        "seed": SEED,
    }
    body.update(extra)
    r = HTTP.post(server.base + "/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def two_humans(server: ThreadServer) -> tuple[str, str, str]:
    made = create(server, [{"kind": "human"}, {"kind": "human"}])
    joined = HTTP.post(f"{server.base}/api/tables/{made['table']}/seats", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    return made["table"], made["token"], joined.json()["token"]


def snapshot(server: ThreadServer, table: str, token: str | None = None) -> dict[str, Any]:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    r = HTTP.get(f"{server.base}/api/tables/{table}", headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def act(server: ThreadServer, table: str, token: str | None, version: Any, action: Any):
    headers = {"authorization": f"Bearer {token}"} if token else {}
    body = {"table": table, "version": version, "action": action}
    return HTTP.post(f"{server.base}/api/tables/{table}/actions", json=body, headers=headers)


def stored_actions(server: ThreadServer, table: str) -> int:
    return int(server.manager.db.count_actions(table))


def unchanged(server: ThreadServer, table: str, token: str, before: dict[str, Any]) -> None:
    """The table is exactly as it was: same snapshot, same stored log."""
    after = snapshot(server, table, token)
    assert after == before
    assert stored_actions(server, table) == before["version"]


@contextlib.contextmanager
def schema_at(db: storage.Database, revision: str, *, down: bool = False) -> Iterator[Connection]:
    """A transaction on `db` whose schema is first upgraded (or `down`graded) to the Alembic
    `revision`: an older database, for the tests that upgrade one."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(storage.__file__).parent / "migrations"))
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(cfg, revision)
        yield conn
