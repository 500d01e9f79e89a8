"""Challenges in Redis, shared by every node: each one a JSON value under `challenge:{id}`,
kept until it expires and KEEP_CLOSED_MS more (so a late visitor of its link reads what became
of it), and indexed per player (`player:<id>:challenges:out` / `:in`, id -> created_at).

A change is a compare-and-set on the one key (`replace`): two nodes accepting the same
challenge at once, one wins and the other reads the new value and is refused. The indexes
are kept loosely (they live on other shards of a cluster): an entry whose challenge is gone
or closed is dropped when a listing reads it.
"""

from __future__ import annotations

import msgspec
import redis.asyncio as redis

from ..platform.keys import challenge_key, player_challenges_key
from .challenge import Challenge

KEEP_CLOSED_MS = 3_600_000
LISTED = 100  # index entries read per listing, newest first

# KEYS[1] the challenge; ARGV[1] the value it must hold, ARGV[2] the new one. The TTL stays.
_REPLACE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
"""

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Challenge)

OUT, IN = "out", "in"


def encode(challenge: Challenge) -> str:
    return _encoder.encode(challenge).decode()


class ChallengeStore:
    def __init__(self, client: redis.Redis) -> None:
        self.redis = client
        self._replace = client.register_script(_REPLACE)

    async def add(self, challenge: Challenge, now: int) -> None:
        keep_ms = challenge.expires_at - now + KEEP_CLOSED_MS
        await self.redis.set(challenge_key(challenge.id), encode(challenge), px=keep_ms, nx=True)
        indexed = [(challenge.challenger.player_id, OUT)]
        if challenge.to is not None:
            indexed.append((challenge.to.player_id, IN))
        async with self.redis.pipeline(transaction=False) as pipe:
            for player_id, direction in indexed:
                key = player_challenges_key(player_id, direction)
                pipe.zadd(key, {challenge.id: challenge.created_at})
                pipe.pexpire(key, keep_ms)
            await pipe.execute()

    async def load(self, challenge_id: str) -> tuple[str, Challenge] | None:
        """The stored text (for `replace`) and the challenge, or None."""
        raw = await self.redis.get(challenge_key(challenge_id))
        return None if raw is None else (raw, _decoder.decode(raw))

    async def replace(self, old: str, new: Challenge) -> bool:
        """Store `new` if the challenge still holds `old`; False when it changed meanwhile."""
        return bool(await self._replace(keys=[challenge_key(new.id)], args=[old, encode(new)]))

    async def listed(self, player_id: str, direction: str, now: int) -> list[Challenge]:
        """The player's open challenges (sent: OUT, received: IN), newest first; entries of
        challenges closed, expired or gone leave the index."""
        key = player_challenges_key(player_id, direction)
        ids = await self.redis.zrevrange(key, 0, LISTED - 1)
        if not ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for challenge_id in ids:
                pipe.get(challenge_key(challenge_id))
            values = await pipe.execute()
        found = [_decoder.decode(raw) for raw in values if raw is not None]
        open_ = [c for c in found if c.is_open(now)]
        stale = set(ids) - {c.id for c in open_}
        if stale:
            await self.redis.zrem(key, *stale)
        return open_

    async def unlist(self, challenge: Challenge) -> None:
        """Take a closed challenge out of its players' indexes."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zrem(player_challenges_key(challenge.challenger.player_id, OUT), challenge.id)
            if challenge.to is not None:
                pipe.zrem(player_challenges_key(challenge.to.player_id, IN), challenge.id)
            await pipe.execute()
