"""Storing the bot's finished reviews (the storage of `analysis.reviews`): one row per table
and setting, written whole in one transaction, so a cancelled review leaves nothing."""

from __future__ import annotations

import logging
import time

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from leafpile.server.store.db import Database
from leafpile.server.store.schema import reviews

log = logging.getLogger("leafpile.server")


def load_review(db: Database, table_id: str, setting: str) -> str | None:
    """A finished review of the table (JSON), or None."""
    with db.engine.connect() as conn:
        row = conn.execute(
            select(reviews.c.review).where(
                reviews.c.table_id == table_id, reviews.c.setting == setting
            )
        ).first()
    return None if row is None else str(row.review)


def store_review(db: Database, table_id: str, setting: str, review: str) -> None:
    """Keep a whole review. A review another process stored first is kept (both are
    reviews of the same record)."""
    try:
        with db.engine.begin() as conn:
            conn.execute(
                reviews.insert().values(
                    table_id=table_id, setting=setting, review=review, created_at=time.time()
                )
            )
    except IntegrityError:
        log.info("table %s already has a review %r", table_id, setting)


def replace_review(db: Database, table_id: str, setting: str, review: str) -> None:
    """Store a review in the place of a damaged one (in one transaction)."""
    with db.engine.begin() as conn:
        conn.execute(
            reviews.delete().where(reviews.c.table_id == table_id, reviews.c.setting == setting)
        )
        conn.execute(
            reviews.insert().values(
                table_id=table_id, setting=setting, review=review, created_at=time.time()
            )
        )
