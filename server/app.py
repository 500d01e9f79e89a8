"""The application factory: the one place that builds a node from its packages.

`create_app(settings)` opens, in this order and for the app's lifetime, the Redis client, the
SQL archive (migrated) and the services: the live-play arena (server/play/arena.py), the
analysis service (server/analysis/), the archive consumers (server/players/archive.py), the
notifications (server/notifications/node.py), follows and blocks (server/relations/),
challenges (server/challenges/), moderation (server/moderation/), the daily games' turn notices
(server/daily/), the rated pools (server/pool/), the puzzles (server/puzzles/) and the
tournaments (server/tournaments/, with the node's tournament director). They
live in the app context under the keys of server/http/context.py. Each function in
`ROUTE_SETUPS` then adds its routes (and, if it needs them, its own `app.cleanup_ctx` entries,
which run after the services exist): the HTTP API (server/http/) and the socket endpoint
(server/sockets/). To add a module of routes, give it a `setup(app: web.Application) -> None`
and list it in `ROUTE_SETUPS`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable

from aiohttp import web

from .analysis.service import AnalysisService
from .analysis.store import analysis_store
from .challenges import service as challenge_service
from .daily.turns import TurnNotices
from .http import (
    accounts,
    analysis,
    challenges,
    health,
    levels,
    limits,
    middleware,
    moderation,
    notifications,
    pages,
    player_rooms,
    players,
    pool,
    puzzles,
    relations,
    rooms,
    tournaments,
    variants,
)
from .http.context import (
    ANALYSIS,
    ARENA,
    CHALLENGES,
    MODERATION,
    NOTIFICATIONS,
    OUTBOX,
    POOL,
    PUZZLES,
    REDIS,
    RELATIONS,
    SETTINGS,
    SQL,
    TOURNAMENTS,
)
from .http.health import ping
from .moderation import service as moderation_service
from .notifications import node as notification_node
from .platform.settings import Settings
from .platform.store import create_redis
from .play import arena as play
from .players.archive import archive_consumers
from .players.store_sql import context as sql_store
from .pool import node as pool_node
from .puzzles.miner import PuzzleMiner
from .puzzles.service import PuzzleService
from .relations import service as relation_service
from .sockets import endpoint as sockets
from .sockets import player_socket
from .tournaments import service as tournament_service

log = logging.getLogger(__name__)

RouteSetup = Callable[[web.Application], None]


async def redis_context(app: web.Application) -> AsyncIterator[None]:
    """Open the store client for the app's lifetime; a Redis that is down is logged, not fatal,
    so the node starts, reports itself degraded on /healthz and recovers when Redis returns."""
    client = create_redis(app[SETTINGS])
    app[REDIS] = client
    if not await ping(client):
        log.warning("Redis is not answering yet; /healthz reports degraded until it does")
    yield
    await client.aclose()


async def sql_context(app: web.Application) -> AsyncIterator[None]:
    """The SQL archive, migrated to the newest schema before the node serves."""
    async with sql_store.opened(app[SETTINGS].sql_url) as (engine, outbox):
        app[SQL], app[OUTBOX] = engine, outbox
        yield


async def services_context(app: web.Application) -> AsyncIterator[None]:
    """The arena, the analysis service, the archive consumers, the notifications, relations and
    moderation (each a room chat check), and challenges, from start to a clean stop
    (notifications and analyses first, then the arena's loops and worker processes)."""
    settings, client, engine = app[SETTINGS], app[REDIS], app[SQL]
    arena = play.build_arena(settings, client, app[OUTBOX])
    analyses = analysis_store(client, engine, settings)
    app[ARENA] = arena
    app[ANALYSIS] = AnalysisService(arena.repo, analyses, settings, arena.metrics, arena.pool)
    outboxes = [arena.repo.buckets.outbox(app[OUTBOX], bucket)
                for bucket in arena.repo.buckets.all()]
    async with contextlib.AsyncExitStack() as stack:
        await stack.enter_async_context(play.running(arena))
        await stack.enter_async_context(archive_consumers(
            client, engine, outboxes, settings.node_id, arena.metrics, analyses,
            embedded=settings.embedded_store))
        stack.push_async_callback(app[ANALYSIS].close)
        notes = app[NOTIFICATIONS] = await stack.enter_async_context(
            notification_node.running(notification_node.build(arena, engine)))
        social = app[RELATIONS] = relation_service.build(
            engine, notes.presence, arena.player_rooms, notes.notifier, arena.ip_limiter)
        arena.chat.sender_checks.append(social.check_chat)
        app[CHALLENGES] = challenge_service.build(arena, notes.notifier, social)
        mods = app[MODERATION] = moderation_service.build(arena, engine)
        arena.chat.sender_checks.append(mods.check_chat)
        app[TOURNAMENTS] = await stack.enter_async_context(tournament_service.running(
            tournament_service.build(arena, engine, app[OUTBOX], notes.notifier)))
        turns = TurnNotices(notes.notifier, arena.presence)
        arena.service.after_commit.append(turns.on_commit)
        stack.push_async_callback(turns.close)
        app[POOL] = await stack.enter_async_context(
            pool_node.running(pool_node.build(arena, notes, social.blocks_among)))
        app[PUZZLES] = PuzzleService(engine, client)
        await app[PUZZLES].seed()
        if settings.puzzle_workers:
            miner = PuzzleMiner(engine, client, arena.metrics, arena.pool,
                                settings.puzzle_workers, settings.node_id)
            miner.start()
            stack.push_async_callback(miner.close)
        yield


ROUTE_SETUPS: tuple[RouteSetup, ...] = (
    health.setup,
    middleware.setup,
    pages.setup,
    rooms.setup,
    variants.setup,
    levels.setup,
    player_socket.setup,  # /ws/me, before the room sockets' /ws/{room_id}
    sockets.setup,
    analysis.setup,
    player_rooms.setup,
    players.setup,
    accounts.setup,
    limits.setup,
    notifications.setup,
    relations.setup,
    challenges.setup,
    moderation.setup,
    tournaments.setup,
    pool.setup,
    puzzles.setup,
)


def create_app(
    settings: Settings, route_setups: tuple[RouteSetup, ...] = ROUTE_SETUPS
) -> web.Application:
    app = web.Application()
    app[SETTINGS] = settings
    app.cleanup_ctx.extend((redis_context, sql_context, services_context))
    for setup in route_setups:
        setup(app)
    return app
