"""A finished tournament's standings worked out again from the SQL archive alone: its players
and the archived games of its pairings (`games`, by room), through the pure standings."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import sqlalchemy as sa

from server.players.store_sql.database import open_database
from server.players.store_sql.schema import games, tournament_games, tournaments
from server.tournaments.results import Game, Result
from server.tournaments.standings import standings
from server.tournaments.tournament import Tournament

WINNER = {1: Result.FIRST, 2: Result.SECOND, None: Result.DRAW}


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


async def recomputed(database_url: str, tournament_id: str) -> list[dict[str, Any]]:
    """`[{rank, username, score, tiebreaks}]` from the archived games."""
    engine = open_database(database_url)
    try:
        async with engine.connect() as connection:
            record = (await connection.execute(sa.select(tournaments.c.record).where(
                tournaments.c.id == tournament_id))).scalar_one()
            pairings = (await connection.execute(
                sa.select(tournament_games, games.c.result.label("archived"), games.c.finished_at)
                .join(games, games.c.id == tournament_games.c.room_id + "-1", isouter=True)
                .where(tournament_games.c.tournament_id == tournament_id)
                .order_by(tournament_games.c.number))).all()
    finally:
        await engine.dispose()
    t = msgspec.convert(_json(record), Tournament)
    played = []
    for row in pairings:
        if row.room_id is None:  # a bye, or a forfeit (not played: its result is stored)
            played.append(Game(row.round, row.first_id, row.second_id, Result(row.result),
                               forfeit=row.second_id is not None))
            continue
        assert row.archived is not None, f"game of room {row.room_id} is not in the archive"
        played.append(Game(row.round, row.first_id, row.second_id,
                           WINNER[_json(row.archived)["winner"]], ended_at=row.finished_at,
                           room_id=row.room_id))
    return [{"rank": r.rank, "username": r.entrant.username, "score": r.score,
             "tiebreaks": dict(r.tiebreaks)}
            for r in standings(t.format, t.seeded(), played)]


def shown(page: dict[str, Any]) -> list[dict[str, Any]]:
    return [{key: row[key] for key in ("rank", "username", "score", "tiebreaks")}
            for row in page["standings"]]
