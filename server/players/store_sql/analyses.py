"""Finished analyses kept with their archived games (table ``game_analyses``, migration 0004).

Redis holds an analysis while it runs and for RECORD_TTL_S after (server/analysis/store.py);
the row here is the copy for good, so an archived game's link shows its analysis years later
without a new run. Only archived games have one: `save_analysis` writes nothing for a game the
archive has not got (the outbox writes it when the game arrives, server/players/archive.py). Saving
again replaces the row (a newer review of the same game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from .archive import is_archived
from .schema import game_analyses


@dataclass(slots=True, frozen=True)
class StoredAnalysis:
    document: dict[str, Any]   # as GET /api/games/{id}/analysis answers it
    engine_version: int        # engine.review.REVIEW_VERSION of the review that made it
    search: dict[str, Any]     # its budget per position: {"nodes", "ms"}
    created_at: int


async def save_analysis(engine: AsyncEngine, game_id: str, analysis: StoredAnalysis) -> bool:
    """Keep ``analysis`` with the archived game ``game_id``; False when the game is not
    archived (nothing is written)."""
    values = {"analysis": analysis.document, "engine_version": analysis.engine_version,
              "search": analysis.search, "created_at": analysis.created_at}
    try:
        async with engine.begin() as connection:
            if not await is_archived(connection, game_id):
                return False
            updated = await connection.execute(
                game_analyses.update().where(game_analyses.c.game_id == game_id).values(values))
            if updated.rowcount == 0:
                await connection.execute(game_analyses.insert().values(game_id=game_id, **values))
            return True
    except IntegrityError:
        # Another node saved this game's analysis between our update and our insert: the
        # same game, the same engine, so its row is as good as ours.
        return await load_analysis(engine, game_id) is not None


async def load_analysis(engine: AsyncEngine, game_id: str) -> StoredAnalysis | None:
    async with engine.connect() as connection:
        row = (await connection.execute(
            sa.select(game_analyses).where(game_analyses.c.game_id == game_id))).first()
    if row is None:
        return None
    return StoredAnalysis(row.analysis, row.engine_version, row.search, row.created_at)
