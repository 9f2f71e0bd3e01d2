"""The health probes: live always answers; ready says whether the database answers at the
newest migration (and, with PostgreSQL, whether this process hears the others), fails while
the database is down and recovers when it is back. Neither is refused for its rate."""

from __future__ import annotations

import psycopg
from sqlalchemy import create_engine, text

from leafpile.server import RateLimit
from leafpile.server.store.db import normalise_url
from tests.patience import wait_until
from tests.server.helpers import HTTP
from tests.server.live import ThreadServer


def ready(server: ThreadServer) -> tuple[int, list[str]]:
    r = HTTP.get(server.base + "/healthz/ready")
    return r.status_code, r.json()["problems"]


def test_live_and_ready_answer(server: ThreadServer) -> None:
    r = HTTP.get(server.base + "/healthz/live")
    assert (r.status_code, r.json()) == (200, {"status": "live"})
    assert ready(server) == (200, [])


def test_ready_fails_while_the_schema_is_behind_then_recovers(server: ThreadServer) -> None:
    engine = create_engine(normalise_url(server.db_url))
    with engine.begin() as conn:
        head = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
        conn.execute(text("UPDATE alembic_version SET version_num = '0001'"))
    _status, problems = wait_until(lambda: (s := ready(server))[0] == 503 and s, "not ready")
    assert "schema at 0001" in problems[0] and head in problems[0]
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": head})
    wait_until(lambda: ready(server) == (200, []), "ready again")
    engine.dispose()


def test_ready_fails_while_the_database_is_down_then_recovers(pg_url: str) -> None:
    """The database refuses every connection (and drops the open ones, the listening one
    included): not ready, saying why; let back in, the server is ready again by itself."""
    server = ThreadServer(pg_url).start()
    base, _, name = pg_url.rpartition("/")
    try:
        assert ready(server) == (200, [])
        with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            _status, problems = wait_until(
                lambda: (s := ready(server))[0] == 503 and s, "not ready while the database is down"
            )
            assert problems[0].startswith("database: ")
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        wait_until(lambda: ready(server) == (200, []), "ready once the database is back")
    finally:
        server.stop()


def test_probes_are_never_refused_for_their_rate(tmp_path) -> None:
    """A client over its request rate is refused the API but never the probes."""
    server = ThreadServer(
        f"sqlite:///{tmp_path / 'leafpile.db'}", rate_limit=RateLimit(rate=0.001, burst=2)
    ).start()
    try:
        statuses = [HTTP.get(server.base + "/api/tables").status_code for _ in range(4)]
        assert 429 in statuses
        for _ in range(50):
            assert HTTP.get(server.base + "/healthz/live").status_code == 200
            assert HTTP.get(server.base + "/healthz/ready").status_code == 200
    finally:
        server.stop()


def test_the_probes_are_in_the_openapi_description(lite: ThreadServer) -> None:
    paths = HTTP.get(lite.base + "/api/openapi.json").json()["paths"]
    assert set(paths["/healthz/ready"]["get"]["responses"]) == {"200", "503"}
    assert "/healthz/live" in paths
