"""The `timers` sorted set (member: room id, score: due epoch ms) that every node scans: register
a room's next due time, list due rooms, claim one for this node and release it (see
`server/play/clock_timer.py` for the protocol). Under Redis Cluster it is one sorted set per bucket
(server/platform/keys.py), each on the shard of its rooms; a scan reads them all in one pipeline."""

from __future__ import annotations

import redis.asyncio as redis

from ..platform.keys import SINGLE, Buckets
from ..rooms import RoomState
from ..rooms.timing import due_at

SCAN_BATCH = 100
CLAIM_MS = 4000

# Compare-and-set of one room's entry: if its score is still ARGV[2], set it to ARGV[3]
# (or remove it when ARGV[3] is empty).
_SWAP = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
"""



class TimerIndex:
    """The `timers` sorted sets: register, claim, list due rooms."""

    def __init__(self, client: redis.Redis, pace_ms: int,
                 abandon_after_ms: int = 24 * 3600 * 1000, buckets: Buckets = SINGLE) -> None:
        self.redis = client
        self.buckets = buckets
        self.pace_ms = pace_ms
        self.abandon_after_ms = abandon_after_ms  # ROOM_TTL_S
        self._swap = client.register_script(_SWAP)

    def due_at(self, state: RoomState, players_last_seen: int | None = None) -> int | None:
        return due_at(state, self.pace_ms, self.abandon_after_ms, players_last_seen)

    async def schedule(self, state: RoomState) -> None:
        due = self.due_at(state)
        if due is not None:
            await self.at(state.room_id, due)

    async def follow(self, old: RoomState, new: RoomState) -> None:
        """Register `new` (the room after a change from `old`) unless its due time is not
        earlier than `old`'s: the entry for `old` is then there already (registered on the
        change that made it, or set by a release to that time or to a later abandonment that
        any change of the room moves later still) and fires no later than needed — a release
        then sets it to `new`'s time. A move in a game without a clock pushes its abandonment
        later, so it costs no timer write (one Redis command per move fewer)."""
        due = self.due_at(new)
        if due is None:
            return
        before = self.due_at(old)
        if before is None or due < before:
            await self.at(new.room_id, due)

    async def at(self, room_id: str, due_ms: int) -> None:
        await self.redis.zadd(self._key(room_id), {room_id: due_ms}, lt=True)

    def _key(self, room_id: str) -> str:
        return self.buckets.timers(self.buckets.of(room_id))

    async def due(self, now: int) -> list[tuple[str, float]]:
        """Up to SCAN_BATCH due rooms over all buckets, earliest first."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for bucket in self.buckets.all():
                pipe.zrangebyscore(self.buckets.timers(bucket), "-inf", now, start=0,
                                   num=SCAN_BATCH, withscores=True)
            replies = await pipe.execute()
        due = sorted((entry for reply in replies for entry in reply), key=lambda e: e[1])
        return due[:SCAN_BATCH]

    async def claim(self, room_id: str, score: float, now: int) -> int | None:
        """Take the due entry (score `score`) for this node: returns the claimed score, or None
        when another node was first or the entry changed."""
        claimed = now + CLAIM_MS
        if await self._swap(keys=[self._key(room_id)], args=[room_id, repr(score), claimed]):
            return claimed
        return None

    async def release(self, room_id: str, claimed: int, state: RoomState | None,
                      players_last_seen: int | None = None) -> None:
        """Set the entry to the room's next due time (or drop it), unless it changed since."""
        due = None if state is None else self.due_at(state, players_last_seen)
        await self._swap(keys=[self._key(room_id)],
                         args=[room_id, claimed, "" if due is None else due])
