"""Profiles' look-alike keys: the sha256 of a name's TR39 confusable skeleton, unique, so
a name that reads like a taken one is refused. Older profiles get theirs filled in by the
server (`player_store.fill_look_alikes`), the oldest first.

Revision ID: 0008_look_alike_names
Revises: 0007_seat_notes
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_look_alike_names"
down_revision = "0007_seat_notes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("profiles", sa.Column("look_alike", sa.String(64), nullable=True))
    op.create_index("ix_profiles_look_alike", "profiles", ["look_alike"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_profiles_look_alike", table_name="profiles")
    op.drop_column("profiles", "look_alike")
