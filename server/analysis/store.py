"""Where game analyses are kept: Redis while they run and for a while after, the SQL archive
for good.

An analysis lives in Redis next to its room's game records, with the same TTL:
``room:{id}:game:{n}:analysis`` holds the analysis document as JSON (docs/protocol.md,
analysis). `ArchivedAnalysisStore` adds the SQL archive's copy of a finished (``done``)
analysis of an archived game (server/players/store_sql/analyses.py): written when the analysis is
done (if its game is archived by then) or when its game is archived (server/players/archive.py, if
the analysis was done before), and read when Redis has none. Each writer checks the other's side
after writing its own, so one of them always finds both.
"""

from __future__ import annotations

import json
import logging
from typing import Any, Protocol

import redis.asyncio as redis
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from engine.review import REVIEW_VERSION

from ..platform.clock import now_ms
from ..platform.keys import analysis_key
from ..platform.settings import Settings
from ..players.store_sql.analyses import StoredAnalysis, load_analysis, save_analysis
from ..rooms.state import game_id as archive_id

log = logging.getLogger(__name__)


class AnalysisStore(Protocol):
    async def load(self, game_id: str, game_no: int) -> dict[str, Any] | None: ...

    async def claim(self, game_id: str, game_no: int, document: dict[str, Any]) -> bool:
        """Store ``document`` unless an analysis exists already; True if this call stored it
        (the caller then runs the analysis)."""
        ...

    async def save(self, game_id: str, game_no: int, document: dict[str, Any]) -> None: ...


class RedisAnalysisStore:
    def __init__(self, client: redis.Redis, ttl_s: int) -> None:
        self.redis = client
        self.ttl_s = ttl_s

    key = staticmethod(analysis_key)

    async def load(self, game_id: str, game_no: int) -> dict[str, Any] | None:
        raw = await self.redis.get(self.key(game_id, game_no))
        return json.loads(raw) if raw else None

    async def claim(self, game_id: str, game_no: int, document: dict[str, Any]) -> bool:
        return bool(await self.redis.set(self.key(game_id, game_no), json.dumps(document),
                                         nx=True, ex=self.ttl_s))

    async def save(self, game_id: str, game_no: int, document: dict[str, Any]) -> None:
        await self.redis.set(self.key(game_id, game_no), json.dumps(document), ex=self.ttl_s)


class ArchivedAnalysisStore:
    """Redis first, then the SQL archive's copy of a done analysis (one made by the current
    review, ``REVIEW_VERSION``: an older one reads as none, so a request makes it again)."""

    def __init__(self, live: RedisAnalysisStore, sql: AsyncEngine,
                 search: dict[str, int]) -> None:
        self.live = live
        self.sql = sql
        self.search = search  # the budget per position analyses get here: {"nodes", "ms"}

    async def load(self, game_id: str, game_no: int) -> dict[str, Any] | None:
        document = await self.live.load(game_id, game_no)
        if document is not None:
            return document
        try:
            stored = await load_analysis(self.sql, archive_id(game_id, game_no))
        except (SQLAlchemyError, OSError) as error:
            # Games Redis still has stay analysable while the database is down.
            log.warning("kept analysis of %s/%d unreadable: %s", game_id, game_no, error)
            return None
        if stored is None or stored.engine_version != REVIEW_VERSION:
            return None
        return stored.document

    async def claim(self, game_id: str, game_no: int, document: dict[str, Any]) -> bool:
        return await self.live.claim(game_id, game_no, document)

    async def save(self, game_id: str, game_no: int, document: dict[str, Any]) -> None:
        """A done analysis goes to SQL before Redis shows it done (so whoever sees it done
        finds it kept), and again after, if its game was not archived yet: the outbox
        archives the game, then looks in Redis; between the two, one sees the other."""
        done = document["status"] == "done"
        kept = done and await self._keep_or_log(game_id, game_no, document)
        await self.live.save(game_id, game_no, document)
        if done and not kept:
            await self._keep_or_log(game_id, game_no, document)

    async def archived(self, room_id: str, game_no: int) -> None:
        """The game was just archived: keep its analysis with it, if one is done. Raises
        when SQL does not answer (the outbox retries the entry)."""
        document = await self.live.load(room_id, game_no)
        if document is not None and document["status"] == "done":
            await self.keep(room_id, game_no, document)

    async def _keep_or_log(self, room_id: str, game_no: int, document: dict[str, Any]) -> bool:
        try:
            return await self.keep(room_id, game_no, document)
        except (SQLAlchemyError, OSError) as error:
            # Redis has it for RECORD_TTL_S; after that, a request makes it again.
            log.warning("analysis of %s/%d not kept in SQL: %s", room_id, game_no, error)
            return False

    async def keep(self, room_id: str, game_no: int, document: dict[str, Any]) -> bool:
        """Write a done analysis to SQL; False when its game is not archived."""
        stored = StoredAnalysis(document, REVIEW_VERSION, self.search, now_ms())
        return await save_analysis(self.sql, archive_id(room_id, game_no), stored)


def analysis_store(client: redis.Redis, sql: AsyncEngine, settings: Settings
                   ) -> ArchivedAnalysisStore:
    """The node's analyses: Redis for the game records' TTL, then the SQL archive."""
    return ArchivedAnalysisStore(RedisAnalysisStore(client, settings.record_ttl_s), sql,
                                 {"nodes": settings.analysis_nodes, "ms": settings.analysis_ms})
