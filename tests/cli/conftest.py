"""The server tests' databases (SQLite and a fresh PostgreSQL one) for `leafpile admin`."""

from tests.server.conftest import db_url, pg_url  # noqa: F401 (fixtures)
