"""Private tables, clocks (their rule and their state), the bot that stands in for a person
who leaves or runs out of time, and who played each action when it was not the seat's own
player.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (SQLite has it): a batch operation would copy `tables` into a new
    # table and drop the old one, and the drop cascades to every table's seats and actions.
    op.add_column(
        "tables", sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("tables", sa.Column("clock", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("clock_state", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("replacement", sa.String(40), nullable=True))
    op.add_column("tables", sa.Column("host_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("stand_in", sa.String(40), nullable=True))
    op.add_column("actions", sa.Column("played_by", sa.String(48), nullable=True))


def downgrade() -> None:
    # (on SQLite, recreating `tables` cascades to its children: downgrade a copy, or PostgreSQL)
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("played_by")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("stand_in")
    with op.batch_alter_table("tables") as batch:
        for column in ("host_hash", "replacement", "clock_state", "clock", "private"):
            batch.drop_column(column)
