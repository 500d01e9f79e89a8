"""Operational endpoints: `/healthz` for load balancers and Docker's HEALTHCHECK, `/metrics` in
the Prometheus text format (docs/deploy.md)."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

import redis.asyncio as redis
from aiohttp import web

from .. import __version__
from ..platform.store import STORE_ERRORS, cluster_serves_every_slot, is_cluster
from ..rooms import Status
from .context import ARENA, REDIS, SETTINGS

log = logging.getLogger(__name__)

HEALTH_PING_TIMEOUT_S = 2.0


async def ping(client: redis.Redis) -> bool:
    """Can this node use its store? A single Redis answers PING; a Redis Cluster serves every
    slot from masters this node reaches (server/platform/store.py)."""
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
    and Docker's HEALTHCHECK read the status code, people read the JSON. `ai` is "warming"
    while a cold engine cache is compiled ahead, before the AI workers start (searches wait
    meanwhile), then "ready"; a warming node is still healthy: it serves pages and games, and
    its AI moves come once it is ready."""
    app = request.app
    settings = app[SETTINGS]
    redis_ok = await ping(app[REDIS])
    body = {
        "status": "ok" if redis_ok else "degraded",
        "redis": redis_ok,
        "store": "embedded" if settings.embedded_store else "redis",
        "ai": "warming" if app[ARENA].pool.warming else "ready",
        "node": settings.node_id,
        "version": __version__,
    }
    return web.json_response(body, status=200 if redis_ok else 503)


async def metrics(request: web.Request) -> web.Response:
    arena = request.app[ARENA]
    by_status = Counter()
    for room_id in list(arena.presence.local):
        state = await arena.repo.find(room_id)
        if state is not None:
            by_status[state.status.value] += 1
    for status in Status:
        arena.metrics.rooms.labels(status=status.value).set(by_status[status.value])
    return web.Response(body=arena.metrics.render(),
                        headers={"Content-Type": arena.metrics.content_type})


def setup(app: web.Application) -> None:
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
