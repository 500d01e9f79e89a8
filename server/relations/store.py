"""Follows and blocks in SQL, between accounts (the `follows` and `blocks` tables).

Blocking someone also ends both follows between the two, in the same transaction.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from ..players.store_sql.players import insert_if_missing
from ..players.store_sql.schema import accounts, blocks, follows


async def follow(engine: AsyncEngine, follower: str, followed: str, now: int) -> None:
    async with engine.begin() as connection:
        await insert_if_missing(connection, follows, follower_id=follower,
                                followed_id=followed, created_at=now)


async def unfollow(engine: AsyncEngine, follower: str, followed: str) -> None:
    async with engine.begin() as connection:
        await connection.execute(follows.delete().where(
            follows.c.follower_id == follower, follows.c.followed_id == followed))


async def follow_count(engine: AsyncEngine, follower: str) -> int:
    async with engine.connect() as connection:
        return int(await connection.scalar(
            sa.select(sa.func.count()).select_from(follows)
            .where(follows.c.follower_id == follower)) or 0)


async def block(engine: AsyncEngine, blocker: str, blocked: str, now: int) -> None:
    async with engine.begin() as connection:
        await insert_if_missing(connection, blocks, blocker_id=blocker, blocked_id=blocked,
                                created_at=now)
        await connection.execute(follows.delete().where(sa.or_(
            sa.and_(follows.c.follower_id == blocker, follows.c.followed_id == blocked),
            sa.and_(follows.c.follower_id == blocked, follows.c.followed_id == blocker))))


async def unblock(engine: AsyncEngine, blocker: str, blocked: str) -> None:
    async with engine.begin() as connection:
        await connection.execute(blocks.delete().where(
            blocks.c.blocker_id == blocker, blocks.c.blocked_id == blocked))


async def _usernames(engine: AsyncEngine, query: sa.Select) -> list[tuple[str, str]]:
    async with engine.connect() as connection:
        return [(row.player_id, row.username) for row in await connection.execute(query)]


async def following(engine: AsyncEngine, follower: str) -> list[tuple[str, str]]:
    """(player id, username) of the accounts `follower` follows, by username."""
    return await _usernames(engine, sa.select(accounts.c.player_id, accounts.c.username)
                            .join(follows, follows.c.followed_id == accounts.c.player_id)
                            .where(follows.c.follower_id == follower)
                            .order_by(accounts.c.username_key))


async def blocked_by(engine: AsyncEngine, blocker: str) -> list[tuple[str, str]]:
    """(player id, username) of the accounts `blocker` blocks, by username."""
    return await _usernames(engine, sa.select(accounts.c.player_id, accounts.c.username)
                            .join(blocks, blocks.c.blocked_id == accounts.c.player_id)
                            .where(blocks.c.blocker_id == blocker)
                            .order_by(accounts.c.username_key))


async def followers(engine: AsyncEngine, followed: str) -> list[str]:
    async with engine.connect() as connection:
        return list((await connection.execute(
            sa.select(follows.c.follower_id).where(follows.c.followed_id == followed))).scalars())


async def is_following(engine: AsyncEngine, follower: str, followed: str) -> bool:
    async with engine.connect() as connection:
        return await connection.scalar(sa.select(follows.c.follower_id).where(
            follows.c.follower_id == follower, follows.c.followed_id == followed)) is not None


async def blocking(engine: AsyncEngine, blockers: list[str], blocked: str) -> bool:
    """Does any of `blockers` block `blocked`?"""
    if not blockers:
        return False
    async with engine.connect() as connection:
        return await connection.scalar(sa.select(blocks.c.blocker_id).where(
            blocks.c.blocker_id.in_(blockers), blocks.c.blocked_id == blocked)
            .limit(1)) is not None


async def blocked_between(engine: AsyncEngine, one: str, other: str) -> bool:
    """Does either of the two block the other?"""
    async with engine.connect() as connection:
        return await connection.scalar(sa.select(blocks.c.blocker_id).where(sa.or_(
            sa.and_(blocks.c.blocker_id == one, blocks.c.blocked_id == other),
            sa.and_(blocks.c.blocker_id == other, blocks.c.blocked_id == one))).limit(1)) \
            is not None


async def blocks_among(engine: AsyncEngine, player_ids: list[str]) -> set[frozenset[str]]:
    """The pairs of `player_ids` of whom one blocks the other (each pair as a frozenset)."""
    if len(player_ids) < 2:
        return set()
    async with engine.connect() as connection:
        rows = await connection.execute(sa.select(blocks.c.blocker_id, blocks.c.blocked_id).where(
            blocks.c.blocker_id.in_(player_ids), blocks.c.blocked_id.in_(player_ids)))
        return {frozenset(row) for row in rows}


async def usernames(engine: AsyncEngine, player_ids: list[str]) -> dict[str, str]:
    """The usernames of those of `player_ids` that are accounts."""
    if not player_ids:
        return {}
    return dict(await _usernames(engine, sa.select(accounts.c.player_id, accounts.c.username)
                                 .where(accounts.c.player_id.in_(player_ids))))
