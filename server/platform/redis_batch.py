"""Automatic pipelining: the Redis commands a node issues in one event-loop turn go out together.

Under load many sockets' moves are handled in the same turn of the loop, and each would pay for
its own socket write (a loopback write also runs Redis's receive path in the sender's system
call), its own pooled-connection checkout and its own reply wait. Collected into one pipeline
they cost one write and one round trip (the idea of ioredis's `enableAutoPipelining`). Each
caller still gets its own reply or its own exception; a lone command goes out as it is.

Gathering (`gather_s`, as Nagle's algorithm does for bytes): a batch's first command waits that
long for others before the batch goes. A node that keeps up handles one or two messages a loop
turn, so without it nearly every commit is a batch of its own, with its own write, reply read
and wake-ups on both ends; 1 ms gathers several (docs/performance.md, "Gathering commits").

Durability (`ReplicaWait`): with `replicas` > 0 every batch ends with `WAIT <replicas> <ms>` on
the connection that carried it (on a Redis Cluster, one per shard the batch wrote to), and no
caller hears its reply before that WAIT returned: a commit the server acknowledges has reached
that many replicas, unless the WAIT timed out (then `on_unreplicated` counts it; see docs,
Redis Cluster, for what a failover can then lose).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import redis.asyncio as redis

from .redis_lane import CommandLane
from .store import is_cluster

log = logging.getLogger(__name__)

Pending = tuple[tuple[Any, ...], asyncio.Future]


@dataclass(slots=True, frozen=True)
class ReplicaWait:
    """Wait for `replicas` replicas (0: do not wait) at most `timeout_ms` after each batch."""

    replicas: int = 0
    timeout_ms: int = 100


async def pipelined(client: redis.Redis, commands: list[tuple[Any, ...]]) -> list[Any]:
    """The replies of `commands`, sent in one pipeline of the client; a command's own error
    (e.g. NOSCRIPT) is its reply, as on a lane (server/platform/redis_lane.py)."""
    async with client.pipeline(transaction=False) as pipe:
        for command in commands:
            pipe.execute_command(*command)
        return await pipe.execute(raise_on_error=False)


class CommandBatcher:
    """`lane`: a connection of the batcher's own (server/platform/redis_lane.py, a single Redis
    server): one batch at a time, and what comes meanwhile goes together in the next. Without
    one, each batch goes through the client's pool, several at once."""

    def __init__(self, client: redis.Redis, wait: ReplicaWait = ReplicaWait(),
                 on_unreplicated: Callable[[], None] | None = None,
                 lane: CommandLane | None = None, gather_s: float = 0.0) -> None:
        self.client = client
        self.wait = wait
        self.on_unreplicated = on_unreplicated
        self.lane = lane
        self.gather_s = gather_s  # 0: a batch goes in the loop turn its first command came
        self._pending: list[Pending] = []
        # The node's loop, asked for once: CPython 3.11's `get_running_loop` makes a `getpid`
        # system call each time, 2% of a busy node's samples when asked on every commit.
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sending: set[asyncio.Task] = set()
        self._draining = False  # the lane's sender is running

    async def execute(self, *command: Any) -> Any:
        """Run `command` (e.g. "EVALSHA", sha, ...) in the next batch; returns its reply."""
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        reply = loop.create_future()
        self._pending.append((command, reply))
        if len(self._pending) == 1:
            if self.gather_s:
                loop.call_later(self.gather_s, self._flush, loop)
            else:
                loop.call_soon(self._flush, loop)
        return await reply

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.lane is None:
            batch, self._pending = self._pending, []
            self._start(loop, self._send(batch))
        elif not self._draining and self._pending:
            self._draining = True
            self._start(loop, self._drain())

    def _start(self, loop: asyncio.AbstractEventLoop, job: Coroutine[Any, Any, None]) -> None:
        task = loop.create_task(job)
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _drain(self) -> None:
        """Send on the lane until nothing waits: each batch takes all that came meanwhile."""
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                await self._send(batch)
        finally:
            self._draining = False

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
        if self.lane is not None:
            return await self._run_on_lane(self.lane, commands)
        if self.wait.replicas:
            return await self._run_and_wait(commands)
        if len(commands) == 1:
            return [await self.client.execute_command(*commands[0])]
        return await pipelined(self.client, commands)

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
        self._check_acks(replies[len(commands):])
        return replies[:len(commands)]

    async def _run_on_lane(self, lane: CommandLane, commands: list[tuple[Any, ...]]) -> list[Any]:
        if not self.wait.replicas:
            return await lane.run(commands)
        replies = await lane.run([*commands, ("WAIT", self.wait.replicas, self.wait.timeout_ms)])
        self._check_acks(replies[len(commands):])
        return replies[:len(commands)]

    async def aclose(self) -> None:
        """Close the lane's connection (the client's pool is its owner's to close)."""
        if self.lane is not None:
            await self.lane.aclose()

    def _check_acks(self, acks: list[Any]) -> None:
        """Count a batch no WAIT confirmed on as many replicas as asked."""
        for acked in acks:
            if isinstance(acked, Exception) or acked < self.wait.replicas:
                log.warning("commit not acknowledged by %d replica(s) within %d ms: %r",
                            self.wait.replicas, self.wait.timeout_ms, acked)
                if self.on_unreplicated is not None:
                    self.on_unreplicated()
