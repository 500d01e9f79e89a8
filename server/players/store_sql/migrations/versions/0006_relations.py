"""follows, blocks: who follows whom and who blocks whom, between accounts
(server/relations/).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

PAIRS = {"follows": ("follower_id", "followed_id"), "blocks": ("blocker_id", "blocked_id")}


def upgrade() -> None:
    for table, (who, whom) in PAIRS.items():
        op.create_table(
            table,
            sa.Column(who, sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
            sa.Column(whom, sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
            sa.Column("created_at", sa.BigInteger, nullable=False),
        )
        op.create_index(f"ix_{table}_{whom.removesuffix('_id')}", table, [whom])


def downgrade() -> None:
    for table, (_who, whom) in PAIRS.items():
        op.drop_index(f"ix_{table}_{whom.removesuffix('_id')}", table)
        op.drop_table(table)
