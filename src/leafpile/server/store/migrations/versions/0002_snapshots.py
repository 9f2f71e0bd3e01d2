"""Each action's log lines as every audience reads them, and a snapshot of each table's state
now and then, so start-up replays no history (the action log stays the source of truth).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("lines", sa.Text, nullable=True))
    op.create_table(
        "snapshots",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_tables_created_at", "tables", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_tables_created_at", "tables")
    op.drop_table("snapshots")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("lines")
