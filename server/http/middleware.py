"""The one middleware every request passes through: the guards of server/http/guard.py and the
identity of server/http/identity.py, in that order.

One coroutine, not one per guard: a WebSocket's request lives as long as the socket, and so
does every middleware's frame around its handler (about 280 bytes each, and one more level
to pass through each time the socket's task wakes: issue 31, docs/performance.md).
"""

from __future__ import annotations

from aiohttp import web

from .guard import Handler, api_error, write_refusal
from .identity import give_identity, identify


@web.middleware
async def site_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        if (refused := write_refusal(request)) is not None:
            return refused
        issued = identify(request)
        response = await handler(request)
        if issued is not None:
            give_identity(request, response, issued)
        return response
    except web.HTTPException as exc:
        if (answer := api_error(request, exc)) is None:
            raise
        return answer


def setup(app: web.Application) -> None:
    app.middlewares.append(site_middleware)
