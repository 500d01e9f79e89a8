"""Who is connected to a room, across all nodes.

Each node keeps its own socket counts per room and writes them to `room:{id}:presence` (hash
field per node: `{"1": n, "2": n, "s": n, "ts": ms}`), refreshed every REFRESH_S. Entries not
refreshed for STALE_MS are ignored, so the sockets of a node that died vanish by themselves.
`room:{id}:seen` holds, per seat, when it was last seen connected: the basis of `away_since`
and of the abandonment claim.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis

from .rooms import RoomState

log = logging.getLogger(__name__)

REFRESH_S = 5.0
STALE_MS = 15_000
SPECTATOR = "s"


def presence_key(room_id: str) -> str:
    return f"room:{{{room_id}}}:presence"


def seen_key(room_id: str) -> str:
    return f"room:{{{room_id}}}:seen"


def now_ms() -> int:
    return int(time.time() * 1000)


class Presence:
    def __init__(self, client: redis.Redis, node_id: str, room_ttl_s: int,
                 publish: Callable[[str, list[dict]], Awaitable[None]],
                 load: Callable[[str], Awaitable[RoomState | None]]) -> None:
        self.redis = client
        self.node_id = node_id
        self.room_ttl_s = room_ttl_s
        self.publish = publish
        self.load = load
        self.local: dict[str, Counter[str]] = {}
        self.published: dict[str, dict[str, Any]] = {}  # last presence sent, per local room

    @staticmethod
    def _role(seat: int | None) -> str:
        return SPECTATOR if seat is None else str(seat)

    async def connected(self, room_id: str, seat: int | None) -> None:
        self.local.setdefault(room_id, Counter())[self._role(seat)] += 1
        await self._changed(room_id)

    async def disconnected(self, room_id: str, seat: int | None) -> None:
        counts = self.local.get(room_id)
        if counts is None:
            return
        counts[self._role(seat)] -= 1
        if seat is not None:
            await self.mark_left(room_id, seat)
        await self._changed(room_id)
        if not any(counts.values()):
            del self.local[room_id]

    async def moved(self, room_id: str, old: int | None, new: int | None) -> None:
        """A socket's seat changed (rematch swap): count it under its new seat."""
        counts = self.local.setdefault(room_id, Counter())
        counts[self._role(old)] -= 1
        counts[self._role(new)] += 1
        if old is not None:
            await self.mark_left(room_id, old)
        await self._changed(room_id)

    async def _write(self, room_id: str) -> None:
        counts = self.local.get(room_id, Counter())
        now = now_ms()
        entry = {role: counts[role] for role in ("1", "2", SPECTATOR)} | {"ts": now}
        seen = {seat: now for seat in ("1", "2") if counts[seat] > 0}
        async with self.redis.pipeline(transaction=False) as pipe:
            if any(counts.values()):
                pipe.hset(presence_key(room_id), self.node_id, json.dumps(entry))
            else:
                pipe.hdel(presence_key(room_id), self.node_id)
            pipe.expire(presence_key(room_id), self.room_ttl_s)
            if seen:
                pipe.hset(seen_key(room_id), mapping=seen)
                pipe.expire(seen_key(room_id), self.room_ttl_s)
            await pipe.execute()

    async def _changed(self, room_id: str) -> None:
        """Write this node's counts, then tell every node's sockets the new totals."""
        await self._write(room_id)
        await self._publish(room_id, await self.message(room_id))

    async def mark_left(self, room_id: str, seat: int) -> None:
        """A seat's last local socket closed: it was seen until now."""
        await self.redis.hset(seen_key(room_id), str(seat), now_ms())

    async def totals(self, room_id: str) -> tuple[Counter[str], dict[str, int]]:
        entries = await self.redis.hgetall(presence_key(room_id))
        seen = {seat: int(ms) for seat, ms in (await self.redis.hgetall(seen_key(room_id))).items()}
        totals: Counter[str] = Counter()
        cutoff = now_ms() - STALE_MS
        for raw in entries.values():
            entry = json.loads(raw)
            if entry["ts"] >= cutoff:
                totals.update({k: v for k, v in entry.items() if k != "ts"})
        return totals, seen

    async def message(self, room_id: str, state: RoomState | None = None) -> dict[str, Any]:
        """The `presence` message of docs/protocol.md §3.4."""
        state = state or await self.load(room_id)
        totals, seen = await self.totals(room_id)
        players, away = {}, {}
        for seat in ("1", "2"):
            is_ai = state is not None and state.is_ai(int(seat))
            players[seat] = is_ai or totals[seat] > 0
            away[seat] = None if players[seat] else seen.get(seat)
        return {"type": "presence", "players": players, "away_since": away,
                "spectators": totals[SPECTATOR]}

    async def run(self) -> None:
        """Refresh this node's entries so other nodes keep trusting them, and tell local rooms
        when the totals changed without a socket event here (another node died)."""
        while True:
            await asyncio.sleep(REFRESH_S)
            for room_id in list(self.local):
                try:
                    await self._write(room_id)
                    message = await self.message(room_id)
                    if message != self.published.get(room_id):
                        await self._publish(room_id, message)
                except (redis.RedisError, OSError) as exc:
                    log.warning("presence refresh failed for %s: %r", room_id, exc)
            for room_id in set(self.published) - set(self.local):
                del self.published[room_id]

    async def _publish(self, room_id: str, message: dict[str, Any]) -> None:
        self.published[room_id] = message
        await self.publish(room_id, [message])
