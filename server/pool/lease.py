"""A lease in Redis: one node at a time does a job, and another takes over when it dies.

The holder writes its node id with a time to live and renews it before it runs out; a node
that dies stops renewing, the key expires, and the next node to ask takes it. A lease alone
cannot stop a paused holder from acting after its lease ran out, so what the holder writes is
fenced by the lease itself: the scripts of server/pool/store.py act only while the key still
names the calling node, in the same atomic step.
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

# KEYS: the lease. ARGV: node id. Give it up (if still ours) so another node need not wait.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
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
