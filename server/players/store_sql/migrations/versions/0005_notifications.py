"""notifications: what happened to a player while they looked elsewhere, with its read state
(server/notifications/).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notifications",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
                  autoincrement=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("ref", sa.String(64), nullable=True),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("read_at", sa.BigInteger, nullable=True),
    )
    op.create_index("ix_notifications_player", "notifications", ["player_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_notifications_player", "notifications")
    op.drop_table("notifications")
