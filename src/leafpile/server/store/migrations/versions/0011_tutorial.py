"""Tutorial tables: a flag on the table, whose moves then follow the game's tutorial script
(leafpile.tutorial) and which is never rated.

Revision ID: 0011_tutorial
Revises: 0010_click_chains
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_tutorial"
down_revision = "0010_click_chains"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tables",
        sa.Column("tutorial", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("tables", "tutorial")
