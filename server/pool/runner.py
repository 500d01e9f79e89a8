"""The pairing of the rated pools: on one node at a time, a wave every WAVE_S.

Each node runs a `PoolRunner`; the one holding the lease (server/pool/lease.py, LEASE_MS,
renewed at every step of a wave) pairs, the others only keep asking for the lease, so when the
holder dies another takes over within LEASE_MS. A holder too slow to renew in time (an
overloaded node) loses the lease to another node; what it still writes is refused by the fence,
and the rooms it was making are made by the new holder (they are still unmade). A wave:
1. makes the rooms of pairings still unmade (a holder that died after pairing, before making);
2. drops the members who have left: no tab open (the player socket, on any node: `online`)
   and no page that asked within store.STALE_MS;
3. pairs each pool's members (server/pool/matching.py), never two players of whom one blocks
   the other (`blocks`), and commits the pairs in one fenced script (server/pool/store.py): a
   node that lost the lease meanwhile commits nothing;
4. makes the rooms (server/pool/rooms.py), tells both players on every tab they have open
   (`tell`: a `pool_paired` message on the player socket), and forgets pairings older than
   PAIRED_KEEP_MS. A page that missed the message finds the pairing when it asks
   (`GET /api/pool`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..platform.clock import now_ms
from ..platform.keys import new_room_id
from ..platform.store import STORE_ERRORS
from .lease import Lease
from .matching import Seeker, pair
from .rooms import PoolRooms
from .store import PAIRED_KEEP_MS, STALE_MS, Member, Pairing, PoolStore, pairing_view

log = logging.getLogger(__name__)

WAVE_S = 2.0
LEASE_MS = 6_000  # three waves: a holder that died is replaced within about this long
MAKING_AT_ONCE = 32  # rooms made concurrently after a wave

# Which pairs of players block each other, among those given: a set of frozenset({a, b}).
BlockLookup = Callable[[Sequence[str]], Awaitable[Collection[frozenset[str]]]]
# Which of the players given have a tab open (a player socket on a live node).
OnlineLookup = Callable[[Iterable[str]], Awaitable[set[str]]]
# Send a message to every tab of a player.
Tell = Callable[[str, dict[str, Any]], Awaitable[None]]


@dataclass(slots=True)
class WaveReport:
    """What one wave did (for logs, metrics and the bench)."""

    waiting: int = 0
    dropped: int = 0
    paired: int = 0  # pairs made
    pairing_s: float = 0.0  # the pure pairing's time
    making_s: float = 0.0  # the rooms' time


class LeaseLost(Exception):
    """Another node holds the pairing lease now: this wave stops."""


class PoolRunner:
    def __init__(self, store: PoolStore, rooms: PoolRooms, node_id: str, *,
                 blocks: BlockLookup | None = None, online: OnlineLookup | None = None,
                 tell: Tell | None = None) -> None:
        self.store = store
        self.rooms = rooms
        self.node_id = node_id
        self.lease = Lease(store.redis, store.keys["lease"], node_id, LEASE_MS)
        # From the packages above (server/app.py wires them): blocked pairs (server/relations/;
        # None: nobody blocks anybody), who has a tab open and how to tell them
        # (server/notifications/; None: only a page's asking keeps a player in the pool, and
        # pages learn of a pairing by asking).
        self.blocks = blocks
        self.online = online
        self.tell = tell

    async def run(self) -> None:
        while True:
            try:
                if await self.lease.hold():
                    await self.wave(now_ms())
            except LeaseLost:
                log.info("pool lease lost to %s during a wave", await self.lease.holder())
            except STORE_ERRORS as exc:
                log.warning("pool wave failed: %r", exc)
            except Exception:
                log.exception("pool wave failed")
            await asyncio.sleep(WAVE_S)

    async def close(self) -> None:
        try:
            await self.lease.release()
        except STORE_ERRORS as exc:
            log.warning("pool lease not released: %r", exc)

    async def leading(self) -> None:
        """Renew the lease, or stop the wave (LeaseLost)."""
        if not await self.lease.hold():
            raise LeaseLost()

    async def wave(self, now: int) -> WaveReport:
        report = WaveReport()
        started = time.perf_counter()
        await self.make_all(await self.store.unmade())
        members, seen = await self.store.waiting()
        unseen = [m.player_id for m, _raw in members if seen.get(m.player_id, 0) < now - STALE_MS]
        here = await self.online(unseen) if self.online is not None and unseen else set()
        stale = [pid for pid in unseen if pid not in here]
        if stale:
            report.dropped = max(0, await self.store.drop(self.node_id, stale, now - STALE_MS))
        stale_ids = set(stale)
        live = [(m, raw) for m, raw in members if m.player_id not in stale_ids]
        report.waiting = len(live)
        blocked = await self.blocks([m.player_id for m, _raw in live]) \
            if self.blocks is not None and live else ()
        pairing_started = time.perf_counter()
        by_pool: dict[str, list[tuple[Member, str]]] = defaultdict(list)
        for member, raw in live:
            by_pool[member.pool].append((member, raw))
        planned = []
        for pool_id, entries in by_pool.items():
            known = {m.player_id: (m, raw) for m, raw in entries}
            seekers = [Seeker(m.player_id, m.rating, m.since) for m, _raw in entries]
            for found in pair(seekers, now, blocked):
                (one, one_raw), (two, two_raw) = known[found.one.player_id], \
                    known[found.two.player_id]
                if secrets.randbelow(2):
                    (one, one_raw), (two, two_raw) = (two, two_raw), (one, one_raw)
                planned.append((Pairing(new_room_id(), pool_id, (one, two), now),
                                (one_raw, two_raw)))
        report.pairing_s = time.perf_counter() - pairing_started
        await self.leading()
        made = await self.store.pair(self.node_id, planned)
        if made is None:
            raise LeaseLost()
        report.paired = len(made)
        making_started = time.perf_counter()
        await self.make_all(made)
        report.making_s = time.perf_counter() - making_started
        await self.store.forget_pairings(now - PAIRED_KEEP_MS)
        if report.paired or report.dropped:
            log.info("pool wave: %d waiting, %d pairs, %d left; pairing %.3f s, rooms %.3f s, "
                     "in all %.3f s", report.waiting, report.paired, report.dropped,
                     report.pairing_s, report.making_s, time.perf_counter() - started)
        return report

    async def make_all(self, pairings: Sequence[Pairing]) -> None:
        """Make the pairings' rooms, a few at a time (renewing the lease between); each one
        made is no longer unmade."""
        for start in range(0, len(pairings), MAKING_AT_ONCE):
            await self.leading()
            await asyncio.gather(*(self.make(p) for p in pairings[start:start + MAKING_AT_ONCE]))

    async def make(self, pairing: Pairing) -> None:
        try:
            await self.rooms.make(pairing)
            await self.store.made(pairing.room_id)
        except Exception:
            log.exception("pool room %s not made; the next wave tries again", pairing.room_id)
            return
        if self.tell is not None:
            for member in pairing.seats:
                view = pairing_view(pairing, member.player_id)
                await self.tell(member.player_id, {"type": "pool_paired", "paired": view})
