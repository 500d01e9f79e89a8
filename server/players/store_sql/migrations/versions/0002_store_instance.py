"""store_meta: the database's own random id, which names its archive outbox in Redis.

Nodes that share this database share one outbox stream (archive:outbox:<id>); nodes of
another database, even on the same Redis, have their own and never archive into the wrong one.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    meta = op.create_table(
        "store_meta",
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(64), nullable=False),
    )
    op.bulk_insert(meta, [{"key": "instance", "value": secrets.token_hex(8)}])


def downgrade() -> None:
    op.drop_table("store_meta")
