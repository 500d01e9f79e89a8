"""Players, accounts, sessions, ratings, rating history and the game archive.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

PLAYER_ID = sa.String(32)
GAME_ID = sa.String(48)
VARIANT = sa.String(64)


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", PLAYER_ID, primary_key=True),
        sa.Column("name", sa.String(20), nullable=True),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "accounts",
        sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("username", sa.String(20), nullable=False),
        sa.Column("username_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_sessions_player_id", "sessions", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("variant", VARIANT, primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_ratings_variant_rating", "ratings", ["variant", "rating"])
    op.create_table(
        "games",
        sa.Column("id", GAME_ID, primary_key=True),
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("game_no", sa.Integer, nullable=False),
        sa.Column("variant", VARIANT, nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("moves", sa.JSON, nullable=False),
        sa.Column("move_times", sa.JSON, nullable=False),
        sa.Column("clock_config", sa.JSON, nullable=True),
        sa.Column("clock", sa.JSON, nullable=True),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("winner", sa.SmallInteger, nullable=True),
        sa.Column("termination", sa.String(16), nullable=False),
        sa.Column("rating_changes", sa.JSON, nullable=True),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("started_at", sa.BigInteger, nullable=True),
        sa.Column("finished_at", sa.BigInteger, nullable=False),
        sa.Column("archived_at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("variant", VARIANT, nullable=False),
        sa.Column("game_id", GAME_ID, sa.ForeignKey("games.id"), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_rating_history_player", "rating_history",
                    ["player_id", "variant", "at"])
    op.create_table(
        "game_players",
        sa.Column("game_id", GAME_ID, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.SmallInteger, primary_key=True),
        sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("variant", VARIANT, nullable=False),
        sa.Column("outcome", sa.String(1), nullable=False),
        sa.Column("finished_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_game_players_player", "game_players",
                    ["player_id", "finished_at", "game_id"])


def downgrade() -> None:
    for table in ("game_players", "rating_history", "games", "ratings", "sessions", "accounts",
                  "players"):
        op.drop_table(table)
