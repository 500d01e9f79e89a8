"""Per-client-address limits counted in the shared store, so N nodes allow the limit, not N
times it: room creations, analysis requests and chat lines a minute from one address.

The `limits` library counts them with its moving window (at most `per_minute` hits in any 60
seconds; the per-node token buckets these replace also let the bucket refill meanwhile) in the
node's store, through its own redis-py connection pool: the shared Redis, or the embedded
store's fakeredis, which runs the library's scripts too. Keys:
`limits:LIMITER/<name>/<address>/<n>/1/minute`.
"""

from __future__ import annotations

import redis.asyncio as redis
from limits import RateLimitItemPerMinute
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

KEY_PREFIX = "limits"


def shared_limiter(client: redis.Redis) -> MovingWindowRateLimiter:
    """A moving-window limiter counting in `client`'s store."""
    storage = RedisStorage("async+redis://", implementation="redispy", key_prefix=KEY_PREFIX,
                           connection_pool=client.connection_pool)
    return MovingWindowRateLimiter(storage)


class IpLimit:
    """`per_minute` hits per client address in any minute, across every node."""

    def __init__(self, limiter: MovingWindowRateLimiter, name: str, per_minute: int) -> None:
        self.limiter = limiter
        self.name = name
        self.per_minute = per_minute
        self.item = RateLimitItemPerMinute(per_minute)

    async def take(self, address: str) -> bool:
        """Count one hit from `address`; False (and not counted) when over the limit."""
        return await self.limiter.hit(self.item, self.name, address)


def ip_limit(limiter: MovingWindowRateLimiter, name: str, per_minute: int) -> IpLimit | None:
    """The limit, or none for 0 (no limit)."""
    return IpLimit(limiter, name, per_minute) if per_minute else None
