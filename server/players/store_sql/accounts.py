"""Accounts and their sessions in SQL: shared by every node, kept across restarts.

Only hashes are stored: the password's argon2id hash (server/http/accounts.py makes it) and the
SHA-256 of each session token.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from .players import ensure_player
from .schema import accounts, sessions


class UsernameTaken(Exception):
    """Another account has this username, in any case."""


@dataclass(slots=True, frozen=True)
class Account:
    player_id: str
    username: str
    password_hash: str
    closed: bool = False  # closed by a moderator (server/moderation/): no login, no session


async def create_account(engine: AsyncEngine, player_id: str, username: str,
                         password_hash: str, now: int) -> None:
    """A new account on the player `player_id` (an anonymous identity becomes the account,
    with its games). Raises UsernameTaken."""
    try:
        async with engine.begin() as connection:
            await ensure_player(connection, player_id, None, now)
            await connection.execute(accounts.insert().values(
                player_id=player_id, username=username, username_key=username.lower(),
                password_hash=password_hash, created_at=now))
    except IntegrityError:
        raise UsernameTaken(username) from None


async def has_account(engine: AsyncEngine, player_id: str) -> bool:
    async with engine.connect() as connection:
        row = await connection.execute(
            sa.select(accounts.c.player_id).where(accounts.c.player_id == player_id))
        return row.first() is not None


async def find_account(engine: AsyncEngine, username: str) -> Account | None:
    async with engine.connect() as connection:
        row = (await connection.execute(
            sa.select(accounts.c.player_id, accounts.c.username, accounts.c.password_hash,
                      accounts.c.closed_at)
            .where(accounts.c.username_key == username.lower()))).first()
    return None if row is None else Account(row.player_id, row.username, row.password_hash,
                                            row.closed_at is not None)


async def set_password(engine: AsyncEngine, player_id: str, password_hash: str,
                       keep_session: str) -> None:
    """A new password; every other session of the account ends (a thief's too)."""
    async with engine.begin() as connection:
        await connection.execute(accounts.update().where(accounts.c.player_id == player_id)
                                 .values(password_hash=password_hash))
        await connection.execute(sessions.delete().where(
            sessions.c.player_id == player_id, sessions.c.token_hash != keep_session))


async def open_session(engine: AsyncEngine, token_hash: str, player_id: str, now: int,
                       lifetime_ms: int) -> None:
    async with engine.begin() as connection:
        await connection.execute(sessions.insert().values(
            token_hash=token_hash, player_id=player_id, created_at=now,
            expires_at=now + lifetime_ms))


async def session_account(engine: AsyncEngine, token_hash: str, now: int) -> Account | None:
    """The account of a live session, or None (unknown or expired)."""
    async with engine.connect() as connection:
        row = (await connection.execute(
            sa.select(accounts.c.player_id, accounts.c.username, accounts.c.password_hash)
            .join(sessions, sessions.c.player_id == accounts.c.player_id)
            .where(sessions.c.token_hash == token_hash, sessions.c.expires_at > now,
                   accounts.c.closed_at.is_(None)))).first()
    return None if row is None else Account(row.player_id, row.username, row.password_hash)


async def close_session(engine: AsyncEngine, token_hash: str) -> None:
    async with engine.begin() as connection:
        await connection.execute(sessions.delete().where(sessions.c.token_hash == token_hash))
