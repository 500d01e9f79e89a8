"""Automatic pipelining: the Redis commands a node issues in one event-loop turn go out together.

Under load many sockets' moves are handled in the same turn of the loop, and each would pay for
its own socket write (a loopback write also runs Redis's receive path in the sender's system
call), its own pooled-connection checkout and its own reply wait. Collected into one pipeline
they cost one write and one round trip (the idea of ioredis's `enableAutoPipelining`). Each
caller still gets its own reply or its own exception; a lone command goes out as it is.
"""

from __future__ import annotations

import asyncio
from typing import Any

import redis.asyncio as redis

Pending = tuple[tuple[Any, ...], asyncio.Future]


class CommandBatcher:
    def __init__(self, client: redis.Redis) -> None:
        self.client = client
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
        if len(commands) == 1:
            return [await self.client.execute_command(*commands[0])]
        async with self.client.pipeline(transaction=False) as pipe:
            for command in commands:
                pipe.execute_command(*command)
            return await pipe.execute(raise_on_error=False)
