"""The tables, as SQLAlchemy Core metadata: what queries are written against.

The migrations in `migrations/versions/` create exactly this (a test compares the migrated
database with this metadata). Times are epoch milliseconds (BIGINT), as everywhere else in the
server. Player ids are the public half of an identity (server/http/identity.py): 24 hex characters.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

PLAYER_ID = sa.String(32)
GAME_ID = sa.String(48)
VARIANT = sa.String(64)

players = sa.Table(
    "players", metadata,
    sa.Column("id", PLAYER_ID, primary_key=True),
    sa.Column("name", sa.String(20), nullable=True),       # the name last typed
    sa.Column("created_at", sa.BigInteger, nullable=False),
)

accounts = sa.Table(
    "accounts", metadata,
    sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("username", sa.String(20), nullable=False),  # as registered (display case)
    # Lower case: usernames are unique case-insensitively on both databases.
    sa.Column("username_key", sa.String(20), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    # Moderation (migration 0007; server/moderation/): `moderator` or null; when the account
    # was muted (no chat) or closed (no login), null while it is not.
    sa.Column("role", sa.String(16), nullable=True),
    sa.Column("muted_at", sa.BigInteger, nullable=True),
    sa.Column("closed_at", sa.BigInteger, nullable=True),
)

sessions = sa.Table(
    "sessions", metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),  # sha256 of the cookie's token
    sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), nullable=False,
              index=True),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Column("expires_at", sa.BigInteger, nullable=False),
)

ratings = sa.Table(
    "ratings", metadata,
    sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("variant", VARIANT, primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.BigInteger, nullable=False),
    sa.Index("ix_ratings_variant_rating", "variant", "rating"),
)

rating_history = sa.Table(
    "rating_history", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("variant", VARIANT, nullable=False),
    sa.Column("game_id", GAME_ID, sa.ForeignKey("games.id"), nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("at", sa.BigInteger, nullable=False),
    sa.Index("ix_rating_history_player", "player_id", "variant", "at"),
)

games = sa.Table(
    "games", metadata,
    sa.Column("id", GAME_ID, primary_key=True),  # "<room_id>-<game_no>": unique, idempotency key
    sa.Column("room_id", sa.String(32), nullable=False),
    sa.Column("game_no", sa.Integer, nullable=False),
    sa.Column("variant", VARIANT, nullable=False),
    sa.Column("mode", sa.String(16), nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("players", sa.JSON, nullable=False),      # {"1": {...}, "2": {...}}
    sa.Column("moves", sa.JSON, nullable=False),        # ["h8", ...]
    sa.Column("move_times", sa.JSON, nullable=False),   # epoch ms each move was played
    sa.Column("clock_config", sa.JSON, nullable=True),
    sa.Column("clock", sa.JSON, nullable=True),         # the clock as the game ended
    sa.Column("result", sa.JSON, nullable=False),
    sa.Column("winner", sa.SmallInteger, nullable=True),
    sa.Column("termination", sa.String(16), nullable=False),
    sa.Column("rating_changes", sa.JSON, nullable=True),  # {"1": {before, after, diff}, ...}
    # The opening rule (server/rooms/opening.py) and the choices made in it, in order
    # (swap2: ["place_two", "white"]); games archived before migration 0003: "none", [].
    sa.Column("opening", sa.String(16), nullable=False, server_default="none"),
    sa.Column("opening_choices", sa.JSON, nullable=False, server_default="[]"),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Column("started_at", sa.BigInteger, nullable=True),
    sa.Column("finished_at", sa.BigInteger, nullable=False),
    sa.Column("archived_at", sa.BigInteger, nullable=False),
    # The puzzle miner reads games in the order they were archived (migration 0008).
    sa.Index("ix_games_archived", "archived_at", "id"),
)

# One row per (game, human seat with an identity): a player's games, newest first, by index.
game_players = sa.Table(
    "game_players", metadata,
    sa.Column("game_id", GAME_ID, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.SmallInteger, primary_key=True),
    sa.Column("player_id", PLAYER_ID, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("variant", VARIANT, nullable=False),
    sa.Column("outcome", sa.String(1), nullable=False),  # w / d / l, from this seat's side
    sa.Column("finished_at", sa.BigInteger, nullable=False),
    sa.Index("ix_game_players_player", "player_id", "finished_at", "game_id"),
)

# Facts about the database itself; `instance` is its random id (migration 0002).
store_meta = sa.Table(
    "store_meta", metadata,
    sa.Column("key", sa.String(32), primary_key=True),
    sa.Column("value", sa.String(64), nullable=False),
)

# A finished computer analysis of an archived game, kept with it for good (migration 0004;
# server/players/store_sql/analyses.py). `engine_version` is engine.review.REVIEW_VERSION when it
# was made: an analysis by an older engine is made again on request; `search` the per-position
# budget it had ({"nodes", "ms"}).
game_analyses = sa.Table(
    "game_analyses", metadata,
    sa.Column("game_id", GAME_ID, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("analysis", sa.JSON, nullable=False),  # GET /api/games/{id}/analysis's document
    sa.Column("engine_version", sa.Integer, nullable=False),
    sa.Column("search", sa.JSON, nullable=False),
    sa.Column("created_at", sa.BigInteger, nullable=False),
)

# What happened to a player while they looked elsewhere (migration 0005;
# server/notifications/store.py): one row per notification, newest by `id`. `ref` names what
# it is about (`challenge:<id>`), so acting on it elsewhere can mark it read. No foreign key
# to players: an anonymous identity gets notifications before the archive knows it.
notifications = sa.Table(
    "notifications", metadata,
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
              autoincrement=True),
    sa.Column("player_id", PLAYER_ID, nullable=False),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("ref", sa.String(64), nullable=True),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Column("read_at", sa.BigInteger, nullable=True),
    sa.Index("ix_notifications_player", "player_id", "id"),
)

# Who follows whom, and who blocks whom (migration 0006; server/relations/store.py): both
# between accounts, one row per pair; the second index answers "who follows / blocks me".
follows = sa.Table(
    "follows", metadata,
    sa.Column("follower_id", PLAYER_ID, sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("followed_id", PLAYER_ID, sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Index("ix_follows_followed", "followed_id"),
)

blocks = sa.Table(
    "blocks", metadata,
    sa.Column("blocker_id", PLAYER_ID, sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("blocked_id", PLAYER_ID, sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Index("ix_blocks_blocked", "blocked_id"),
)

# A player's report of another account, for the moderators (migration 0007;
# server/moderation/store.py): open until a moderator marks it handled.
reports = sa.Table(
    "reports", metadata,
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
              autoincrement=True),
    sa.Column("reporter_id", PLAYER_ID, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("target_id", PLAYER_ID, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("reason", sa.String(16), nullable=False),
    sa.Column("text", sa.String(500), nullable=False),
    sa.Column("room_id", sa.String(32), nullable=True),  # the game it is about, if any
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Column("handled_at", sa.BigInteger, nullable=True),
    sa.Column("handled_by", PLAYER_ID, nullable=True),
    sa.Index("ix_reports_open", "handled_at", "id"),
)

# Tournaments (migration 0009; server/tournaments/archive.py): one row each from its creation
# (the listing reads `status` and `starts_at`), and once it has finished, its final record
# (players, games, standings) in `record`, its players' places and every game it paired.
tournaments = sa.Table(
    "tournaments", metadata,
    sa.Column("id", sa.String(16), primary_key=True),
    sa.Column("format", sa.String(16), nullable=False),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("variant", VARIANT, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("starts_at", sa.BigInteger, nullable=False),
    sa.Column("created_by", PLAYER_ID, nullable=False),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Column("finished_at", sa.BigInteger, nullable=True),
    sa.Column("terms", sa.JSON, nullable=False),
    sa.Column("record", sa.JSON, nullable=True),
    sa.Index("ix_tournaments_status", "status", "starts_at"),
)

tournament_players = sa.Table(
    "tournament_players", metadata,
    sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"),
              primary_key=True),
    sa.Column("player_id", PLAYER_ID, primary_key=True),
    sa.Column("username", sa.String(20), nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("tiebreaks", sa.JSON, nullable=False),
    sa.Index("ix_tournament_players_player", "player_id"),
)

# A pairing; the game itself is in `games` as "<room_id>-1" (null room: a bye).
tournament_games = sa.Table(
    "tournament_games", metadata,
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

# Puzzles (migration 0008; server/puzzles/): each a position with its proof certificate, cut
# from self-play (the shipped set, engine/data/puzzles/) or from an archived game (`game_id`,
# `ply`: the position after that many moves). Ratings are Glicko-2, the puzzle's own moved
# by every first attempt; `plays` is its version (attempts rated against it).
PUZZLE_ID = sa.String(16)
puzzles = sa.Table(
    "puzzles", metadata,
    sa.Column("id", PUZZLE_ID, primary_key=True),    # engine.puzzles.puzzle.position_id
    sa.Column("variant", VARIANT, nullable=False),
    sa.Column("goal", sa.String(8), nullable=False),  # win / defend
    sa.Column("moves", sa.JSON, nullable=False),      # the position, from the empty board
    sa.Column("line", sa.JSON, nullable=False),       # what the player plays, with replies
    sa.Column("tree", sa.JSON, nullable=False),       # the certificate (engine.puzzles.proof)
    sa.Column("themes", sa.JSON, nullable=False),
    sa.Column("source", sa.JSON, nullable=False),
    sa.Column("game_id", GAME_ID, nullable=True),
    sa.Column("ply", sa.Integer, nullable=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("plays", sa.Integer, nullable=False),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Index("ix_puzzles_variant_rating", "variant", "rating"),
    sa.Index("ix_puzzles_game", "game_id"),
)

# One row per theme of a puzzle, so a theme filter is an indexed join.
puzzle_themes = sa.Table(
    "puzzle_themes", metadata,
    sa.Column("theme", sa.String(24), primary_key=True),
    sa.Column("puzzle_id", PUZZLE_ID, sa.ForeignKey("puzzles.id"), primary_key=True),
)

# A player's one attempt at a puzzle (unique: a puzzle is never rated twice for a player).
# `progress` is the moves played so far, the player's and the replies; `status` moves from
# open to solved or failed once, by a conditional update (the transition every node races
# for). No foreign key to players: anonymous identities solve puzzles too.
puzzle_attempts = sa.Table(
    "puzzle_attempts", metadata,
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
              autoincrement=True),
    sa.Column("player_id", PLAYER_ID, nullable=False),
    sa.Column("puzzle_id", PUZZLE_ID, sa.ForeignKey("puzzles.id"), nullable=False),
    sa.Column("status", sa.String(8), nullable=False),
    sa.Column("progress", sa.JSON, nullable=False),
    sa.Column("plies", sa.Integer, nullable=False),    # len(progress): the row's version
    sa.Column("rating_before", sa.Float, nullable=True),
    sa.Column("rating_after", sa.Float, nullable=True),
    sa.Column("started_at", sa.BigInteger, nullable=False),
    sa.Column("ended_at", sa.BigInteger, nullable=True),
    sa.UniqueConstraint("player_id", "puzzle_id", name="uq_puzzle_attempts_player_puzzle"),
    sa.Index("ix_puzzle_attempts_player", "player_id", "id"),
)

# Each player's (account or anonymous identity) puzzle rating; `attempts` is its version.
puzzle_ratings = sa.Table(
    "puzzle_ratings", metadata,
    sa.Column("player_id", PLAYER_ID, primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.BigInteger, nullable=False),
)
