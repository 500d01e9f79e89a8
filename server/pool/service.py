"""What a player does with the rated pools (docs/protocol.md §2j): see how many wait in each,
join one, ask how the search goes (which keeps their place: a page that stops asking has left),
leave. The pairing itself is the runner's (server/pool/runner.py)."""

from __future__ import annotations

from typing import Any

from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..rooms.commands import PlayerRef
from .matching import Seeker, window
from .pools import POOLS, find_pool
from .rooms import PoolRooms
from .store import Member, PoolStore, pairing_view


class PoolService:
    def __init__(self, store: PoolStore, rooms: PoolRooms) -> None:
        self.store = store
        self.rooms = rooms

    async def overview(self) -> list[dict[str, Any]]:
        """Every pool with the number of players waiting in it."""
        counts = await self.store.counts()
        return [pool.to_dict() | {"waiting": counts.get(pool_id, 0)}
                for pool_id, pool in POOLS.items()]

    async def join(self, player: PlayerRef | None, pool_id: object) -> dict[str, Any]:
        """Wait in the pool (an account only: its games are rated), leaving any other."""
        pool = find_pool(pool_id)
        if player is None or player.username is None:
            raise ArenaError(ErrorCode.NOT_LOGGED_IN, "log in to play rated games")
        standing = player.standing(pool.variant)
        assert standing is not None  # an account has a rating in every variant
        now = now_ms()
        await self.store.join(Member(player.player_id, player.username, standing.rating,
                                     standing.provisional, pool.id, now), now)
        return await self.status(player.player_id)

    async def status(self, player_id: str) -> dict[str, Any]:
        """The player's search: the pool they wait in (with since when and how many others
        wait there), or their last pairing, whose room is made now if it was not yet."""
        now = now_ms()
        standing = await self.store.poll(player_id, now)
        member, paired = standing.member, standing.paired
        if paired is not None and await self.store.is_unmade(paired.room_id):
            await self.rooms.make(paired)
            await self.store.made(paired.room_id)
        others = 0
        if member is not None:
            others = max(0, (await self.store.counts()).get(member.pool, 0) - 1)
        return {"pool": member.pool if member else None, "since": member.since if member else None,
                "rating": member.rating if member else None,
                "window": window(Seeker(player_id, member.rating, member.since), now)
                if member else None, "others": others,
                "paired": pairing_view(paired, player_id) if paired else None}

    async def leave(self, player_id: str) -> bool:
        return await self.store.leave(player_id)
