"""`GET /api/limits`: the input limits a client checks before it sends, as
server/client_limits.py gathers them from their homes, so the browser holds no copy."""

from __future__ import annotations

from aiohttp import web

from .client_limits import client_limits


async def get_limits(_request: web.Request) -> web.Response:
    return web.json_response(client_limits())


def setup(app: web.Application) -> None:
    app.router.add_get("/api/limits", get_limits)
