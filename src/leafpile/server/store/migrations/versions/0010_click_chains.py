"""One click, one take-back: each action says whether it continues its player's previous
action as part of the same submission (one click of a person that sends several decisions),
so an Undo takes the whole click back.

Revision ID: 0010_click_chains
Revises: 0009_chat
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_click_chains"
down_revision = "0009_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (plain ALTER TABLE: on SQLite a batch rebuild would cascade to the tables' children)
    op.add_column(
        "actions", sa.Column("joins", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("actions", "joins")  # SQLite 3.35+ drops a column in place
