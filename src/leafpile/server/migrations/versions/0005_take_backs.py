"""Take-backs within a turn: each table's revision (take-backs so far), each action's revision
and whether its player may take it back, and the take-backs themselves with their log lines.

Revision ID: 0005
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(
            sa.Column("undoable", sa.Boolean, nullable=False, server_default=sa.false())
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
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("undoable")
        batch.drop_column("revision")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("revision")
