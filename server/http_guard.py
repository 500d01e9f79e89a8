"""Middleware for `/api/*`: every refusal is JSON with a code, also those aiohttp decides
itself (no such route, wrong method), which it would otherwise answer in text/plain.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from .errors import ArenaError, ErrorCode

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

API_PREFIX = "/api/"

_CODES = {404: ErrorCode.NOT_FOUND, 405: ErrorCode.METHOD_NOT_ALLOWED,
          413: ErrorCode.BODY_TOO_LARGE}


@web.middleware
async def json_api_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except web.HTTPException as exc:
        if not request.path.startswith(API_PREFIX) or exc.status < 400:
            raise
        code = _CODES.get(exc.status, ErrorCode.BAD_REQUEST)
        message = f"{request.method} {request.path}: {exc.reason.lower()}"
        headers = {"Allow": exc.headers["Allow"]} if "Allow" in exc.headers else None
        return web.json_response(ArenaError(code, message).to_dict(), status=exc.status,
                                 headers=headers)
