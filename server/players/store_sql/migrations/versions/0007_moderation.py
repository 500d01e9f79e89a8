"""Moderation: reports of players, moderators, muted and closed accounts
(server/moderation/).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

ACCOUNT_COLUMNS = (("role", sa.String(16)), ("muted_at", sa.BigInteger),
                   ("closed_at", sa.BigInteger))


def upgrade() -> None:
    with op.batch_alter_table("accounts") as table:
        for name, kind in ACCOUNT_COLUMNS:
            table.add_column(sa.Column(name, kind, nullable=True))
    op.create_table(
        "reports",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
                  autoincrement=True),
        sa.Column("reporter_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("target_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("room_id", sa.String(32), nullable=True),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("handled_at", sa.BigInteger, nullable=True),
        sa.Column("handled_by", sa.String(32), nullable=True),
    )
    op.create_index("ix_reports_open", "reports", ["handled_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_reports_open", "reports")
    op.drop_table("reports")
    with op.batch_alter_table("accounts") as table:
        for name, _kind in reversed(ACCOUNT_COLUMNS):
            table.drop_column(name)
