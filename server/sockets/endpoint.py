"""`GET /ws/{room_id}`: one socket per tab, speaking docs/protocol.md §3.

This module accepts the socket (origin, sockets per address, frame size, heartbeat, a bounded
kernel send buffer) and hands it to a `Connection` (server/sockets/connection.py, the I/O) around
a `SocketSession` (server/sockets/session.py, every decision, no I/O): hello and seat, resume or
snapshot, de-duplication by version, the seat a rematch swaps, abuse. On shutdown it tells every
client to reconnect elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import socket

from aiohttp import WSCloseCode, web

from ..http.context import ARENA, SQL
from ..http.identity import player_of
from ..http.proxy import client_address
from ..platform.errors import ArenaError, ErrorCode
from .connection import Connection
from .ratings import rematch_standings

log = logging.getLogger(__name__)

MAX_FRAME_BYTES = 4096
HEARTBEAT_S = 20.0
SEND_BUFFER = 64 * 1024   # kernel send buffer per socket (not auto-tuned up to megabytes)


def refusal(request: web.Request) -> web.Response | None:
    """The answer instead of an upgrade: a forbidden origin, or an address at its socket cap
    (room and player sockets count together); None to accept."""
    arena = request.app[ARENA]
    if not arena.settings.origin_allowed(request.headers.get("Origin"), request.host):
        error = ArenaError(ErrorCode.ORIGIN_FORBIDDEN, "this page's origin may not connect")
        return web.json_response(error.to_dict(), status=403)
    cap = arena.settings.max_sockets_per_ip
    if cap and arena.sockets_per_ip[client_address(request)] >= cap:
        arena.metrics.errors.labels(code=ErrorCode.RATE_LIMITED.value).inc()
        error = ArenaError(ErrorCode.RATE_LIMITED, "too many open connections from your address")
        return web.json_response(error.to_dict(), status=429)
    return None


class Counted:
    """Counts a socket against its address's cap for as long as it is open (`with`, which gives
    the address). Enter it before the first await after `refusal`: no race past the cap. A
    class, not a generator: every open socket holds it for its whole life (issue 31)."""

    __slots__ = ("sockets", "address")

    def __init__(self, request: web.Request) -> None:
        self.sockets = request.app[ARENA].sockets_per_ip
        self.address = client_address(request)

    def __enter__(self) -> str:
        self.sockets[self.address] += 1
        return self.address

    def __exit__(self, *_exc: object) -> None:
        self.sockets[self.address] -= 1
        if not self.sockets[self.address]:
            del self.sockets[self.address]


async def prepared(request: web.Request) -> web.WebSocketResponse:
    """The upgraded socket. No permessage-deflate: messages are small JSON, and each socket's
    zlib state costs about 110 KiB of server memory (bench/load.py scenario 2,
    docs/performance.md). aiohttp refuses a message of max_msg_size bytes itself: + 1 lets
    exactly 4096 through."""
    ws = web.WebSocketResponse(max_msg_size=MAX_FRAME_BYTES + 1, heartbeat=HEARTBEAT_S,
                               compress=False)
    bound_send_buffer(request.transport)
    await ws.prepare(request)
    return ws


async def websocket(request: web.Request) -> web.StreamResponse:
    if (refused := refusal(request)) is not None:
        return refused
    arena = request.app[ARENA]
    with Counted(request) as address:
        ws = await prepared(request)
        connection = Connection(arena, ws, request.match_info["room_id"], request.transport,
                                address)
        connection.player = await player_of(request)
        connection.ratings = functools.partial(rematch_standings, request.app[SQL])
        arena.sockets.add(ws)
        try:
            await connection.run()
        finally:
            arena.sockets.discard(ws)
            await connection.finish()
    return ws


def bound_send_buffer(transport: asyncio.BaseTransport | None) -> None:
    """A fixed kernel send buffer: game messages are small, and a client that stops reading
    must not pin megabytes of kernel memory while it waits to be cut off."""
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)


async def close_sockets(app: web.Application) -> None:
    """On shutdown, tell every client to reconnect (to another node)."""
    if ARENA not in app:
        return
    for ws in list(app[ARENA].sockets):
        with contextlib.suppress(Exception):
            await ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutting down")


def setup(app: web.Application) -> None:
    app.router.add_get("/ws/{room_id}", websocket)
    app.on_shutdown.append(close_sockets)
