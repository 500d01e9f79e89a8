"""Automatic pipelining: the Redis commands a node issues in one event-loop turn go out together.

Under load many sockets' moves are handled in the same turn of the loop, and each would pay for
its own socket write (a loopback write also runs Redis's receive path in the sender's system
call), its own pooled-connection checkout and its own reply wait. Collected into one pipeline
they cost one write and one round trip (the idea of ioredis's `enableAutoPipelining`). Each
caller still gets its own reply or its own exception; a lone command goes out as it is.

Durability (`ReplicaWait`): with `replicas` > 0 every batch ends with `WAIT <replicas> <ms>` on
the connection that carried it (on a Redis Cluster, one per shard the batch wrote to), and no
caller hears its reply before that WAIT returned: a commit the server acknowledges has reached
that many replicas, unless the WAIT timed out (then `on_unreplicated` counts it; see docs,
Redis Cluster, for what a failover can then lose).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis.asyncio as redis

from .store import is_cluster

log = logging.getLogger(__name__)

Pending = tuple[tuple[Any, ...], asyncio.Future]


@dataclass(slots=True, frozen=True)
class ReplicaWait:
    """Wait for `replicas` replicas (0: do not wait) at most `timeout_ms` after each batch."""

    replicas: int = 0
    timeout_ms: int = 100


class CommandBatcher:
    def __init__(self, client: redis.Redis, wait: ReplicaWait = ReplicaWait(),
                 on_unreplicated: Callable[[], None] | None = None) -> None:
        self.client = client
        self.wait = wait
        self.on_unreplicated = on_unreplicated
        self._pending: list[Pending] = []
        self._sending: set[asyncio.Task] = set()

    async def execute(self, *command: Any) -> Any:
        """Run `command` (e.g. "EVALSHA", sha, ...) in the next batch; returns its reply."""
        loop = asyncio.get_running_loop()
        reply = loop.create_future()
        self._pending.append((command, reply))
        if len(self._pending) == 1:
            loop.call_soon(self._flush)
        return await reply

    def _flush(self) -> None:
        batch, self._pending = self._pending, []
        task = asyncio.get_running_loop().create_task(self._send(batch))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send(self, batch: list[Pending]) -> None:
        try:
            replies = await self._run([command for command, _reply in batch])
        except Exception as exc:  # noqa: BLE001 - e.g. the connection failed: every caller hears it
            replies = [exc] * len(batch)
        for (_command, reply), result in zip(batch, replies, strict=True):
            if reply.done():
                continue  # the caller was cancelled
            if isinstance(result, Exception):
                reply.set_exception(result)
            else:
                reply.set_result(result)

    async def _run(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """The replies, in order; a command's own error (e.g. NOSCRIPT) is its reply."""
        if self.wait.replicas:
            return await self._run_and_wait(commands)
        if len(commands) == 1:
            return [await self.client.execute_command(*commands[0])]
        async with self.client.pipeline(transaction=False) as pipe:
            for command in commands:
                pipe.execute_command(*command)
            return await pipe.execute(raise_on_error=False)

    async def _run_and_wait(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """The batch, then a WAIT behind it on each connection it used. On a cluster the batch's
        commands are scripts (`EVALSHA sha numkeys key ...`): the first key names the shard."""
        wait = ("WAIT", self.wait.replicas, self.wait.timeout_ms)
        async with self.client.pipeline(transaction=False) as pipe:
            for command in commands:
                pipe.execute_command(*command)
            if is_cluster(self.client):
                nodes = {node.name: node for node in
                         (self.client.get_node_from_key(command[3]) for command in commands)}
                for node in nodes.values():
                    pipe.execute_command(*wait, target_nodes=node)
            else:
                pipe.execute_command(*wait)
            replies = await pipe.execute(raise_on_error=False)
        for acked in replies[len(commands):]:
            if isinstance(acked, Exception) or acked < self.wait.replicas:
                log.warning("commit not acknowledged by %d replica(s) within %d ms: %r",
                            self.wait.replicas, self.wait.timeout_ms, acked)
                if self.on_unreplicated is not None:
                    self.on_unreplicated()
        return replies[:len(commands)]
