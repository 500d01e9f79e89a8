"""The rated pools of one node: the service the routes use and the pairing runner, started and
stopped with the node (server/app.py; routes reach them as `app[POOL]`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from ..notifications.node import Notifications
from ..play.arena import Arena
from .rooms import PoolRooms
from .runner import BlockLookup, PoolRunner
from .service import PoolService
from .store import PoolStore


@dataclass(slots=True)
class Pools:
    service: PoolService
    runner: PoolRunner


def build(arena: Arena, notifications: Notifications,
          blocks: BlockLookup | None = None) -> Pools:
    """The pools of a node: pairs never blocked (`blocks`), members kept while a tab of theirs
    is open, pairings told on the players' sockets (`notifications`)."""
    store = PoolStore(arena.repo.redis, arena.repo.outbox_key)
    rooms = PoolRooms(arena)
    return Pools(PoolService(store, rooms), PoolRunner(
        store, rooms, arena.settings.node_id, blocks=blocks,
        online=notifications.presence.online, tell=notifications.notifier.push))


@contextlib.asynccontextmanager
async def running(pools: Pools) -> AsyncIterator[Pools]:
    task = asyncio.create_task(pools.runner.run(), name="pool-runner")
    try:
        yield pools
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await pools.runner.close()
