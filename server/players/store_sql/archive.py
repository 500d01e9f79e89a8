"""The game archive: finished games for good, written once each, read by id or by player.

`archive_game` is idempotent on the game id: the outbox (server/players/archive.py) may deliver a
game more than once (a node died after writing, before acknowledging), and the second delivery finds
the game archived and changes nothing. Everything one game changes (its row, its players' rows,
and, for a rated game, the ratings: server/players/store_sql/rating_store.py) is one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from engine.variants import get_variant

from .players import ensure_player, game_record_counts, player_ratings
from .rating_store import rate_archived_game, rating_history_of
from .schema import accounts, game_players, games

PAGE_SIZE = 20
MAX_PAGE_SIZE = 100


def outcome(winner: int | None, seat: int) -> str:
    """`w`, `d` or `l`, as seen from `seat`."""
    return "d" if winner is None else "w" if winner == seat else "l"


def seat_players(entry: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The seats that have a player identity (humans who had the cookie or an account)."""
    return {int(seat): data for seat, data in entry["seats"].items()
            if data is not None and data.get("player_id")}


async def is_archived(connection: AsyncConnection, game_id: str) -> bool:
    row = await connection.execute(sa.select(games.c.id).where(games.c.id == game_id))
    return row.first() is not None


async def archive_game(engine: AsyncEngine, entry: dict[str, Any], now: int) -> bool:
    """Archive one finished game (an outbox entry), and apply a rated game's rating changes
    in the same transaction; False when it was archived already."""
    try:
        async with engine.begin() as connection:
            if await is_archived(connection, entry["id"]):
                return False
            players = seat_players(entry)
            for data in players.values():
                await ensure_player(connection, data["player_id"], data.get("name"), now)
            await connection.execute(games.insert().values(
                id=entry["id"], room_id=entry["room_id"], game_no=entry["game_no"],
                variant=entry["variant"], mode=entry["mode"], rated=entry["rated"],
                players=entry["seats"], moves=entry["moves"], move_times=entry["move_times"],
                clock_config=entry["clock_config"], clock=entry["clock"],
                result=entry["result"], winner=entry["result"]["winner"],
                termination=entry["result"]["reason"], rating_changes=None,
                # Entries queued by a node from before openings were archived have neither.
                opening=entry.get("opening", "none"),
                opening_choices=entry.get("opening_choices", []),
                created_at=entry["created_at"], started_at=entry["started_at"],
                finished_at=entry["finished_at"], archived_at=now))
            if players:
                await connection.execute(game_players.insert(), [
                    {"game_id": entry["id"], "seat": seat, "player_id": data["player_id"],
                     "variant": entry["variant"], "finished_at": entry["finished_at"],
                     "outcome": outcome(entry["result"]["winner"], seat)}
                    for seat, data in players.items()])
            if entry["rated"]:
                changes = await rate_archived_game(connection, entry, now)
                await connection.execute(games.update().where(games.c.id == entry["id"])
                                         .values(rating_changes=changes))
            return True
    except IntegrityError:
        # Another node archived the same game between our check and our insert.
        async with engine.connect() as connection:
            if await is_archived(connection, entry["id"]):
                return False
        raise


def game_json(row: Any) -> dict[str, Any]:
    """The archived game as `GET /api/games/{id}` returns it (docs/protocol.md §2b)."""
    variant = get_variant(row.variant)
    return {
        "id": row.id, "room_id": row.room_id, "game_no": row.game_no, "variant": row.variant,
        "board": {"name": variant.name, "rows": variant.rows, "cols": variant.cols,
                  "k": variant.k, "gravity": variant.gravity, "rule": variant.rule.value},
        "mode": row.mode, "rated": row.rated, "players": public_players(row.players),
        "moves": row.moves,
        "move_times": row.move_times, "clock_config": row.clock_config, "clock": row.clock,
        "result": row.result, "termination": row.termination,
        "rating_changes": row.rating_changes, "opening": row.opening,
        "opening_choices": row.opening_choices, "created_at": row.created_at,
        "started_at": row.started_at, "finished_at": row.finished_at,
    }


