"""game_analyses: a finished computer analysis of an archived game, kept with it for good
(before, analyses lived only in Redis for RECORD_TTL_S).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_analyses",
        sa.Column("game_id", sa.String(48), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("analysis", sa.JSON, nullable=False),
        sa.Column("engine_version", sa.Integer, nullable=False),
        sa.Column("search", sa.JSON, nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_analyses")
