"""puzzles: the puzzles with their certificates and themes, players' attempts, puzzle ratings
(server/puzzles/), and the games in the order they were archived (the puzzle miner's cursor).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

PLAYER_ID = sa.String(32)
PUZZLE_ID = sa.String(16)


def upgrade() -> None:
    op.create_index("ix_games_archived", "games", ["archived_at", "id"])
    op.create_table(
        "puzzles",
        sa.Column("id", PUZZLE_ID, primary_key=True),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("goal", sa.String(8), nullable=False),
        sa.Column("moves", sa.JSON, nullable=False),
        sa.Column("line", sa.JSON, nullable=False),
        sa.Column("tree", sa.JSON, nullable=False),
        sa.Column("themes", sa.JSON, nullable=False),
        sa.Column("source", sa.JSON, nullable=False),
        sa.Column("game_id", sa.String(48), nullable=True),
        sa.Column("ply", sa.Integer, nullable=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("plays", sa.Integer, nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_puzzles_variant_rating", "puzzles", ["variant", "rating"])
    op.create_index("ix_puzzles_game", "puzzles", ["game_id"])
    op.create_table(
        "puzzle_themes",
        sa.Column("theme", sa.String(24), primary_key=True),
        sa.Column("puzzle_id", PUZZLE_ID, sa.ForeignKey("puzzles.id"), primary_key=True),
    )
    op.create_table(
        "puzzle_attempts",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
                  autoincrement=True),
        sa.Column("player_id", PLAYER_ID, nullable=False),
        sa.Column("puzzle_id", PUZZLE_ID, sa.ForeignKey("puzzles.id"), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("progress", sa.JSON, nullable=False),
        sa.Column("plies", sa.Integer, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=True),
        sa.Column("rating_after", sa.Float, nullable=True),
        sa.Column("started_at", sa.BigInteger, nullable=False),
        sa.Column("ended_at", sa.BigInteger, nullable=True),
        sa.UniqueConstraint("player_id", "puzzle_id", name="uq_puzzle_attempts_player_puzzle"),
    )
    op.create_index("ix_puzzle_attempts_player", "puzzle_attempts", ["player_id", "id"])
    op.create_table(
        "puzzle_ratings",
        sa.Column("player_id", PLAYER_ID, primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("puzzle_ratings")
    op.drop_index("ix_puzzle_attempts_player", "puzzle_attempts")
    op.drop_table("puzzle_attempts")
    op.drop_table("puzzle_themes")
    op.drop_index("ix_puzzles_game", "puzzles")
    op.drop_index("ix_puzzles_variant_rating", "puzzles")
    op.drop_table("puzzles")
    op.drop_index("ix_games_archived", "games")
