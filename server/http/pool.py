"""HTTP routes of docs/protocol.md §2j, the rated pools: how many wait in each, join one, ask
how the search goes (a page asks every few seconds while it waits: that keeps its place), leave.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from aiohttp import web

from .bodies import Body, decode, read_body
from .context import POOL
from .guard import json_errors
from .identity import player_of


class PoolBody(Body, frozen=True):
    """POST /api/pool: the pool to wait in (GET /api/pools lists them)."""

    pool: Annotated[str, msgspec.Meta(max_length=64)]


async def player_id(request: web.Request) -> str:
    player = await player_of(request)
    assert player is not None  # every /api/ request carries an identity or is given one
    return player.player_id


@json_errors
async def get_pools(request: web.Request) -> web.Response:
    return web.json_response({"pools": await request.app[POOL].service.overview()})


@json_errors
async def get_pool(request: web.Request) -> web.Response:
    return web.json_response(await request.app[POOL].service.status(await player_id(request)))


@json_errors
async def post_pool(request: web.Request) -> web.Response:
    body = decode(await read_body(request), PoolBody)
    return web.json_response(
        await request.app[POOL].service.join(await player_of(request), body.pool))


@json_errors
async def delete_pool(request: web.Request) -> web.Response:
    return web.json_response(
        {"left": await request.app[POOL].service.leave(await player_id(request))})


def setup(app: web.Application) -> None:
    app.router.add_get("/api/pools", get_pools)
    app.router.add_get("/api/pool", get_pool)
    app.router.add_post("/api/pool", post_pool)
    app.router.add_delete("/api/pool", delete_pool)
