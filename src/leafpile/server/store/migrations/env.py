"""Alembic environment: the server passes its open connection in `config.attributes`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from leafpile.server.store.db import normalise_url
from leafpile.server.store.schema import metadata

config = context.config
target_metadata = metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set sqlalchemy.url or pass a connection")
    engine = create_engine(normalise_url(url))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
