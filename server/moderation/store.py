"""Moderation in SQL: who is a moderator, muted or closed (columns of `accounts`), and the
reports players make (`reports`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from ..players.store_sql.schema import accounts, reports, sessions

MODERATOR = "moderator"


@dataclass(slots=True, frozen=True)
class Standing:
    """An account's moderation state."""

    player_id: str
    username: str
    moderator: bool
    muted: bool
    closed: bool


async def standing(engine: AsyncEngine, *, username: str | None = None,
                   player_id: str | None = None) -> Standing | None:
    """The account named `username` (any case), or of `player_id`; None when there is none."""
    where = accounts.c.username_key == username.lower() if username is not None \
        else accounts.c.player_id == player_id
    async with engine.connect() as connection:
        row = (await connection.execute(sa.select(
            accounts.c.player_id, accounts.c.username, accounts.c.role, accounts.c.muted_at,
            accounts.c.closed_at).where(where))).first()
    return None if row is None else Standing(row.player_id, row.username,
                                             row.role == MODERATOR, row.muted_at is not None,
                                             row.closed_at is not None)


async def _set(engine: AsyncEngine, player_id: str, **values: Any) -> None:
    async with engine.begin() as connection:
        await connection.execute(accounts.update().where(accounts.c.player_id == player_id)
                                 .values(**values))


async def set_role(engine: AsyncEngine, player_id: str, role: str | None) -> None:
    await _set(engine, player_id, role=role)


async def set_muted(engine: AsyncEngine, player_id: str, now: int | None) -> None:
    """Mute since `now`, or (None) unmute."""
    await _set(engine, player_id, muted_at=now)


async def close(engine: AsyncEngine, player_id: str, now: int) -> None:
    """Close the account: no login from now, and every session of it ends."""
    async with engine.begin() as connection:
        await connection.execute(accounts.update().where(accounts.c.player_id == player_id)
                                 .values(closed_at=now))
        await connection.execute(sessions.delete().where(sessions.c.player_id == player_id))


async def add_report(engine: AsyncEngine, reporter: str, target: str, reason: str, text: str,
                     room_id: str | None, now: int) -> int:
    async with engine.begin() as connection:
        result = await connection.execute(reports.insert().values(
            reporter_id=reporter, target_id=target, reason=reason, text=text, room_id=room_id,
            created_at=now))
        return int(result.inserted_primary_key[0])


async def list_reports(engine: AsyncEngine, handled: bool, limit: int) -> list[dict[str, Any]]:
    """Open reports oldest first (the queue), or handled ones newest first."""
    reporter, target = accounts.alias("reporter"), accounts.alias("target")
    query = (sa.select(reports, reporter.c.username.label("reporter_name"),
                       target.c.username.label("target_name"),
                       target.c.muted_at.label("target_muted"),
                       target.c.closed_at.label("target_closed"))
             .join(reporter, reporter.c.player_id == reports.c.reporter_id)
             .join(target, target.c.player_id == reports.c.target_id).limit(limit))
    query = query.where(reports.c.handled_at.is_not(None)).order_by(reports.c.id.desc()) \
        if handled else query.where(reports.c.handled_at.is_(None)).order_by(reports.c.id)
    async with engine.connect() as connection:
        rows = await connection.execute(query)
        return [{"id": row.id, "reporter": row.reporter_name,
                 "target": {"username": row.target_name, "muted": row.target_muted is not None,
                            "closed": row.target_closed is not None},
                 "reason": row.reason, "text": row.text, "room_id": row.room_id,
                 "created_at": row.created_at, "handled_at": row.handled_at}
                for row in rows]


async def handle_report(engine: AsyncEngine, report_id: int, by: str, now: int) -> bool:
    """Mark the report handled; False when there is no such report."""
    async with engine.begin() as connection:
        result = await connection.execute(
            reports.update().where(reports.c.id == report_id)
            .values(handled_at=sa.func.coalesce(reports.c.handled_at, now),
                    handled_by=sa.func.coalesce(reports.c.handled_by, by)))
        return result.rowcount > 0
