"""Per-client limits counted in the shared store, so N nodes allow the limit, not N times it:
room creations, analysis requests and chat lines a minute from one address, login attempts
per address and per username (server/http/accounts.py).

The `limits` library counts them with its moving window (at most `count` hits in any
`window_s` seconds; the per-node token buckets these replace let the bucket refill meanwhile,
the fixed windows of chat and logins allowed twice the limit across a window's edge) in the
node's store, through its own redis-py connection pool: the shared Redis, or the embedded
store's fakeredis, which runs the library's scripts too; on a Redis Cluster through a cluster
client of the library's own, from the same URL (each counter is one key, on any shard). Keys:
`limits:LIMITER/<name>/<address or username>/<count>/<window_s>/second`.
"""

from __future__ import annotations

import redis.asyncio as redis
from limits import RateLimitItemPerSecond
from limits.aio.storage import RedisClusterStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from redis.asyncio.cluster import RedisCluster

from .keys import LIMITS_PREFIX
from .store import is_cluster


def shared_limiter(client: redis.Redis | RedisCluster, url: str | None) -> MovingWindowRateLimiter:
    """A moving-window limiter counting in `client`'s store (`url`: its REDIS_URL)."""
    storage: Storage
    if is_cluster(client):
        assert url is not None
        storage = RedisClusterStorage(f"async+{url}", implementation="redispy",
                                      key_prefix=LIMITS_PREFIX)
    else:
        storage = RedisStorage("async+redis://", implementation="redispy",
                               key_prefix=LIMITS_PREFIX, connection_pool=client.connection_pool)
    return MovingWindowRateLimiter(storage)


class IpLimit:
    """`count` hits per client (an address, a username) in any `window_s`, across every node."""

    def __init__(self, limiter: MovingWindowRateLimiter, name: str, count: int,
                 window_s: int = 60) -> None:
        self.limiter = limiter
        self.name = name
        self.count = count
        self.item = RateLimitItemPerSecond(count, window_s)

    async def take(self, client: str) -> bool:
        """Count one hit from `client`; False (and not counted) when over the limit."""
        return await self.limiter.hit(self.item, self.name, client)


def ip_limit(limiter: MovingWindowRateLimiter, name: str, per_minute: int) -> IpLimit | None:
    """`per_minute` hits a minute, or none for 0 (no limit)."""
    return IpLimit(limiter, name, per_minute) if per_minute else None
