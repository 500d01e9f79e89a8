"""`GET /ws/me`: the player's own socket, one per tab, carrying their notifications from any
node (docs/protocol.md §3b).

The socket is the player's by the request's cookies (the account's session, else the anonymous
identity); it has no hello. It subscribes to the player's Redis channel before it reads the
snapshot from SQL, so a notification published meanwhile arrives in the snapshot, live, or both
(a client keeps one per id). Then it sends what the channel carries, in order, from one writer
task; a client that stops reading is cut off. The client messages are `ping`, and
`watch_tournament` for the tab that shows a tournament's page: the socket then also carries
that tournament's changes (its channel, server/tournaments/store.py), from whichever node made
them, so the page's standings update as they change.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from aiohttp import WSMsgType, web

from ..http.context import NOTIFICATIONS, TOURNAMENTS
from ..http.identity import player_of
from ..notifications.node import Notifications
from ..platform.clock import now_ms
from ..platform.compact_json import dumps
from ..platform.errors import ArenaError, ErrorCode
from ..play.fanout import Fanout, RoomMessage
from ..rooms.commands import PlayerRef
from .endpoint import Counted, prepared, refusal
from .ratelimit import TokenBucket
from .session import CloseCode, error_message
from .writer import stop_writer

log = logging.getLogger(__name__)

BURST, PER_SECOND = 10, 2.0
REFUSALS_BEFORE_CLOSE = 40
QUEUE_LIMIT = 500  # messages waiting for a client that does not read, before it is cut off
OWED_WAIT_S = 2.0  # before an abuse close: the longest wait for the refusals already queued
MAX_TOURNAMENT_ID = 16


class PlayerSocket:
    """One tab's socket: the fan-out's subscriber for the player, and its writer."""

    def __init__(self, ws: web.WebSocketResponse, player: PlayerRef,
                 notifications: Notifications, tournaments: Fanout | None) -> None:
        self.ws = ws
        self.player = player
        self.notifications = notifications
        self.tournaments = tournaments  # the tournaments' channels (None: none on this node)
        self.watching: str | None = None  # the tournament whose page the tab shows
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.bucket = TokenBucket(BURST, PER_SECOND)
        self.refused = 0
        self._tasks: set[asyncio.Task[None]] = set()

    # -- what the fan-out calls --------------------------------------------------------------
    def deliver(self, messages: list[RoomMessage]) -> None:
        for message in messages:
            self.queue(message.data.decode())

    def resync(self) -> None:
        """A channel was re-subscribed after a lost Redis link: send a fresh snapshot, and
        tell a tournament page to read its tournament again."""
        if self.watching is not None:
            self.queue(dumps({"type": "tournament", "id": self.watching, "v": None}))
        task = asyncio.get_running_loop().create_task(self._send_snapshot())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def queue(self, text: str) -> None:
        if self.outbox.qsize() >= QUEUE_LIMIT:
            log.warning("player %s: cutting off a socket that does not read",
                        self.player.player_id)
            asyncio.get_running_loop().create_task(self.ws.close(code=CloseCode.ABUSE))
            return
        self.outbox.put_nowait(text)

    async def _send_snapshot(self) -> None:
        try:
            self.queue(dumps(await self.notifications.notifier.snapshot(self.player.player_id)))
        except Exception as exc:  # noqa: BLE001 - SQL or Redis away: the next reconnect retries
            log.warning("player %s: snapshot failed: %r", self.player.player_id, exc)

    # -- life cycle ----------------------------------------------------------------------------
    async def run(self) -> None:
        fanout, presence = self.notifications.fanout, self.notifications.presence
        pid = self.player.player_id
        writer = asyncio.create_task(self._writer())
        await fanout.join(pid, self)
        try:
            try:
                await presence.connected(self.player)  # online when the tab hears welcome
                self.queue(dumps({"type": "welcome", "player_id": pid,
                                  "username": self.player.username, "now": now_ms()}))
                await self._send_snapshot()
                async for frame in self.ws:
                    if frame.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                        await self._on_frame(frame.data if frame.type is WSMsgType.TEXT
                                             else None)
            finally:
                with contextlib.suppress(Exception):
                    await presence.disconnected(self.player)
        finally:
            await fanout.leave(pid, self)
            await self._watch(None)
            await stop_writer(self.outbox, self.ws, writer)

    async def _watch(self, tournament_id: str | None) -> None:
        """Carry `tournament_id`'s changes from now on (None: no tournament's)."""
        if self.tournaments is None or tournament_id == self.watching:
            return
        if self.watching is not None:
            await self.tournaments.leave(self.watching, self)
        self.watching = tournament_id
        if tournament_id is not None:
            await self.tournaments.join(tournament_id, self)

    async def _writer(self) -> None:
        while True:
            text = await self.outbox.get()
            try:
                await self.ws.send_str(text)
            finally:
                self.outbox.task_done()

    async def _on_frame(self, text: str | None) -> None:
        if not self.bucket.take():
            self.refused += 1
            self.queue(dumps(error_message(ArenaError(ErrorCode.RATE_LIMITED,
                                                      "too many messages; slow down"))))
            if self.refused > REFUSALS_BEFORE_CLOSE:
                with contextlib.suppress(TimeoutError):  # the refusals owed go first
                    async with asyncio.timeout(OWED_WAIT_S):
                        await self.outbox.join()
                await self.ws.close(code=CloseCode.ABUSE, message=b"rate_limited")
            return
        message: Any = None
        with contextlib.suppress(ValueError):
            message = json.loads(text) if text is not None else None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            error = ArenaError(ErrorCode.BAD_MESSAGE, "send a JSON object with a type")
        elif message["type"] == "ping":
            self.queue(dumps({"type": "pong", "now": now_ms()}))
            return
        elif message["type"] == "watch_tournament":
            tournament_id = message.get("id")
            if tournament_id is None or (isinstance(tournament_id, str)
                                         and 0 < len(tournament_id) <= MAX_TOURNAMENT_ID):
                await self._watch(tournament_id)
                return
            error = ArenaError(ErrorCode.BAD_MESSAGE, "watch_tournament: id is a tournament's "
                               "id or null")
        else:
            error = ArenaError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {message['type']!r}")
        self.queue(dumps(error_message(error)))


async def player_websocket(request: web.Request) -> web.StreamResponse:
    if (refused := refusal(request)) is not None:
        return refused
    notifications = request.app[NOTIFICATIONS]
    with Counted(request):
        ws = await prepared(request)
        player = await player_of(request)
        if player is None:
            error = ArenaError(ErrorCode.NOT_AUTHENTICATED,
                               "no player identity: open a page of this site first")
            await ws.send_str(dumps(error_message(error)))
            await ws.close(code=CloseCode.UNAUTHORIZED, message=error.code.value.encode())
            return ws
        notifications.sockets.add(ws)
        notifications.notifier.metrics.player_sockets.set(len(notifications.sockets))
        try:
            tournaments = request.app[TOURNAMENTS].changes if TOURNAMENTS in request.app \
                else None
            await PlayerSocket(ws, player, notifications, tournaments).run()
        finally:
            notifications.sockets.discard(ws)
            notifications.notifier.metrics.player_sockets.set(len(notifications.sockets))
    return ws


async def close_player_sockets(app: web.Application) -> None:
    """On shutdown, tell every tab to reconnect (to another node)."""
    if NOTIFICATIONS not in app:
        return
    for ws in list(app[NOTIFICATIONS].sockets):
        with contextlib.suppress(Exception):
            await ws.close(code=web.WSCloseCode.GOING_AWAY, message=b"server shutting down")


def setup(app: web.Application) -> None:
    """Before the room sockets' `/ws/{room_id}`, so `/ws/me` is never taken for a room id
    (which has 12 characters anyway)."""
    app.router.add_get("/ws/me", player_websocket)
    app.on_shutdown.append(close_player_sockets)
