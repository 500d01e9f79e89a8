"""Tournaments as the rest of the server sees them: create, join, leave, read, list; and the
node's director loop (`build`, `running`).

Creating needs an account and is limited per account and per client address (counted in Redis
across nodes, server/platform/ip_limits.py). A join or a leave is judged by the pure rules
(tournament.py) against the stored tournament and stored by compare-and-set, judged again if
the director or another player changed it meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from ..notifications.service import Notifier
from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.ip_limits import IpLimit
from ..platform.keys import tournament_channel
from ..play.arena import Arena
from ..play.fanout import Fanout
from ..relations.service import require_account
from ..rooms.commands import PlayerRef
from . import archive, views
from .director import Director
from .rooms import TournamentRooms
from .store import TournamentStore
from .tournament import Player, Status, Terms, Tournament, join, leave

log = logging.getLogger(__name__)

ID_BYTES = 6  # 8 characters
ATTEMPTS = 5  # compare-and-set attempts of one join or leave
CREATE_WINDOW_S = 3600
BODIES_KEPT = 64  # tournaments whose standings a node keeps, the last read


@dataclass(slots=True, frozen=True)
class CreationLimits:
    """Tournaments an hour per account and per client address (None: no limit)."""

    by_player: IpLimit | None = None
    by_address: IpLimit | None = None


class TournamentService:
    def __init__(self, store: TournamentStore, engine: AsyncEngine,
                 limits: CreationLimits) -> None:
        self.store = store
        self.engine = engine
        self.limits = limits
        self._bodies: OrderedDict[str, tuple[int, dict[str, Any]]] = OrderedDict()

    async def create(self, player: PlayerRef, terms: Terms, address: str) -> Tournament:
        require_account(player, "create a tournament")
        for limit, client in ((self.limits.by_player, player.player_id),
                              (self.limits.by_address, address)):
            if limit is not None and not await limit.take(client):
                raise ArenaError(ErrorCode.RATE_LIMITED,
                                 f"too many tournaments created (at most {limit.count} an "
                                 "hour); wait a little")
        assert player.username is not None
        t = Tournament(secrets.token_urlsafe(ID_BYTES), replace(
            terms, created_by=player.player_id, creator_name=player.username), now_ms())
        await archive.created(self.engine, t)
        await self.store.add(t)
        log.info("tournament %s (%s) created by %s", t.id, t.format.value, player.username)
        return t

    async def get(self, tournament_id: str) -> Tournament:
        t = await self.store.load(tournament_id) if _plausible(tournament_id) else None
        if t is None and _plausible(tournament_id):
            t = await archive.load(self.engine, tournament_id)
        if t is None:
            raise ArenaError(ErrorCode.TOURNAMENT_NOT_FOUND, "no such tournament")
        return t

    async def join(self, tournament_id: str, player: PlayerRef, password: str | None
                   ) -> Tournament:
        require_account(player, "join a tournament")
        assert player.username is not None
        now = now_ms()

        def entrant(t: Tournament) -> Player:
            standing = player.standing(t.terms.variant)
            return Player(player.player_id, player.username or "",
                          standing.rating if standing else 1500,
                          standing.provisional if standing else True, now)
        return await self._change(tournament_id, lambda t: join(t, entrant(t), password))

    async def leave(self, tournament_id: str, player: PlayerRef) -> Tournament:
        return await self._change(tournament_id, lambda t: leave(t, player.player_id))

    async def _change(self, tournament_id: str,
                      change: Callable[[Tournament], Tournament]) -> Tournament:
        for _attempt in range(ATTEMPTS):
            t = await self.get(tournament_id)
            stored = await self.store.replace(t, change(t))  # the rules refuse, or store
            if stored is not None:
                return stored
        raise ArenaError(ErrorCode.CONFLICT, "the tournament kept changing; try again")

    async def page(self, tournament_id: str, viewer: str | None) -> dict[str, Any]:
        """The tournament for `viewer`; its standings worked out once per version and node
        (every open page asks every few seconds)."""
        t = await self.get(tournament_id)
        cached = self._bodies.pop(t.id, None)
        if cached is None or cached[0] != t.v:
            cached = (t.v, views.body(t))
        self._bodies[t.id] = cached
        while len(self._bodies) > BODIES_KEPT:
            self._bodies.popitem(last=False)
        return views.page(t, now_ms(), viewer, cached[1])

    async def lists(self) -> dict[str, list[dict[str, Any]]]:
        """`{"upcoming", "running", "recent"}`: the public tournaments, as summaries."""
        ids = await archive.listed(self.engine)
        now = now_ms()
        found = [t for t in await asyncio.gather(*(self._maybe(i) for i in ids["live"]))
                 if t is not None]
        recent = [t for t in await asyncio.gather(*(self._maybe(i) for i in ids["recent"]))
                  if t is not None]
        return {"upcoming": [views.summary(t, now) for t in found if t.status is Status.CREATED],
                "running": [views.summary(t, now) for t in found if t.status is Status.STARTED],
                "recent": [views.summary(t, now) for t in recent]}

    async def _maybe(self, tournament_id: str) -> Tournament | None:
        try:
            return await self.get(tournament_id)
        except ArenaError:
            return None


def _plausible(tournament_id: str) -> bool:
    return 0 < len(tournament_id) <= 16 and all(c.isalnum() or c in "-_" for c in tournament_id)


@dataclass(slots=True)
class Tournaments:
    """The node's tournament services: the face for routes, the director loop, and the
    tournaments' channels (`changes`: a player socket watching a tournament's page joins its
    channel there)."""

    service: TournamentService
    director: Director
    changes: Fanout


def build(arena: Arena, engine: AsyncEngine, outbox_key: str, notifier: Notifier
          ) -> Tournaments:
    """The node's tournaments (of the SQL database whose archive outbox is `outbox_key`),
    creation limited by TOURNAMENTS_PER_HOUR."""
    per_hour = arena.settings.tournaments_per_hour
    limits = CreationLimits(
        IpLimit(arena.ip_limiter, "tournament-by", per_hour, CREATE_WINDOW_S) if per_hour
        else None,
        IpLimit(arena.ip_limiter, "tournament-ip", 3 * per_hour, CREATE_WINDOW_S) if per_hour
        else None)
    changes = Fanout(arena.repo.redis, channel=tournament_channel)
    store = TournamentStore(arena.repo.redis, outbox_key, changes)
    rooms = TournamentRooms(arena, engine, arena.settings.tournament_grace_s * 1000)
    director = Director(arena.repo.redis, store, rooms, engine, notifier,
                        arena.settings.node_id)
    return Tournaments(TournamentService(store, engine, limits), director, changes)


@contextlib.asynccontextmanager
async def running(tournaments: Tournaments) -> AsyncIterator[Tournaments]:
    tasks = [asyncio.create_task(tournaments.director.run(), name="tournament-director"),
             asyncio.create_task(tournaments.changes.run(), name="tournament-fanout")]
    try:
        yield tournaments
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await tournaments.changes.close()
