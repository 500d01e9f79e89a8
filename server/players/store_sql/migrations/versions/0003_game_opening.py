"""games.opening, games.opening_choices: the opening rule a game was played under and the
choices made in it (swap: the colour; swap2: the colour or "place_two", then the colour).

Games archived before keep the defaults: no opening rule, no choices (rooms had none then).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # With a server default, both SQLite and PostgreSQL add a NOT NULL column in place.
    op.add_column("games", sa.Column("opening", sa.String(16), nullable=False,
                                     server_default="none"))
    op.add_column("games", sa.Column("opening_choices", sa.JSON, nullable=False,
                                     server_default="[]"))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("opening_choices")
        games.drop_column("opening")
