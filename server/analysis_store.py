"""Where game analyses are kept: a small interface, so the SQL archive can take them over.

Today a game is a finished room's last game (``game_id`` is the room id) and its analysis
lives in Redis next to the room's game records, with the same TTL:
``room:{id}:game:{n}:analysis`` holds the analysis document as JSON (docs/protocol.md,
analysis).
"""

from __future__ import annotations

import json
from typing import Any, Protocol

import redis.asyncio as redis

from .keys import analysis_key


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
