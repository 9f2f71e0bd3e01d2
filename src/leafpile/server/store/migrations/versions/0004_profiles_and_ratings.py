"""Players across tables (profiles, each browser's key), the seat's profile, whether a table
is rated, and the Glicko-2 ratings per game with their history.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN, never a batch copy: on SQLite a batch drops and recreates the table,
    # and dropping `tables` would delete every seat, action and snapshot (ON DELETE CASCADE)
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("seats", sa.Column("player", sa.String(32), nullable=True))
    op.create_table(
        "profiles",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "profile_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id", ondelete="CASCADE")),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_profile_keys_profile_id", "profile_keys", ["profile_id"])
    op.create_index("ix_seats_player", "seats", ["player"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("player", sa.String(48), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game_rating", "ratings", ["game", "rating"])
    op.create_table(
        "rating_history",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("player", sa.String(48), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_history_player", "rating_history", ["player", "game", "at"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_player", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_game_rating", "ratings")
    op.drop_table("ratings")
    op.drop_index("ix_seats_player", "seats")
    op.drop_index("ix_profile_keys_profile_id", "profile_keys")
    op.drop_table("profile_keys")
    op.drop_table("profiles")
    op.drop_column("seats", "player")  # SQLite 3.35+ drops a column in place
    op.drop_column("tables", "rated")
