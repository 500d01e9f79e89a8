"""The director: what pairs and advances each tournament, on exactly one node at a time.

Every node runs `Director.run`. Each tick (TICK_S) it goes through the tournaments still to run
and, for each, takes or renews that tournament's lease (the rated pools' `Lease`,
server/pool/lease.py); the node holding it does one step, the others nothing. A node killed
with -9 stops renewing; its leases expire after LEASE_MS and the next tick of another node
takes them over.

A step (`step`) keeps no state in memory between ticks: it reads the tournament from Redis,
looks at its games' rooms (results, a missed start), works out the next state (progress.py,
pure), stores it by a compare-and-set fenced by the lease, and only then makes the new rooms
and tells their players. So a takeover mid-round finds every pairing already stored: a room
the dead node did not make yet is made now (the same room id), nothing is paired twice, and
no finished game is lost (its result is read from its room or the archive). A finished
tournament is archived in SQL, then leaves the active set.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace

import redis.asyncio as redis
from sqlalchemy.ext.asyncio import AsyncEngine

from ..notifications.kinds import Kind
from ..notifications.service import Notifier
from ..platform.clock import now_ms
from ..platform.keys import new_room_id, tournament_lease_key
from ..platform.store import STORE_ERRORS
from ..pool.lease import Lease
from . import archive
from .progress import advance
from .results import Ending, Game
from .rooms import NOT_MADE, TournamentRooms
from .store import KEEP_FINISHED_S, TournamentStore
from .tournament import Status, Tournament

log = logging.getLogger(__name__)

TICK_S = 1.0
LEASE_MS = 5_000


class Director:
    def __init__(self, client: redis.Redis, store: TournamentStore, rooms: TournamentRooms,
                 engine: AsyncEngine, notifier: Notifier, node_id: str,
                 lease_ms: int = LEASE_MS, tick_s: float = TICK_S) -> None:
        self.redis = client
        self.store = store
        self.rooms = rooms
        self.engine = engine
        self.notifier = notifier
        self.node_id = node_id
        self.lease_ms = lease_ms
        self.tick_s = tick_s

    async def run(self) -> None:
        while True:
            try:
                await self.tick()
            except STORE_ERRORS as error:
                log.warning("tournament director: store unavailable: %r", error)
            await asyncio.sleep(self.tick_s)

    async def tick(self) -> None:
        for tournament_id in await self.store.active():
            lease = Lease(self.redis, tournament_lease_key(tournament_id), self.node_id,
                          self.lease_ms)
            if not await lease.hold():
                continue
            try:
                await self.step(tournament_id, lease)
            except Exception:  # noqa: BLE001 - one tournament's failure stops no other
                log.exception("tournament %s: step failed; tried again next tick",
                              tournament_id)

    async def step(self, tournament_id: str, lease: Lease) -> None:
        t = await self.store.load(tournament_id)
        if t is None or t.archived:
            await self.store.retire(tournament_id)
            return
        if t.status is Status.FINISHED:
            await self._archive(t)
            return
        now = now_ms()
        ended: dict[str, Ending] = {}
        unmade: list[Game] = []
        playing = t.playing()
        looks = await asyncio.gather(*(self.rooms.outcome(t, game, now) for game in playing))
        for game, found in zip(playing, looks, strict=True):
            if found == NOT_MADE:
                unmade.append(game)
            elif isinstance(found, Ending):
                ended[game.room_id] = found  # type: ignore[index]
        new, paired = advance(t, now, ended, new_room_id)
        if new != t:
            # Renewed just before the write: a step slower than the lease (a loaded machine)
            # would otherwise always find the lease taken over, on every node, for good.
            if not await lease.hold():
                return
            stored = await self.store.replace(t, new, director=self.node_id)
            if stored is None:
                return  # a player joined or left meanwhile: the next tick sees it
            if t.status is Status.CREATED:
                await archive.started(self.engine, stored)
            t = stored
        games = [g for g in (*unmade, *paired) if g.room_id is not None]  # not a bye, forfeit
        started = await asyncio.gather(*(self._start_game(t, game, now) for game in games),
                                       return_exceptions=True)
        for game, outcome in zip(games, started, strict=True):
            if isinstance(outcome, Exception):  # made on the next tick (NOT_MADE)
                log.warning("tournament %s: room %s not made: %r", t.id, game.room_id, outcome)
        if t.status is Status.FINISHED:
            log.info("tournament %s finished (%d games)", t.id, len(t.games))
            await self._archive(t)

    async def _start_game(self, t: Tournament, game: Game, now: int) -> None:
        """Make the room and tell both players (told again only if the room was not made:
        after a takeover, the players of a room the dead node made were told)."""
        if not await self.rooms.make(t, game, now):
            return
        for player, opponent in ((game.first, game.second), (game.second, game.first)):
            other = t.player(opponent) if opponent else None
            with contextlib.suppress(*STORE_ERRORS):
                await self.notifier.publish(player, Kind.TOURNAMENT_GAME, {
                    "tournament_id": t.id, "name": t.terms.name, "room_id": game.room_id,
                    "round": game.round, "opponent": other.username if other else None},
                    ref=f"tournament:{t.id}")

    async def _archive(self, t: Tournament) -> None:
        await archive.finished(self.engine, t)
        stored = await self.store.replace(t, replace(t, archived=True), director=self.node_id,
                                          keep_s=KEEP_FINISHED_S)
        if stored is not None:
            await self.store.retire(t.id)
