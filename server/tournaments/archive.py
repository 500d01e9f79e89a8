"""Tournaments in SQL: a row from creation (what `GET /api/tournaments` lists), its status kept
as it starts, and once finished its final record, its players' places and every pairing
(their games are the archive's `games`, "<room_id>-1"). Writing the final record twice writes
the same rows: a director that died after archiving and before retiring the tournament leaves
nothing for the next one to get wrong.
"""

from __future__ import annotations

from typing import Any

import msgspec
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from ..players.store_sql.schema import tournament_games, tournament_players, tournaments
from .standings import standings
from .store import encode
from .tournament import Status, Tournament

LISTED = 30  # tournaments per list (upcoming and running; recent)

_decoder = msgspec.json.Decoder(Tournament)


async def created(engine: AsyncEngine, t: Tournament) -> None:
    terms = t.terms
    async with engine.begin() as connection:
        await connection.execute(tournaments.insert().values(
            id=t.id, format=t.format.value, name=terms.name, variant=terms.variant,
            status=t.status.value, private=terms.password_hash is not None,
            starts_at=terms.starts_at, created_by=terms.created_by, created_at=t.created_at,
            terms=msgspec.to_builtins(terms)))


async def started(engine: AsyncEngine, t: Tournament) -> None:
    async with engine.begin() as connection:
        await connection.execute(tournaments.update().where(tournaments.c.id == t.id)
                                 .values(status=Status.STARTED.value))


async def finished(engine: AsyncEngine, t: Tournament) -> None:
    """The final record, places and pairings, in one transaction."""
    rows = standings(t.format, t.seeded(), t.games)
    async with engine.begin() as connection:
        for table in (tournament_players, tournament_games):
            await connection.execute(table.delete().where(table.c.tournament_id == t.id))
        if rows:
            await connection.execute(tournament_players.insert(), [
                {"tournament_id": t.id, "player_id": row.entrant.player_id,
                 "username": row.entrant.username, "rank": row.rank, "score": row.score,
                 "tiebreaks": dict(row.tiebreaks)} for row in rows])
        if t.games:
            await connection.execute(tournament_games.insert(), [
                {"tournament_id": t.id, "number": n, "round": g.round, "room_id": g.room_id,
                 "first_id": g.first, "second_id": g.second,
                 "result": None if g.result is None else g.result.value,
                 "ended_at": g.ended_at} for n, g in enumerate(t.games, start=1)])
        await connection.execute(tournaments.update().where(tournaments.c.id == t.id).values(
            status=Status.FINISHED.value, finished_at=t.finished_at,
            record=msgspec.json.decode(encode(t))))


async def load(engine: AsyncEngine, tournament_id: str) -> Tournament | None:
    """A finished tournament's record (the live ones are read from Redis)."""
    async with engine.connect() as connection:
        record = (await connection.execute(sa.select(tournaments.c.record).where(
            tournaments.c.id == tournament_id))).scalar_one_or_none()
    return None if record is None else _decoder.decode(msgspec.json.encode(record))


async def listed(engine: AsyncEngine) -> dict[str, list[dict[str, Any]]]:
    """The public tournaments not finished (soonest first), and those finished last."""
    columns = (tournaments.c.id, tournaments.c.status, tournaments.c.starts_at)
    async with engine.connect() as connection:
        live = (await connection.execute(
            sa.select(*columns).where(tournaments.c.status != Status.FINISHED.value,
                                      sa.not_(tournaments.c.private))
            .order_by(tournaments.c.starts_at).limit(LISTED))).all()
        recent = (await connection.execute(
            sa.select(*columns).where(tournaments.c.status == Status.FINISHED.value,
                                      sa.not_(tournaments.c.private))
            .order_by(tournaments.c.finished_at.desc()).limit(LISTED))).all()
    return {"live": [r.id for r in live], "recent": [r.id for r in recent]}

