"""`leafpile admin ...` on SQLite and PostgreSQL, as an operator runs it (a real process),
next to a live server: a backup taken during play restores to tables that replay to the same
states; every command does what it says; every misuse is refused in one line and changes
nothing."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from leafpile.server.store.db import Database
from leafpile.server.store.moderation import stats
from leafpile.server.store.schema import LoadedTable
from leafpile.server.tables.rebuild import rebuild
from tests.cli.test_no_traceback import leafpile, one_line_error
from tests.patience import wait_until
from tests.server.conftest import _pg_database
from tests.server.helpers import HTTP, two_humans
from tests.server.live import ThreadServer


@pytest.fixture(params=["sqlite", "postgresql"])
def two_dbs(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A database to serve and an empty one of the same kind to restore into."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'live.db'}", f"sqlite:///{tmp_path / 'restored.db'}"
        return
    first = _pg_database()
    second = _pg_database()
    try:
        yield next(first), next(second)
    finally:
        for gen in (first, second):
            gen.close()


def admin(url: str, *args: str, env: dict[str, str] | None = None):
    return leafpile("admin", *args, "--db", url, env=env)


def ok(result) -> str:
    assert result.returncode == 0, result.stdout + result.stderr
    return str(result.stdout)


def bot_table(server: ThreadServer, game: str) -> str:
    body = {"game": game, "players": 2, "seats": [{"kind": "bot", "bot": "random"}] * 2}
    r = HTTP.post(server.base + "/api/tables", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["table"])


def replayed(raw: LoadedTable, upto: int | None = None) -> dict:
    """The state the log gives when replayed from the start (up to `upto` actions)."""
    actions = raw.actions if upto is None else raw.actions[:upto]
    plain = LoadedTable(
        raw.id, raw.game, raw.players, raw.options, raw.seed, raw.status, raw.created_at,
        raw.seats, [(n, seat, notation, None) for n, seat, notation, _ in actions], None,
    )  # fmt: skip
    return dict(rebuild(plain).state.to_dict())


def test_a_backup_during_play_restores_to_the_same_states(two_dbs, tmp_path: Path) -> None:
    live, restored = two_dbs
    server = ThreadServer(live, bot_delay=0.01).start()
    try:
        ids = [bot_table(server, g) for g in ("momiji", "undergrove", "under-the-leaves")]
        wait_until(
            lambda: all(server.manager.db.count_actions(t) >= 3 for t in ids), "the bots play"
        )
        backup = str(tmp_path / "leafpile.backup")
        assert "backed up" in ok(admin(live, "backup", backup))  # while the bots play on
        played_on = server.manager.db.count_actions(ids[0])
    finally:
        server.stop()
    assert "restored" in ok(admin(restored, "restore", backup))
    source, copy = Database(live), Database(restored)
    try:
        copies = {raw.id: raw for raw in copy.load_tables(ids)}
        assert set(copies) == set(ids)
        for raw in source.load_tables(ids):
            got = copies[raw.id]
            n = len(got.actions)
            assert n >= 3 and got.actions == raw.actions[:n]  # a moment of the live log
            assert dict(rebuild(got).state.to_dict()) == replayed(got) == replayed(raw, n)
        assert played_on >= 3
    finally:
        source.close()
        copy.close()
    # and a server on the restored database serves every table
    again = ThreadServer(restored).start()
    try:
        assert again.manager.broken == set()
        for t in ids:
            assert HTTP.get(f"{again.base}/api/tables/{t}").status_code == 200
    finally:
        again.stop()


def test_every_table_and_profile_command(db_url: str) -> None:
    server = ThreadServer(db_url).start()
    try:
        waiting = HTTP.post(
            server.base + "/api/tables",
            json={"game": "autumn", "players": 2, "seats": [{"kind": "human"}] * 2, "sit": 0,
                  "name": "Ana"},
        ).json()["table"]  # fmt: skip
        playing, _tok_a, _tok_b = two_humans(server)
        made = HTTP.post(server.base + "/api/profiles", json={"name": "Mallory"}).json()
        me = {"authorization": f"Bearer {made['secret']}"}
        assert HTTP.get(server.base + "/api/profiles/me", headers=me).status_code == 200

        out = ok(admin(db_url, "stats"))
        assert "tables waiting: 1" in out and "tables playing: 1" in out and "profiles: 1" in out
        listed = ok(admin(db_url, "tables", "list"))
        assert waiting in listed and playing in listed
        only = ok(admin(db_url, "tables", "list", "--status", "waiting"))
        assert waiting in only and playing not in only

        assert "closed" in ok(admin(db_url, "tables", "close", waiting))
        assert "deleted" in ok(admin(db_url, "tables", "delete", playing, "--in-play"))
        database = server.manager.db
        assert stats(database).tables == {"waiting": 0, "playing": 0, "finished": 0}
        if database.shared:  # the server heard it at once and forgot both tables
            for t in (waiting, playing):
                wait_until(
                    lambda t=t: HTTP.get(f"{server.base}/api/tables/{t}").status_code == 404,
                    "the live server forgets the table",
                )

        assert "is now" in ok(admin(db_url, "profiles", "rename", "Mallory", "Eve"))
        r = HTTP.get(server.base + "/api/profiles/me", headers=me)
        assert r.json()["name"] == "Eve"
        assert "browsers signed out: 1" in ok(admin(db_url, "profiles", "lock", "eve"))
        assert HTTP.get(server.base + "/api/profiles/me", headers=me).status_code in (401, 403)
    finally:
        server.stop()


def test_misuse_is_refused_and_changes_nothing(db_url: str, tmp_path: Path) -> None:
    server = ThreadServer(db_url).start()
    try:
        playing, _tok_a, _tok_b = two_humans(server)
        HTTP.post(server.base + "/api/profiles", json={"name": "Ana"})
        HTTP.post(server.base + "/api/profiles", json={"name": "Bo"})
        before = stats(server.manager.db)
        refusals = [
            (("tables", "close", playing), "only a table waiting for players can be closed"),
            (("tables", "delete", playing), "add --in-play"),
            (("tables", "delete", "nosuchtable"), "there is no table 'nosuchtable'"),
            (("tables", "list", "--status", "lost"), "--status must be one of"),
            (("profiles", "rename", "Ana", "bo"), "the name 'bo' is taken"),
            (("profiles", "rename", "Ana", "bot:hard"), "kept for the bots"),
            (("profiles", "rename", "Ana", "x\u202ey"), "'x\\u202ey'"),
            (("profiles", "rename", "Nobody", "Zed"), "there is no profile named 'Nobody'"),
            (("profiles", "lock", "Nobody"), "there is no profile named 'Nobody'"),
        ]
        for args, says in refusals:
            line = one_line_error(admin(db_url, *args))
            assert says in line, (args, line)
        existing = tmp_path / "taken.backup"
        existing.write_text("keep me")
        line = one_line_error(admin(db_url, "backup", str(existing)))
        assert "exists already" in line and existing.read_text() == "keep me"
        assert "does not exist" in one_line_error(admin(db_url, "backup", "/no/such/dir/b"))
        backup = tmp_path / "good.backup"
        ok(admin(db_url, "backup", str(backup)))
        line = one_line_error(admin(db_url, "restore", str(backup)))  # into itself: not empty
        assert "not empty" in line
        junk = tmp_path / "junk.backup"
        junk.write_bytes(b"\x00garbage" * 100)
        fresh = f"sqlite:///{tmp_path / 'fresh.db'}" if not server.manager.db.shared else None
        if fresh is not None:
            assert "not a SQLite backup" in one_line_error(admin(fresh, "restore", str(junk)))
            assert "no database at" in one_line_error(admin(fresh, "stats"))
            assert (
                not (tmp_path / "fresh.db").exists() or (tmp_path / "fresh.db").stat().st_size == 0
            )
        assert stats(server.manager.db) == before
        assert HTTP.get(f"{server.base}/api/tables/{playing}").status_code == 200
    finally:
        server.stop()


def test_postgresql_without_its_client_tools_says_so(pg_url: str, tmp_path: Path) -> None:
    bare = tmp_path / "bin"
    bare.mkdir()
    os.symlink(sys.executable, bare / "python")  # a PATH with no pg_dump on it
    env = {"PATH": str(bare)}
    line = one_line_error(admin(pg_url, "backup", str(tmp_path / "b"), env=env))
    assert "pg_dump is not installed" in line and not (tmp_path / "b").exists()
    assert shutil.which("pg_dump") is not None  # the other tests had it
