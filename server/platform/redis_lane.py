"""A connection of the commit batcher's own (server/platform/redis_batch.py), without redis-py's
per-call layers.

Through `Redis.execute_command` or a pipeline, every batch pays for a pooled connection's
checkout and release, a task that `asyncio.wait_for` makes around each send and an
`asyncio.timeout` around each reply (both from `socket_timeout`), the retry wrapper and the
response callbacks: about 140 µs of a node's CPU for one EVALSHA on this machine, against 30 µs
for the same command written and read on a connection held for the purpose (issue 31,
docs/performance.md). A node that keeps up sends a batch of one or two commits per move, so
these layers were a large part of a move's cost.

A lane sends one batch at a time: its commands packed into one write, then their replies read
in order, under one deadline for the whole batch (`BATCH_TIMEOUT_S`, as redis-py's socket
timeout bounded each step). A reply that is a Redis error (NOSCRIPT, a script's own error) is
that command's reply. A lost or stuck connection is dropped and the batch sent again on a new
one, as the pooled client does (`store.RETRY`): a room commit sent twice cannot apply twice, its
script checks the room's version. Only for a single Redis server: a cluster's batch spans shards,
and the embedded store is not a socket.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import redis.asyncio as redis
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

BATCH_TIMEOUT_S = 5.0   # redis-py's default socket timeout, for a whole batch
RETRIES = 2             # a batch whose connection failed is sent again this often ...
RETRY_BACKOFF_S = 0.05  # ... after this long, doubled each time (store.RETRY's first steps)
LOST = (RedisConnectionError, RedisTimeoutError, TimeoutError, OSError)


class CommandLane:
    def __init__(self, connection: AbstractConnection) -> None:
        self.connection = connection
        self._turn = asyncio.Lock()  # one batch at a time: their replies come back in order

    @classmethod
    def of(cls, client: redis.Redis) -> CommandLane:
        """A lane on a new connection made like the client's own, without its per-call
        socket timeout (the lane's deadline is per batch) and health check."""
        pool = client.connection_pool
        kwargs = {**pool.connection_kwargs, "socket_timeout": None, "health_check_interval": 0}
        return cls(pool.connection_class(**kwargs))

    async def run(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """The replies of `commands`, in order (a Redis error reply as its exception)."""
        async with self._turn:
            for attempt in range(RETRIES + 1):
                try:
                    async with asyncio.timeout(BATCH_TIMEOUT_S):
                        return await self._send(commands)
                except LOST as exc:
                    await self.connection.disconnect(nowait=True)
                    if attempt == RETRIES:
                        raise
                    log.warning("Redis batch of %d failed (%r); sending it again", len(commands),
                                exc)
                    await asyncio.sleep(RETRY_BACKOFF_S * 2 ** attempt)
        raise AssertionError("unreachable")

    async def _send(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        connection = self.connection
        await connection.send_packed_command(connection.pack_commands(commands),
                                             check_health=False)
        replies: list[Any] = []
        for _command in commands:
            try:
                replies.append(await connection.read_response())
            except ResponseError as error:
                replies.append(error)
        return replies

    async def aclose(self) -> None:
        await self.connection.disconnect()
