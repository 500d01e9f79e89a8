"""tournaments: arenas, Swiss and round robins, their players' places and their pairings
(server/tournaments/).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

PLAYER_ID = sa.String(32)


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("starts_at", sa.BigInteger, nullable=False),
        sa.Column("created_by", PLAYER_ID, nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("finished_at", sa.BigInteger, nullable=True),
        sa.Column("terms", sa.JSON, nullable=False),
        sa.Column("record", sa.JSON, nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status", "starts_at"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"),
                  primary_key=True),
        sa.Column("player_id", PLAYER_ID, primary_key=True),
        sa.Column("username", sa.String(20), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("tiebreaks", sa.JSON, nullable=False),
    )
    op.create_index("ix_tournament_players_player", "tournament_players", ["player_id"])
    op.create_table(
        "tournament_games",
        sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"),
                  primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("room_id", sa.String(32), nullable=True),
        sa.Column("first_id", PLAYER_ID, nullable=False),
        sa.Column("second_id", PLAYER_ID, nullable=True),
        sa.Column("result", sa.String(8), nullable=True),
        sa.Column("ended_at", sa.BigInteger, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("tournament_games")
    op.drop_index("ix_tournament_players_player", "tournament_players")
    op.drop_table("tournament_players")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")
