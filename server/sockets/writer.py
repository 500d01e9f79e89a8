"""How the room sockets write: frames straight to the transport, at once; and how the player
sockets (server/sockets/player_socket.py, a writer task each) stop their writer.

No writer task and no queue per room socket (a task switch per socket per message, and part of
an idle socket's memory, docs/performance.md): the code that produces a frame (the
fan-out's delivery, a command's reply) writes it, so frames leave in the order they were made.
A room event's JSON is encoded once per node (server/play/fanout.py) and shared by every socket
of the room; each socket adds only its frame header. What the kernel does not take yet waits in
the transport, and a socket that stops reading is cut off (the connection aborted) once
UNSENT_LIMIT bytes wait: the room's other sockets never wait for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
from typing import Any

from aiohttp import web

log = logging.getLogger(__name__)

UNSENT_LIMIT = 64 * 1024  # bytes the kernel would not take yet, before a slow socket is dropped
TEXT = 0x81  # FIN + opcode 1 (text); the server never compresses, so no RSV bit is set


def text_frame(payload: bytes) -> bytes:
    """`payload` (UTF-8 JSON) as one unmasked, unfragmented text frame (RFC 6455 §5.2, what a
    server sends): its length in 7, 7 + 16 or 7 + 64 bits, then the payload."""
    size = len(payload)
    if size < 126:
        return struct.pack("!BB", TEXT, size) + payload
    if size < 1 << 16:
        return struct.pack("!BBH", TEXT, 126, size) + payload
    return struct.pack("!BBQ", TEXT, 127, size) + payload


class FrameWriter:
    """One socket's writes; `label` names it in the log ("room abc", "player xyz")."""

    __slots__ = ("ws", "transport", "label", "cut_off")

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.BaseTransport | None,
                 label: str) -> None:
        self.ws = ws
        self.transport = transport
        self.label = label
        self.cut_off = False

    def send(self, payload: bytes) -> None:
        """Write `payload` as a text frame now; nothing once the socket closes (no data frame
        may follow the close frame) or was cut off."""
        transport = self.transport
        if self.cut_off or transport is None or transport.is_closing() or self.ws.closed:
            return
        if _unsent_bytes(transport) > UNSENT_LIMIT:
            self._cut_off(transport)
            return
        transport.write(text_frame(payload))  # type: ignore[attr-defined]

    def _cut_off(self, transport: asyncio.BaseTransport) -> None:
        """Drop a socket that does not read, at once: a close frame would only queue behind
        the data it does not read."""
        self.cut_off = True
        log.warning("%s: cutting off a socket that does not read", self.label)
        transport.abort()  # type: ignore[attr-defined]


def _unsent_bytes(transport: asyncio.BaseTransport) -> int:
    """Bytes written to the socket that the kernel has not taken yet. (uvloop's transports are
    not `asyncio.WriteTransport` instances: ask for the method, not the class.)"""
    buffered = getattr(transport, "get_write_buffer_size", None)
    return buffered() if buffered is not None else 0


async def stop_writer(outbox: asyncio.Queue[Any], ws: web.WebSocketResponse,
                      writer: asyncio.Task[None]) -> None:
    """Let the writer flush what is queued (e.g. a last error), at most about 0.2 s, then stop
    it."""
    with contextlib.suppress(Exception):
        for _ in range(20):
            if outbox.empty() or ws.closed:
                break
            await asyncio.sleep(0.01)
    writer.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await writer
