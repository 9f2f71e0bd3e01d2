"""The server tests' fresh PostgreSQL database, for the deployment tests."""

from tests.server.conftest import pg_url  # noqa: F401 (a fixture)
