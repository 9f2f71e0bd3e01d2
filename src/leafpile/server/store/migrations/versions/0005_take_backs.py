"""Take-backs within a turn: each table's revision (take-backs so far), each action's revision
and whether its player may take it back, and the take-backs themselves with their log lines.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (plain ALTER TABLE: on SQLite a batch rebuild of `tables` would cascade to its children)
    op.add_column("tables", sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
    op.add_column("actions", sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
    op.add_column(
        "actions", sa.Column("undoable", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_table(
        "takebacks",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("revision", sa.Integer, primary_key=True),
        sa.Column("n", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("notation", sa.String(200), nullable=False),
        sa.Column("lines", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("takebacks")
    op.drop_column("actions", "undoable")  # SQLite 3.35+ drops a column in place
    op.drop_column("actions", "revision")
    op.drop_column("tables", "revision")
