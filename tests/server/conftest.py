"""Server tests run against SQLite and against a real PostgreSQL server.

PostgreSQL: `make test` starts a throwaway cluster and sets LEAFPILE_TEST_PG to a URL of its
maintenance database; each test gets its own fresh database there. Under CI=true a missing
PostgreSQL fails loudly instead of skipping.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from tests.server.helpers import act, snapshot, two_humans
from tests.server.live import ThreadServer

PG_URL = os.environ.get("LEAFPILE_TEST_PG", "")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _pg_database() -> Iterator[str]:
    if not PG_URL:
        if IN_CI:
            pytest.fail("LEAFPILE_TEST_PG is not set: PostgreSQL tests cannot run in CI")
        pytest.skip("no PostgreSQL (set LEAFPILE_TEST_PG, as `make test` does)")
    import psycopg

    name = "lp_" + uuid.uuid4().hex[:12]
    admin = PG_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'leafpile.db'}"
    else:
        yield from _pg_database()


@pytest.fixture(
    params=[("sqlite", 1), ("postgresql", 1), ("postgresql", 2), ("postgresql", 3)],
    ids=["sqlite", "postgresql", "postgresql-2-workers", "postgresql-3-workers"],
)
def served_by(request: pytest.FixtureRequest, tmp_path) -> Iterator[tuple[str, list[str]]]:
    """A database and the `leafpile serve` options of its processes: one process on each
    database, and `--workers 2` and 3 on PostgreSQL (the only one they can share)."""
    kind, workers = request.param
    options = ["--workers", str(workers)] if workers > 1 else []
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'leafpile.db'}", options
    else:
        for url in _pg_database():
            yield url, options


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database (for what only PostgreSQL does: several processes)."""
    yield from _pg_database()


@pytest.fixture
def server(db_url: str) -> Iterator[ThreadServer]:
    srv = ThreadServer(db_url).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def lite(tmp_path) -> Iterator[ThreadServer]:
    """A server on SQLite only, for checks that do not depend on the database."""
    srv = ThreadServer(f"sqlite:///{tmp_path / 'leafpile.db'}").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def running(server):
    """A two-human table after one action: seat 1 must choose the colours."""
    table, tok_a, tok_b = two_humans(server)
    snap = snapshot(server, table, tok_a)
    assert act(server, table, tok_a, 0, snap["legal"][0]).status_code == 200
    return server, table, tok_a, tok_b
