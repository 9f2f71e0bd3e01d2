"""Chat at the tables: the messages (a quick phrase by its id, or text), the reports of
them for the operator, and each table's chat settings (on or off; spectators may write).

Revision ID: 0009_chat
Revises: 0008_look_alike_names
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_chat"
down_revision = "0008_look_alike_names"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=True),
        sa.Column("phrase", sa.String(32), nullable=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("removed", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_chat_messages_table", "chat_messages", ["table_id", "id"])
    op.create_table(
        "chat_reports",
        sa.Column(
            "message_id",
            sa.Integer,
            sa.ForeignKey("chat_messages.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("reporter", sa.String(80), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_settings",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("enabled", sa.Boolean, nullable=False),
        sa.Column("spectators", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_settings")
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_messages_table", table_name="chat_messages")
    op.drop_table("chat_messages")
