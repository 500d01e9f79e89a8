"""Ratings in SQL: a rated game's Glicko-2 update, applied inside the archive's transaction.

`rate_archived_game` runs in the transaction that inserts the game
(server/players/store_sql/archive.py),
so the ratings change exactly when the game is archived: once. It reads both players' rows
with row locks (`SELECT ... FOR UPDATE` on PostgreSQL, in player-id order so two nodes rating
two games of the same players cannot deadlock; SQLite has one writer at a time anyway).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from ..glicko2 import PROVISIONAL_RD, Glicko, rate_game
from .players import insert_if_missing
from .schema import accounts, rating_history, ratings

LEADERBOARD_SIZE = 50
LEADERBOARD_RECENT_MS = 30 * 24 * 3600 * 1000  # rated a game in the last 30 days
HISTORY_POINTS = 500


async def _current(connection: AsyncConnection, player_id: str, variant: str,
                   now: int) -> Glicko:
    """The player's rating, its row locked (a newcomer's default row is created first)."""
    new = Glicko()
    await insert_if_missing(connection, ratings, player_id=player_id, variant=variant,
                            rating=new.rating, rd=new.rd, volatility=new.volatility, games=0,
                            updated_at=now)
    row = (await connection.execute(
        sa.select(ratings.c.rating, ratings.c.rd, ratings.c.volatility)
        .where(ratings.c.player_id == player_id, ratings.c.variant == variant)
        .with_for_update())).one()
    return Glicko(row.rating, row.rd, row.volatility)


async def _store(connection: AsyncConnection, player_id: str, variant: str, rating: Glicko,
                 game: dict[str, Any], now: int) -> None:
    await connection.execute(
        ratings.update().where(ratings.c.player_id == player_id, ratings.c.variant == variant)
        .values(games=ratings.c.games + 1, rating=rating.rating, rd=rating.rd,
                volatility=rating.volatility, updated_at=now))
    await connection.execute(rating_history.insert().values(
        player_id=player_id, variant=variant, game_id=game["id"], rating=rating.rating,
        rd=rating.rd, at=game["finished_at"]))


async def rate_archived_game(connection: AsyncConnection, entry: dict[str, Any],
                             now: int) -> dict[str, dict[str, int]] | None:
    """Apply a rated game's result to both players; returns the changes per seat, or None
    when a seat has no player (not a game between two accounts: left unrated)."""
    seats = {seat: (data or {}).get("player_id") for seat, data in entry["seats"].items()}
    if not all(seats.values()):
        return None
    variant = entry["variant"]
    before: dict[str, Glicko] = {}
    for seat in sorted(seats, key=lambda s: seats[s]):  # lock order: by player id
        before[seat] = await _current(connection, seats[seat], variant, now)
    first, second = before["1"], before["2"]
    after = dict(zip(("1", "2"), rate_game(first, second, entry["result"]["winner"]),
                     strict=True))
    changes = {}
    for seat, old in (("1", first), ("2", second)):
        await _store(connection, seats[seat], variant, after[seat], entry, now)
        changes[seat] = {"before": round(old.rating), "after": round(after[seat].rating),
                         "diff": round(after[seat].rating) - round(old.rating)}
    return changes


async def leaderboard(engine: AsyncEngine, variant: str, now: int,
                      limit: int = LEADERBOARD_SIZE) -> list[dict[str, Any]]:
    """The ratings of a variant among players active in the last 30 days: the established ones
    best first, then the provisional ones (marked, best first), so a new server's board is not
    empty until someone has played about 15 rated games, and no provisional rating ranks above
    an established one."""
    provisional = ratings.c.rd > PROVISIONAL_RD
    query = (sa.select(accounts.c.username, ratings.c.rating, ratings.c.rd, ratings.c.games,
                       provisional.label("provisional"))
             .join(accounts, accounts.c.player_id == ratings.c.player_id)
             .where(ratings.c.variant == variant, ratings.c.games > 0,
                    ratings.c.updated_at >= now - LEADERBOARD_RECENT_MS)
             .order_by(provisional, ratings.c.rating.desc(), accounts.c.username).limit(limit))
    async with engine.connect() as connection:
        rows = (await connection.execute(query)).all()
    return [{"username": row.username, "rating": round(row.rating), "rd": round(row.rd),
             "games": row.games, "provisional": bool(row.provisional)} for row in rows]


async def rating_history_of(connection: AsyncConnection,
                            player_id: str) -> dict[str, list[list[int]]]:
    """Per variant, the last HISTORY_POINTS ratings as [at, rating], oldest first."""
    query = (sa.select(rating_history.c.variant, rating_history.c.at, rating_history.c.rating)
             .where(rating_history.c.player_id == player_id)
             .order_by(rating_history.c.at.desc(), rating_history.c.id.desc())
             .limit(HISTORY_POINTS * 4))
    rows = (await connection.execute(query)).all()
    history: dict[str, list[list[int]]] = {}
    for row in reversed(rows):
        history.setdefault(row.variant, []).append([row.at, round(row.rating)])
    return {variant: points[-HISTORY_POINTS:] for variant, points in history.items()}
