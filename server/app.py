"""The aiohttp application factory.

`create_app(settings)` builds the app: settings, the Redis client and the SQL engine live in the
app context (`app[SETTINGS]`, `app[REDIS]`, `app[SQL]`, keys in server/appkeys.py); each
function in `ROUTE_SETUPS` adds its routes (and, if it needs them, its own `app.cleanup_ctx`
entries, which run after the Redis client exists). To add a module of routes, give it a
`setup(app: web.Application) -> None` and list it in `ROUTE_SETUPS`.

This module itself serves the operational endpoint `/healthz` and the browser client: `/` is
`client/index.html`, `/static/...` are the files under `client/`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable

import redis.asyncio as redis
from aiohttp import web

from . import (
    __version__,
    accounts,
    analysis_api,
    api,
    archive,
    identity,
    limits_api,
    player_rooms,
    players_api,
)
from .appkeys import REDIS, SETTINGS
from .pages import index_page
from .settings import Settings
from .store import STORE_ERRORS, cluster_serves_every_slot, create_redis, is_cluster
from .store_sql import context as sql_store

log = logging.getLogger(__name__)

HEALTH_PING_TIMEOUT_S = 2.0

RouteSetup = Callable[[web.Application], None]


async def redis_context(app: web.Application) -> AsyncIterator[None]:
    """Open the store client for the app's lifetime; a Redis that is down is logged, not fatal,
    so the node starts, reports itself degraded on /healthz and recovers when Redis returns."""
    settings = app[SETTINGS]
    client = create_redis(settings)
    app[REDIS] = client
    if not await ping(client):
        log.warning("Redis is not answering yet; /healthz reports degraded until it does")
    yield
    await client.aclose()


async def ping(client: redis.Redis) -> bool:
    """Can this node use its store? A single Redis answers PING; a Redis Cluster serves every
    slot from masters this node reaches (server/store.py)."""
    try:
        async with asyncio.timeout(HEALTH_PING_TIMEOUT_S):
            if is_cluster(client):
                return await cluster_serves_every_slot(client)
            return bool(await client.ping())
    except (*STORE_ERRORS, TimeoutError) as exc:
        log.debug("redis ping failed: %r", exc)
        return False


async def healthz(request: web.Request) -> web.Response:
    """200 when this node can reach its store, 503 ("degraded") when it cannot; load balancers
    and Docker's HEALTHCHECK read the status code, people read the JSON."""
    app = request.app
    settings = app[SETTINGS]
    redis_ok = await ping(app[REDIS])
    body = {
        "status": "ok" if redis_ok else "degraded",
        "redis": redis_ok,
        "store": "embedded" if settings.embedded_store else "redis",
        "node": settings.node_id,
        "version": __version__,
    }
    return web.json_response(body, status=200 if redis_ok else 503)


def setup_health(app: web.Application) -> None:
    app.router.add_get("/healthz", healthz)


def setup_client(app: web.Application) -> None:
    client_dir = app[SETTINGS].client_dir
    if not (client_dir / "index.html").is_file():
        log.error("client not found: %s has no index.html (set CLIENT_DIR)", client_dir)
    app.router.add_get("/", index_page)
    if client_dir.is_dir():
        app.router.add_static("/static/", client_dir)


ROUTE_SETUPS: tuple[RouteSetup, ...] = (
    setup_health,
    identity.setup,
    setup_client,
    sql_store.setup,
    api.setup,
    analysis_api.setup,
    archive.setup,
    player_rooms.setup,
    players_api.setup,
    accounts.setup,
    limits_api.setup,
)


def create_app(
    settings: Settings, route_setups: tuple[RouteSetup, ...] = ROUTE_SETUPS
) -> web.Application:
    app = web.Application()
    app[SETTINGS] = settings
    app.cleanup_ctx.append(redis_context)
    for setup in route_setups:
        setup(app)
    return app
