"""Who is online: accounts with a notification socket (`/ws/me`, one per tab) open on any node.

Each node counts its own sockets per player. For an account it keeps, while it has one,
`player:{id}:online` (hash: node -> when last seen) and the global sorted set `players:online`
(player id -> when last seen) fresh, rewriting both every REFRESH_S in one pipeline; a node's
entries older than STALE_MS do not count, so the players of a node that died go offline by
themselves. A player's last socket on a node closing removes that node's entry at once.
Anonymous players are not tracked: nobody can follow, list or challenge them by name.

`on_online` hooks run (in the background) when an account comes online: its first socket
opens while no live node had one (server/relations/ tells its followers).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable

import redis.asyncio as redis

from ..platform.clock import now_ms
from ..platform.keys import ONLINE_PLAYERS_KEY, player_online_key
from ..platform.store import STORE_ERRORS
from ..rooms.commands import PlayerRef

log = logging.getLogger(__name__)

REFRESH_S = 5.0
STALE_MS = 15_000
KEY_TTL_S = 60  # a player's hash outlives a few missed refreshes, then goes by itself

OnlineHook = Callable[[PlayerRef], Awaitable[None]]


class PlayerPresence:
    def __init__(self, client: redis.Redis, node_id: str) -> None:
        self.redis = client
        self.node_id = node_id
        self.local: Counter[str] = Counter()       # sockets on this node, per player
        self.accounts: dict[str, PlayerRef] = {}   # the accounts among them
        self.on_online: list[OnlineHook] = []
        self._tasks: set[asyncio.Task[None]] = set()

    def sockets(self) -> int:
        return sum(self.local.values())

    async def connected(self, player: PlayerRef) -> None:
        first = self.local[player.player_id] == 0
        self.local[player.player_id] += 1
        if not first or player.username is None:
            return
        self.accounts[player.player_id] = player
        came_online = not await self._seen_elsewhere(player.player_id)
        await self._write([player.player_id], now_ms())
        if came_online:
            for hook in self.on_online:
                self._background(hook(player))

    async def disconnected(self, player: PlayerRef) -> None:
        pid = player.player_id
        self.local[pid] -= 1
        if self.local[pid] > 0:
            return
        del self.local[pid]
        if self.accounts.pop(pid, None) is None:
            return
        key = player_online_key(pid)
        await self.redis.hdel(key, self.node_id)
        if not await self._seen_elsewhere(pid):
            await self.redis.zrem(ONLINE_PLAYERS_KEY, pid)

    async def _seen_elsewhere(self, player_id: str) -> bool:
        cutoff = now_ms() - STALE_MS
        entries = await self.redis.hgetall(player_online_key(player_id))
        return any(node != self.node_id and int(seen) >= cutoff
                   for node, seen in entries.items())

    async def _write(self, player_ids: list[str], now: int) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            for pid in player_ids:
                pipe.hset(player_online_key(pid), self.node_id, now)
                pipe.expire(player_online_key(pid), KEY_TTL_S)
            if player_ids:
                pipe.zadd(ONLINE_PLAYERS_KEY, dict.fromkeys(player_ids, now))
            pipe.zremrangebyscore(ONLINE_PLAYERS_KEY, "-inf", now - STALE_MS)
            await pipe.execute()

    async def online(self, player_ids: Iterable[str]) -> set[str]:
        """Those of `player_ids` with a tab open on a live node."""
        wanted = list(player_ids)
        if not wanted:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for pid in wanted:
                pipe.hvals(player_online_key(pid))
            seen = await pipe.execute()
        cutoff = now_ms() - STALE_MS
        return {pid for pid, times in zip(wanted, seen, strict=True)
                if any(int(t) >= cutoff for t in times)}

    async def online_players(self, limit: int) -> list[str]:
        """Up to `limit` accounts online, most recently seen first."""
        return await self.redis.zrevrangebyscore(ONLINE_PLAYERS_KEY, "+inf",
                                                 now_ms() - STALE_MS, start=0, num=limit)

    async def run(self) -> None:
        """Keep this node's accounts fresh for the other nodes."""
        while True:
            await asyncio.sleep(REFRESH_S)
            try:
                await self._write(list(self.accounts), now_ms())
            except STORE_ERRORS as exc:
                log.warning("online players refresh failed: %r", exc)

    def _background(self, job: Awaitable[None]) -> None:
        async def run() -> None:
            try:
                await job
            except Exception:
                log.exception("an online hook failed")
        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
