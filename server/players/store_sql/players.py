"""Players as the SQL store knows them: identity, name, account and ratings per variant."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from ...rooms.commands import Standing
from ..glicko2 import DEFAULT_RATING, PROVISIONAL_RD
from .schema import accounts, game_players, players, ratings


@dataclass(slots=True, frozen=True)
class Rating:
    rating: float
    rd: float
    volatility: float
    games: int

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD

    def to_public(self) -> dict[str, float | int | bool]:
        return {"rating": round(self.rating), "rd": round(self.rd), "games": self.games,
                "provisional": self.provisional}


NEWCOMER = Standing(round(DEFAULT_RATING), True)  # a variant the account has not played rated


def standing(rating: Rating | None) -> Standing:
    """A rating as a seat shows it (None: the newcomer's)."""
    return NEWCOMER if rating is None else Standing(round(rating.rating), rating.provisional)


@dataclass(slots=True, frozen=True)
class PlayerRecord:
    player_id: str
    name: str | None
    username: str | None
    ratings: dict[str, Rating] = field(default_factory=dict)


async def insert_if_missing(connection: AsyncConnection, table: sa.Table,
                            **values: Any) -> None:
    """INSERT ... ON CONFLICT DO NOTHING, on PostgreSQL and SQLite alike: two nodes creating
    the same row at once both succeed, and one row exists."""
    insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert
    await connection.execute(insert(table).values(**values).on_conflict_do_nothing())


async def ensure_player(connection: AsyncConnection, player_id: str, name: str | None,
                        now: int) -> None:
    """Create the player's row if it is new; a name given replaces the one kept."""
    await insert_if_missing(connection, players, id=player_id, name=name, created_at=now)
    if name is not None:
        await connection.execute(
            players.update().where(players.c.id == player_id).values(name=name))


async def player_ratings(connection: AsyncConnection, player_id: str) -> dict[str, Rating]:
    rows = await connection.execute(
        sa.select(ratings.c.variant, ratings.c.rating, ratings.c.rd, ratings.c.volatility,
                  ratings.c.games).where(ratings.c.player_id == player_id))
    return {row.variant: Rating(row.rating, row.rd, row.volatility, row.games) for row in rows}


async def ratings_of(engine: AsyncEngine, player_id: str) -> dict[str, Rating]:
    """The player's current rating per variant it has played rated."""
    async with engine.connect() as connection:
        return await player_ratings(connection, player_id)


async def find_player(engine: AsyncEngine, player_id: str) -> PlayerRecord | None:
    async with engine.connect() as connection:
        row = (await connection.execute(
            sa.select(players.c.id, players.c.name, accounts.c.username)
            .select_from(players.outerjoin(accounts, accounts.c.player_id == players.c.id))
            .where(players.c.id == player_id))).first()
        if row is None:
            return None
        return PlayerRecord(row.id, row.name, row.username,
                            await player_ratings(connection, player_id))


async def account_player_id(engine: AsyncEngine, username: str) -> str | None:
    """The player id of the account named `username` (any case), or None."""
    async with engine.connect() as connection:
        row = (await connection.execute(
            sa.select(accounts.c.player_id)
            .where(accounts.c.username_key == username.lower()))).first()
    return None if row is None else row.player_id


async def game_record_counts(connection: AsyncConnection, player_id: str) -> dict[str, int]:
    """The player's wins, draws and losses over every archived game."""
    rows = await connection.execute(
        sa.select(game_players.c.outcome, sa.func.count())
        .where(game_players.c.player_id == player_id).group_by(game_players.c.outcome))
    counts = dict(rows.all())
    return {"wins": counts.get("w", 0), "draws": counts.get("d", 0),
            "losses": counts.get("l", 0)}
