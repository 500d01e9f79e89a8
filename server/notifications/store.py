"""Notifications in SQL: each player's newest KEEP, with when each was read.

Ids grow with time (the table's key), so "newest first" is "highest id first" and a page of
older ones starts below a given id. A player's oldest rows beyond KEEP go in the transaction
that adds a new one: the table stays bounded without a sweeping job.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from ..players.store_sql.schema import notifications as table

KEEP = 200  # notifications kept per player


def _item(row: Any) -> dict[str, Any]:
    return {"id": row.id, "kind": row.kind, "data": row.data, "created_at": row.created_at,
            "read": row.read_at is not None}


async def insert(engine: AsyncEngine, player_id: str, kind: str, data: dict[str, Any],
                 ref: str | None, now: int) -> int:
    """Keep a new notification; returns its id."""
    async with engine.begin() as connection:
        result = await connection.execute(table.insert().values(
            player_id=player_id, kind=kind, data=data, ref=ref, created_at=now))
        new_id = result.inserted_primary_key[0]
        oldest_kept = (sa.select(table.c.id).where(table.c.player_id == player_id)
                       .order_by(table.c.id.desc()).offset(KEEP - 1).limit(1)
                       .scalar_subquery())
        await connection.execute(table.delete().where(table.c.player_id == player_id,
                                                      table.c.id < oldest_kept))
    return int(new_id)


def _recent_query(player_id: str, limit: int, before: int | None) -> sa.Select:
    query = (sa.select(table.c.id, table.c.kind, table.c.data, table.c.created_at,
                       table.c.read_at)
             .where(table.c.player_id == player_id).order_by(table.c.id.desc()).limit(limit))
    return query if before is None else query.where(table.c.id < before)


def _unread_query(player_id: str) -> sa.Select:
    return sa.select(sa.func.count()).select_from(table).where(
        table.c.player_id == player_id, table.c.read_at.is_(None))


async def page(engine: AsyncEngine, player_id: str, limit: int,
               before: int | None = None) -> tuple[list[dict[str, Any]], int]:
    """The player's newest `limit` notifications, newest first (below id `before` when
    given), and how many of all theirs are unread: one connection."""
    async with engine.connect() as connection:
        items = [_item(row) for row in
                 await connection.execute(_recent_query(player_id, limit, before))]
        return items, int(await connection.scalar(_unread_query(player_id)) or 0)


async def mark_read(engine: AsyncEngine, player_id: str, now: int, *,
                    ids: list[int] | None = None,
                    ref: str | None = None) -> tuple[list[int], int]:
    """Mark read: the notifications `ids`, those about `ref`, or (neither given) all; returns
    the ids that were unread, and how many are unread after, in one transaction."""
    query = table.update().where(table.c.player_id == player_id, table.c.read_at.is_(None))
    if ids is not None:
        query = query.where(table.c.id.in_(ids))
    if ref is not None:
        query = query.where(table.c.ref == ref)
    async with engine.begin() as connection:
        result = await connection.execute(query.values(read_at=now).returning(table.c.id))
        marked = sorted(row.id for row in result)
        return marked, int(await connection.scalar(_unread_query(player_id)) or 0)