# A game in a list (profile, "Your games"): who, what, how it ended; not the moves.
SUMMARY_COLUMNS = (games.c.id, games.c.variant, games.c.mode, games.c.rated, games.c.players,
                   games.c.result, games.c.termination, games.c.rating_changes,
                   games.c.finished_at)


def public_players(seats: dict[str, Any]) -> dict[str, Any]:
    """The seats without their player ids (identities are not published)."""
    return {seat: None if data is None else
            {key: value for key, value in data.items() if key != "player_id"}
            for seat, data in seats.items()}


def game_summary(row: Any) -> dict[str, Any]:
    return {"id": row.id, "variant": row.variant, "mode": row.mode, "rated": row.rated,
            "players": public_players(row.players), "result": row.result,
            "termination": row.termination, "rating_changes": row.rating_changes,
            "finished_at": row.finished_at, "seat": row.seat, "outcome": row.outcome}


async def find_game(engine: AsyncEngine, game_id: str) -> dict[str, Any] | None:
    async with engine.connect() as connection:
        row = (await connection.execute(sa.select(games).where(games.c.id == game_id))).first()
    return None if row is None else game_json(row)


@dataclass(slots=True, frozen=True)
class GamePage:
    games: list[dict[str, Any]]
    next_before: str | None  # the cursor for the next (older) page, None after the last


def parse_cursor(before: str | None) -> tuple[int, str] | None:
    """`<finished_at>.<game_id>` -> (finished_at, game_id); raises ValueError when malformed."""
    if before is None:
        return None
    at, _, game_id = before.partition(".")
    if not game_id:
        raise ValueError("a cursor is <finished_at>.<game_id>")
    return int(at), game_id


async def player_games(engine: AsyncEngine, player_id: str, before: str | None = None,
                       limit: int = PAGE_SIZE) -> GamePage:
    async with engine.connect() as connection:
        return await player_games_on(connection, player_id, before, limit)


async def player_games_on(connection: AsyncConnection, player_id: str,
                          before: str | None = None, limit: int = PAGE_SIZE) -> GamePage:
    """The player's games, newest first, `limit` per page; `before` is the previous page's
    `next_before` (keyset paging on the (player, finished_at, game) index: every page costs
    the same however deep)."""
    cursor = parse_cursor(before)
    query = (sa.select(*SUMMARY_COLUMNS, game_players.c.seat, game_players.c.outcome)
             .join(game_players, game_players.c.game_id == games.c.id)
             .where(game_players.c.player_id == player_id))
    if cursor is not None:
        query = query.where(sa.tuple_(game_players.c.finished_at, game_players.c.game_id)
                            < sa.tuple_(*cursor))
    query = query.order_by(game_players.c.finished_at.desc(),
                           game_players.c.game_id.desc()).limit(limit + 1)
    rows = (await connection.execute(query)).all()
    page = [game_summary(row) for row in rows[:limit]]
    last = rows[limit - 1] if len(rows) > limit else None
    return GamePage(page, None if last is None else f"{last.finished_at}.{last.id}")



async def profile(engine: AsyncEngine, username: str) -> dict[str, Any] | None:
    """Everything the profile page shows, on one connection (GET /api/players/{username})."""
    async with engine.connect() as connection:
        row = (await connection.execute(
            sa.select(accounts.c.player_id, accounts.c.username)
            .where(accounts.c.username_key == username.lower()))).first()
        if row is None:
            return None
        ratings = await player_ratings(connection, row.player_id)
        page = await player_games_on(connection, row.player_id)
        return {
            "username": row.username,
            "ratings": {variant: rating.to_public() for variant, rating in ratings.items()},
            "record": await game_record_counts(connection, row.player_id),
            "history": await rating_history_of(connection, row.player_id),
            "games": page.games, "next": page.next_before,
        }
