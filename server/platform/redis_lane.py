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
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from .store import RETRY, dedicated_connection

log = logging.getLogger(__name__)

BATCH_TIMEOUT_S = 5.0  # redis-py's default socket timeout, for a whole batch


class CommandLane:
    def __init__(self, connection: AbstractConnection) -> None:
        self.connection = connection
        self._turn = asyncio.Lock()  # one batch at a time: their replies come back in order

    @classmethod
    def of(cls, client: redis.Redis) -> CommandLane:
        """A lane on a connection of its own (its deadline is per batch)."""
        return cls(dedicated_connection(client))

    async def run(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """The replies of `commands`, in order (a Redis error reply as its exception)."""
        async with self._turn:
            return await RETRY.call_with_retry(lambda: self._send_in_time(commands),
                                               lambda error: self._drop(commands, error))

    async def _send_in_time(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        try:
            async with asyncio.timeout(BATCH_TIMEOUT_S):
                return await self._send(commands)
        except TimeoutError as exc:  # asyncio's: the retry rule knows Redis's
            raise RedisTimeoutError(f"no reply within {BATCH_TIMEOUT_S} s") from exc

    async def _drop(self, commands: list[tuple[Any, ...]], error: Exception) -> None:
        """A failed batch's connection is dropped; `RETRY` sends the batch again on a new one."""
        log.warning("Redis batch of %d failed (%r)", len(commands), error)
        await self.connection.disconnect(nowait=True)

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
