"""A lease in Redis: one node at a time does a job (directs a tournament), and another takes
over when the holder dies.

The holder writes its node id with a time to live and renews it well before it runs out; a
node that dies (even with -9) stops renewing, the key expires, and the next node to ask takes
it. A lease alone cannot stop a holder that was paused past its expiry from acting late, so
the writes it guards are fenced: a script that changes what the lease guards first checks, in
the same atomic step, that the lease still names the writer (`FENCE` below, for scripts whose
first key is the lease; the lease and what it guards share a hash tag).
"""

from __future__ import annotations

import redis.asyncio as redis

# KEYS: the lease. ARGV: node id, time to live (ms). 1 when the caller holds it now.
_HOLD = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if holder then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

# KEYS: the lease. ARGV: node id. Gives it up (if still ours) so another node need not wait.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# The start of a fenced script: KEYS[1] the lease, ARGV[1] the writer's node id (or "" for a
# write that needs no lease: a player joining). Returns -1 when the writer does not hold it.
FENCE = """
if ARGV[1] ~= '' and redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
"""


class Lease:
    def __init__(self, client: redis.Redis, key: str, node_id: str, ttl_ms: int) -> None:
        self.redis = client
        self.key = key
        self.node_id = node_id
        self.ttl_ms = ttl_ms
        self._hold = client.register_script(_HOLD)
        self._release = client.register_script(_RELEASE)

    async def hold(self) -> bool:
        """Take or renew the lease; whether this node holds it now."""
        return bool(await self._hold(keys=[self.key], args=[self.node_id, self.ttl_ms]))

    async def holder(self) -> str | None:
        return await self.redis.get(self.key)

    async def release(self) -> None:
        await self._release(keys=[self.key], args=[self.node_id])
