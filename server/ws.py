"""`GET /ws/{room_id}`: one socket per tab, speaking docs/protocol.md §3.

The socket's life: Origin check, `hello` (token, spectator, or take the free seat), subscribe to
the room's channel, then a `welcome` and either the missed events or a snapshot, then commands
until it closes. Commands go through `RoomService.execute` like everything else; the events they
cause come back through pub/sub (to every node's sockets, this one included). One writer task
per socket sends everything in order and drops event duplicates by version.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import socket
from typing import Any

from aiohttp import WSMsgType, web

from .arena import ARENA, Arena
from .errors import ArenaError, ErrorCode
from .fanout import RoomMessage
from .identity import player_of
from .proxy import client_address
from .ratelimit import TokenBucket
from .repository import dumps
from .room_service import now_ms
from .rooms import RoomState, Status, commands
from .rooms.chat import Channel, chat_line
from .rooms.outcomes import demo_restart_at
from .rooms.state import Mode
from .tokens import hash_token, new_token, same_hash
from .ws_messages import (
    Absence,
    Hello,
    chat_text,
    check_type,
    client_id,
    command_builder,
    field,
    frame_cid,
    parse_frame,
    parse_hello,
)

log = logging.getLogger(__name__)

MAX_FRAME_BYTES = 4096
AUTH_TIMEOUT_S = 10.0
HEARTBEAT_S = 20.0
BURST, PER_SECOND = 20, 10.0
CHAT_BURST, CHAT_PER_SECOND = 5, 0.5
ABUSE_LIMIT = 40     # rate-limited messages before the socket is closed
OWED_WAIT_S = 2.0    # before an abuse close: the longest wait for replies already owed
QUEUE_LIMIT = 1000   # undelivered messages before a slow socket is dropped
UNSENT_LIMIT = 64 * 1024  # bytes the kernel would not take yet, before a slow socket is dropped
SEND_BUFFER = 64 * 1024   # kernel send buffer per socket (not auto-tuned up to megabytes)


class Close(enum.IntEnum):
    BAD_HELLO = 4400
    UNAUTHORIZED = 4401
    NOT_FOUND = 4404
    ABUSE = 4429


class CloseSocket(Exception):
    def __init__(self, code: Close, error: ArenaError, cid: str | None = None) -> None:
        super().__init__(error.message)
        self.code = code
        self.error = error
        self.cid = cid


def error_message(error: ArenaError, cid: str | None = None) -> dict[str, Any]:
    message = {"type": "error", "code": error.code.value, "message": error.message}
    if cid is not None:
        message["cid"] = cid
    return message


async def websocket(request: web.Request) -> web.StreamResponse:
    arena = request.app[ARENA]
    if not arena.settings.origin_allowed(request.headers.get("Origin"), request.host):
        error = ArenaError(ErrorCode.ORIGIN_FORBIDDEN, "this page's origin may not connect")
        return web.json_response(error.to_dict(), status=403)
    address = client_address(request)
    cap = arena.settings.max_sockets_per_ip
    if cap and arena.sockets_per_ip[address] >= cap:
        arena.metrics.errors.labels(code=ErrorCode.RATE_LIMITED.value).inc()
        error = ArenaError(ErrorCode.RATE_LIMITED, "too many open connections from your address")
        return web.json_response(error.to_dict(), status=429)
    # No permessage-deflate: messages are small JSON, and each socket's zlib state costs
    # about 110 KiB of server memory (bench/load.py scenario 2, docs/performance.md).
    # aiohttp refuses a message of max_msg_size bytes itself: + 1 lets exactly 4096 through.
    ws = web.WebSocketResponse(max_msg_size=MAX_FRAME_BYTES + 1, heartbeat=HEARTBEAT_S,
                               compress=False)
    arena.sockets_per_ip[address] += 1  # counted before the first await: no race past the cap
    try:
        bound_send_buffer(request.transport)
        await ws.prepare(request)
        connection = Connection(arena, ws, request.match_info["room_id"], request.transport,
                                address)
        connection.player = await player_of(request)
        arena.sockets.add(ws)
        try:
            await connection.run()
        finally:
            arena.sockets.discard(ws)
            await connection.finish()
    finally:
        arena.sockets_per_ip[address] -= 1
        if not arena.sockets_per_ip[address]:
            del arena.sockets_per_ip[address]
    return ws


def bound_send_buffer(transport: asyncio.BaseTransport | None) -> None:
    """A fixed kernel send buffer: game messages are small, and a client that stops reading
    must not pin megabytes of kernel memory while it waits to be cut off."""
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)


class Connection:
    def __init__(self, arena: Arena, ws: web.WebSocketResponse, room_id: str,
                 transport: asyncio.BaseTransport | None, address: str) -> None:
        self.arena = arena
        self.address = address  # the client's IP: chat is limited per address across nodes
        self.ws = ws
        self.transport = transport
        self.cut_off = False
        self.room_id = room_id
        self.token_hash: str | None = None
        self.seat: int | None = None
        # The room version `seat` is as of: a seat swap (rematch, an opening's colour choice)
        # in an event up to it is already counted, one after it moves the socket.
        self.seat_v = -1
        self.name: str | None = None
        self.player: commands.PlayerRef | None = None  # the identity or account behind the socket
        self.last_v = -1
        self.spectator_chat = False  # a player sees the spectators' chat only once opened
        self.outbox: asyncio.Queue[tuple[dict[str, Any], bool, str | None]] = asyncio.Queue()
        self.bucket = TokenBucket(BURST, PER_SECOND)
        self.chat_bucket = TokenBucket(CHAT_BURST, CHAT_PER_SECOND)
        self.violations = 0
        self.owed_v = -1  # the room version after this socket's last accepted command
        self.subscribed = False
        self.present = False
        # Room messages that arrive while the socket is being opened wait here, so the client
        # always gets `welcome` first; the writer then drops those its snapshot already covers.
        self.early: list[RoomMessage] | None = []
        self._tasks: set[asyncio.Task] = set()

    # -- delivery -------------------------------------------------------------------------
    def deliver(self, messages: list[RoomMessage]) -> None:
        """Called by the fan-out for every message published on the room's channel."""
        if self.early is not None:
            self.early.extend(messages)
            return
        for message, text in messages:
            if message["type"] == "chat" and message["channel"] == Channel.SPECTATORS \
                    and not self._sees_spectators():
                continue
            self.send(message, text=text)

    def _sees_spectators(self) -> bool:
        return self.seat is None or self.spectator_chat

    def resync(self) -> None:
        """Called by the fan-out after a Redis reconnect: send the events this socket missed
        (the writer drops those it already sent)."""
        task = asyncio.get_running_loop().create_task(self._catch_up())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self) -> None:
        try:
            state = await self.arena.repo.load(self.room_id)
            events = await self.arena.repo.events_since(self.room_id, self.last_v, state.v)
            chat = await self._chat_histories()
        except Exception as exc:  # noqa: BLE001 - the client can still ask with `sync`
            log.warning("room %s: catching up after a reconnect failed: %r", self.room_id, exc)
            return
        self._send_history(state, events)
        for history in chat:  # chat lines published meanwhile are in the histories
            self.send(history)

    def send(self, message: dict[str, Any], force: bool = False, text: str | None = None) -> None:
        """Queue a message (`text`: its JSON, when already encoded); `force` sends an event
        even if its version was already sent (a `sync` reply the client asked for)."""
        if self.cut_off:
            return
        if self.outbox.qsize() >= QUEUE_LIMIT or self._unsent_bytes() > UNSENT_LIMIT:
            self._cut_off()
            return
        self.outbox.put_nowait((message, force, text))

    def _unsent_bytes(self) -> int:
        """Bytes written to the socket that the kernel has not taken yet. (uvloop's transports
        are not `asyncio.WriteTransport` instances: ask for the method, not the class.)"""
        transport = self.transport
        if transport is None or transport.is_closing():
            return 0
        buffered = getattr(transport, "get_write_buffer_size", None)
        return buffered() if buffered is not None else 0

    def _cut_off(self) -> None:
        """Drop a socket that does not read, at once: a close frame would only queue behind
        the data it does not read, and the room's other sockets must not wait for it."""
        self.cut_off = True
        log.warning("room %s: cutting off a socket that does not read", self.room_id)
        if self.transport is not None:
            self.transport.abort()
        else:
            asyncio.get_running_loop().create_task(self.ws.close(code=Close.ABUSE))

    async def _writer(self) -> None:
        while True:
            message, force, text = await self.outbox.get()
            try:
                await self._write(message, force, text)
            finally:
                self.outbox.task_done()

    async def _write(self, message: dict[str, Any], force: bool, text: str | None) -> None:
        v, kind = message.get("v"), message["type"]
        if kind == "snapshot":
            self.last_v = max(self.last_v, v)
        elif v is not None and kind != "welcome":  # a room event
            if v <= self.last_v and not force:
                return
            self.last_v = max(self.last_v, v)
            if self.seat is not None and v > self.seat_v \
                    and (kind == "rematch" or message.get("swapped")):
                await self._swap_seat()
        await self.ws.send_str(dumps(message) if text is None else text)

    async def _swap_seat(self) -> None:
        old, self.seat = self.seat, 3 - self.seat  # type: ignore[operator]
        await self.arena.presence.moved(self.room_id, old, self.seat)

    # -- life cycle -------------------------------------------------------------------------
    async def run(self) -> None:
        writer: asyncio.Task | None = None
        try:
            await self._open()
            writer = asyncio.create_task(self._writer())
            async for frame in self.ws:
                if frame.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._on_frame(frame.data if frame.type is WSMsgType.TEXT else None)
                if writer.done():
                    break
        except CloseSocket as close:
            if writer is not None:
                await self._deliver_owed(writer)
            await self._send_now(error_message(close.error, close.cid))
            await self.ws.close(code=close.code, message=close.error.code.value.encode())
        finally:
            if writer is not None:
                await self._drain(writer)

    async def _deliver_owed(self, writer: asyncio.Task) -> None:
        """Before closing: send what this socket was already promised, the events of its
        accepted commands (still on their way through pub/sub) and the replies queued."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(OWED_WAIT_S):
                await self.outbox.join()
                if self.last_v < self.owed_v and not writer.done():
                    await self._catch_up()  # the writer drops what pub/sub delivers too
                    await self.outbox.join()

    async def _drain(self, writer: asyncio.Task) -> None:
        """Let the writer flush what is queued (e.g. a last error), then stop it."""
        with contextlib.suppress(Exception):
            for _ in range(20):
                if self.outbox.empty() or self.ws.closed:
                    break
                await asyncio.sleep(0.01)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer

    async def _send_now(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.send_str(dumps(message))

    async def finish(self) -> None:
        if self.present:
            with contextlib.suppress(Exception):
                await self.arena.presence.disconnected(self.room_id, self.seat)
        if self.subscribed:
            await self.arena.fanout.leave(self.room_id, self)
        self.arena.metrics.connections.set(len(self.arena.sockets))

    async def _open(self) -> None:
        hello = await self._read_hello()
        state = await self.arena.repo.find(self.room_id)
        if state is None:
            raise CloseSocket(Close.NOT_FOUND, ArenaError(ErrorCode.ROOM_NOT_FOUND, "no such room"))
        self.name = hello.name
        given_token = await self._authenticate(hello, state)
        await self.arena.fanout.join(self.room_id, self)
        self.subscribed = True
        state = await self.arena.repo.load(self.room_id)
        if self.token_hash is not None:
            self.seat = state.seat_of_token_hash(self.token_hash, same_hash)
        self.seat_v = state.v
        events = None
        if hello.v is not None:
            events = await self.arena.repo.events_since(self.room_id, hello.v, state.v)
        welcome: dict[str, Any] = {
            "type": "welcome", "room_id": self.room_id, "seat": self.seat, "v": state.v,
            "resumed": events is not None, "now": now_ms(),
            "claim_after_ms": self.arena.settings.claim_after_s * 1000}
        if given_token is not None:
            welcome["token"] = given_token
        self.send(welcome)
        self._send_history(state, events)
        for history in await self._chat_histories():
            self.send(history)
        early, self.early = self.early or [], None
        self.deliver(early)
        self.arena.metrics.connections.set(len(self.arena.sockets))
        self.present = True
        await self.arena.presence.connected(self.room_id, self.seat)
        if self.seat is not None and state.status is Status.WAITING:
            await self.arena.repo.refresh_indexes(state, now_ms())  # the host is back: listed
        if demo_restart_at(state) is not None:
            await self.arena.timers.schedule(state)  # a finished demo plays on for its watcher

    def _send_history(self, state: RoomState, events: list[dict] | None,
                      force: bool = False) -> None:
        if events is None:
            self.send({"type": "snapshot", "v": state.v, "state": state.to_public()})
        else:
            for event in events:
                self.send(event, force=force)

    async def _chat_histories(self) -> list[dict[str, Any]]:
        """Both channels' `chat_history` (the spectators' empty while this socket hides it)."""
        shown = set(Channel) if self._sees_spectators() else {Channel.PLAYERS}
        return await self.arena.chat.histories(self.room_id, shown)

    async def _read_hello(self) -> Hello:
        try:
            frame = await self.ws.receive(timeout=AUTH_TIMEOUT_S)
        except TimeoutError:
            raise CloseSocket(Close.UNAUTHORIZED, ArenaError(
                ErrorCode.AUTH_TIMEOUT, f"no hello within {AUTH_TIMEOUT_S:.0f} s")) from None
        if frame.type is not WSMsgType.TEXT:
            raise CloseSocket(Close.BAD_HELLO, ArenaError(ErrorCode.BAD_MESSAGE,
                                                          "the first message must be a hello"))
        try:
            return parse_hello(parse_frame(frame.data))
        except ArenaError as error:
            code = Close.UNAUTHORIZED if error.code is ErrorCode.BAD_TOKEN else Close.BAD_HELLO
            raise CloseSocket(code, error) from None

    async def _authenticate(self, hello: Hello, state: RoomState) -> str | None:
        """Resolve the socket's seat; returns a new token when it has just taken a seat."""
        if hello.token is not None:
            token_hash = hash_token(hello.token)
            if state.seat_of_token_hash(token_hash, same_hash) is None:
                raise CloseSocket(Close.UNAUTHORIZED, ArenaError(
                    ErrorCode.BAD_TOKEN, "this token holds no seat in this room"))
            self.token_hash = token_hash
            return None
        if hello.watch or state.mode is not Mode.HUMAN or state.status is not Status.WAITING:
            return None
        token = new_token()
        token_hash = hash_token(token)
        try:
            await self.arena.service.execute(
                self.room_id,
                lambda _state: commands.Join(token_hash, hello.name, self.player))
        except ArenaError as error:
            if error.code is not ErrorCode.SEAT_TAKEN:
                raise
            return None  # someone else was faster: watch instead
        self.token_hash = token_hash
        return token

    # -- commands -----------------------------------------------------------------------------
    async def _on_frame(self, text: str | None) -> None:
        """One frame from the client (`text` None: a binary frame), counted against the rate
        limit whatever it holds."""
        if not self.bucket.take():
            self._refuse_flood(frame_cid(text))
            return
        if text is None:
            self.send(error_message(ArenaError(ErrorCode.BAD_MESSAGE, "send text frames (JSON)")))
            return
        await self._on_text(text)

    def _refuse_flood(self, cid: str | None) -> None:
        self.violations += 1
        self.arena.metrics.errors.labels(code=ErrorCode.RATE_LIMITED.value).inc()
        if self.violations > ABUSE_LIMIT:
            raise CloseSocket(Close.ABUSE, ArenaError(ErrorCode.RATE_LIMITED,
                                                      "far too many messages"), cid)
        self.send(error_message(ArenaError(ErrorCode.RATE_LIMITED, "too many messages"), cid))

    async def _on_text(self, text: str) -> None:
        message: dict[str, Any] = {}
        try:
            message = parse_frame(text)
            await self._on_message(message)
        except ArenaError as error:
            self.arena.metrics.errors.labels(code=error.code.value).inc()
            self.send(error_message(error, client_id(message)))
        except Exception:
            log.exception("room %s: command failed", self.room_id)
            error = ArenaError(ErrorCode.INTERNAL_ERROR, "the server failed; nothing changed")
            self.send(error_message(error, client_id(message)))

    async def _on_message(self, message: dict[str, Any]) -> None:
        kind = check_type(message)
        self.arena.metrics.commands.labels(type=kind).inc()
        if kind == "ping":
            pong: dict[str, Any] = {"type": "pong", "now": now_ms()}
            if (cid := client_id(message)) is not None:
                pong["cid"] = cid
            self.send(pong)
            return
        if kind == "sync":
            v = field(message, "v", int, required=True)
            state = await self.arena.repo.load(self.room_id)
            events = await self.arena.repo.events_since(self.room_id, v, state.v)
            self._send_history(state, events, force=True)
            return
        if kind == "chat":
            await self._chat(message)
            return
        if kind == "spectator_chat":
            self.spectator_chat = field(message, "open", bool, required=True)
            history = (await self._chat_histories())[-1]  # the spectators'
            cid = client_id(message)
            self.send(history if cid is None else history | {"cid": cid})
            return
        absence = await self._absence() if kind == "claim_win" else None
        build = command_builder(message, self._seat_of, absence)
        transition = await self.arena.service.execute(self.room_id, build)
        self.owed_v = max(self.owed_v, transition.state.v)

    async def _chat(self, message: dict[str, Any]) -> None:
        text = chat_text(message)
        if not self.chat_bucket.take():
            raise ArenaError(ErrorCode.RATE_LIMITED, "too many chat messages; slow down")
        state = await self.arena.repo.load(self.room_id)
        line = chat_line(state, self._seat_of(state), self.name, text, now_ms())
        await self.arena.chat.post(self.room_id, line, self.address, client_id(message))

    def _seat_of(self, state: RoomState) -> int | None:
        if self.token_hash is None:
            return None
        return state.seat_of_token_hash(self.token_hash, same_hash)

    async def _absence(self) -> Absence:
        totals, seen = await self.arena.presence.totals(self.room_id)
        return Absence(connected={s: totals[str(s)] > 0 for s in (1, 2)},
                       last_seen={s: seen.get(str(s)) for s in (1, 2)},
                       claim_after_ms=self.arena.settings.claim_after_s * 1000)
