"""The guards of `/api/*` (run by server/http/middleware.py): every refusal is JSON with a code,
and state-changing requests come only from pages allowed to make them; `json_errors`, the same
for one handler's own refusals (counted in the metrics by code), and for its failures (logged,
`internal_error`).

`api_error` also covers the refusals aiohttp decides itself (no such route, wrong method),
which it would otherwise answer in text/plain.

`write_refusal` stops cross-site request forgery. A foreign web page cannot read our
answers, but it can make its visitors' browsers send a POST (a form, or `fetch` in no-cors
mode) and so create rooms or take free seats in their name. Such "simple" requests can only
carry `text/plain`, form or multipart bodies; a JSON content type makes the browser ask first
(CORS preflight), which this server never grants. So a state-changing request must say
`Content-Type: application/json` (else `415 bad_content_type`) and, when it has an `Origin`,
come from an origin the sockets would accept (`Settings.origin_allowed`: the server's own
host or ALLOWED_ORIGINS; else `403 origin_forbidden`). Clients that are not browsers send no
Origin and are not affected.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from ..platform.errors import ArenaError, ErrorCode
from .context import ARENA, SETTINGS

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

API_PREFIX = "/api/"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
JSON_TYPE = "application/json"

_CODES = {404: ErrorCode.NOT_FOUND, 405: ErrorCode.METHOD_NOT_ALLOWED,
          413: ErrorCode.BODY_TOO_LARGE}


def api_error(request: web.Request, exc: web.HTTPException) -> web.Response | None:
    """The JSON answer for a refusal aiohttp raised under `/api/` (None: let it through as it is:
    outside the API, or not an error)."""
    if not request.path.startswith(API_PREFIX) or exc.status < 400:
        return None
    code = _CODES.get(exc.status, ErrorCode.BAD_REQUEST)
    message = f"{request.method} {request.path}: {exc.reason.lower()}"
    headers = {"Allow": exc.headers["Allow"]} if "Allow" in exc.headers else None
    return web.json_response(ArenaError(code, message).to_dict(), status=exc.status,
                             headers=headers)


def _refusal(error: ArenaError) -> web.Response:
    return web.json_response(error.to_dict(), status=error.http_status)


def write_refusal(request: web.Request) -> web.Response | None:
    """The refusal of a state-changing API request from a foreign page or without a JSON body
    (None: it may go on)."""
    if request.method in SAFE_METHODS or not request.path.startswith(API_PREFIX):
        return None
    if not request.app[SETTINGS].origin_allowed(request.headers.get("Origin"), request.host):
        return _refusal(ArenaError(ErrorCode.ORIGIN_FORBIDDEN,
                                   "this page's origin may not change anything here"))
    if request.content_type != JSON_TYPE:
        return _refusal(ArenaError(ErrorCode.BAD_CONTENT_TYPE,
                                   f"send the request body as {JSON_TYPE}"))
    return None


def json_errors(handler: Handler) -> Handler:
    async def wrapped(request: web.Request) -> web.StreamResponse:
        try:
            return await handler(request)
        except ArenaError as error:
            request.app[ARENA].metrics.errors.labels(code=error.code.value).inc()
            return web.json_response(error.to_dict(), status=error.http_status)
        except web.HTTPException:
            raise
        except Exception:
            log.exception("%s %s failed", request.method, request.path)
            error = ArenaError(ErrorCode.INTERNAL_ERROR, "the server failed; nothing changed")
            return web.json_response(error.to_dict(), status=error.http_status)
    return wrapped


def bad_request(message: str) -> ArenaError:
    return ArenaError(ErrorCode.BAD_REQUEST, message)
