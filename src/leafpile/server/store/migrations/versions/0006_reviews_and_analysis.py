"""Analysis tables (a table that starts from a stored state, exploring another table) and
the bot's finished reviews of a table, one per setting.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (plain ALTER TABLE: on SQLite a batch rebuild of `tables` would cascade to its children)
    op.add_column("tables", sa.Column("start_state", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("analysis_of", sa.String(32), nullable=True))
    op.create_table(
        "reviews",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("setting", sa.String(64), primary_key=True),
        sa.Column("review", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
    op.drop_column("tables", "analysis_of")  # SQLite 3.35+ drops a column in place
    op.drop_column("tables", "start_state")
