"""One socket's I/O around its `SocketSession` (server/sockets/session.py): reads frames (the
hello timeout, per-socket rate limits), parses them (server/sockets/messages.py), feeds the
session, and carries out the actions it returns: commands through `RoomService.execute`,
presence, chat, loads from Redis.

Frames are written at once, in the order the session hands them out (server/sockets/writer.py:
no writer task, a socket that stops reading is cut off). The rare seat move of a rematch swap
(a presence write) runs in a task of its own, after the socket's earlier ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import WSMsgType, web

from ..platform.clock import now_ms
from ..platform.compact_json import encode
from ..platform.errors import ArenaError, ErrorCode
from ..platform.tokens import hash_token, new_token
from ..play.arena import Arena
from ..play.fanout import RoomMessage
from ..rooms import RoomState, commands
from .messages import Absence, Hello, client_id, decode, frame_cid, parse_frame, parse_hello
from .ratelimit import TokenBucket
from .session import (
    Action,
    CatchUp,
    CloseCode,
    CloseWith,
    FetchAbsence,
    FetchChat,
    FetchHistory,
    FetchStandings,
    MoveSeat,
    Outgoing,
    PostChat,
    Present,
    Relist,
    Run,
    ScheduleTimers,
    Send,
    SocketSession,
    TakeSeat,
    error_message,
    refuse_hello,
)
from .writer import FrameWriter

log = logging.getLogger(__name__)

AUTH_TIMEOUT_S = 10.0
BURST, PER_SECOND = 20, 10.0
CHAT_BURST, CHAT_PER_SECOND = 5, 0.5
OWED_WAIT_S = 2.0    # before an abuse close: the longest wait for replies already owed


class CloseSocket(Exception):
    def __init__(self, close: CloseWith) -> None:
        super().__init__(close.error.message)
        self.close = close


class Connection:
    """One socket: its reader (this task), its writes, and the `SocketSession` between."""

    def __init__(self, arena: Arena, ws: web.WebSocketResponse, room_id: str,
                 transport: asyncio.BaseTransport | None, address: str) -> None:
        self.arena = arena
        self.address = address  # the client's IP: chat is limited per address across nodes
        self.ws = ws
        self.room_id = room_id
        self.session = SocketSession(room_id, arena.settings.claim_after_s * 1000)
        self.player: commands.PlayerRef | None = None  # the identity or account behind the socket
        # How a rematch of a rated game learns the ratings it starts from (sockets/ratings.py).
        self.ratings: Callable[[RoomState], Awaitable[commands.Standings]] | None = None
        self.frames = FrameWriter(ws, transport, f"room {room_id}")
        self.bucket = TokenBucket(BURST, PER_SECOND)
        self.chat_bucket = TokenBucket(CHAT_BURST, CHAT_PER_SECOND)
        self.subscribed = False
        self.present = False
        self.presence_seat: int | None = None  # the seat presence counts this socket in
        self._tasks: set[asyncio.Task] | None = None  # catch-ups under way (made when needed)
        self._ai_waiter: asyncio.Task | None = None  # to send `ai_status` once the AI is ready
        self._seat_move: asyncio.Task | None = None  # the last seat move's presence write

    # -- carrying out the session's actions ----------------------------------------------------
    async def perform(self, actions: list[Action]) -> None:
        """Carry out `actions` in order: frames are written and seat moves started at once (so
        they keep their order with what the fan-out delivers), the rest is awaited here."""
        for action in actions:
            if isinstance(action, Send | MoveSeat):
                self.send(action)
            else:
                await self._perform(action)

    async def _perform(self, action: Action) -> None:
        session, repo = self.session, self.arena.repo
        match action:
            case CloseWith():
                raise CloseSocket(action)
            case Run(build=build):
                transition = await self.arena.service.execute(self.room_id, build)
                session.committed(transition.state.v)
            case FetchHistory(since=since, force=force):
                state = await repo.load(self.room_id)
                events = await repo.events_since(self.room_id, since, state.v)
                await self.perform(session.history(state, events, force))
            case CatchUp(since=since, shown=shown):
                state = await repo.load(self.room_id)
                events = await repo.events_since(self.room_id, since, state.v)
                histories = await self.arena.chat.histories(self.room_id, set(shown))
                await self.perform(session.history(state, events))
                for history in histories:  # chat lines published meanwhile are in them
                    self.send(Send(history))
            case FetchChat(shown=shown, channels=channels, cid=cid):
                for history in await self.arena.chat.histories(self.room_id, set(shown)):
                    if history["channel"] in channels:
                        self.send(Send(history if cid is None else history | {"cid": cid}))
            case FetchAbsence(message=message):
                await self.perform(session.claim(message, await self._absence()))
            case FetchStandings(message=message):
                state = await repo.load(self.room_id)
                standings = await self.ratings(state) if self.ratings is not None else ()
                await self.perform(session.rematch(message, standings))
            case PostChat(text=text, cid=cid):
                await self._post_chat(text, cid)
            case TakeSeat(name=name):
                await self._take_seat(name)
            case Present(seat=seat):
                self.present, self.presence_seat = True, seat
                await self.arena.presence.connected(self.room_id, seat)
            case Relist(state=state):
                await repo.refresh_indexes(state, now_ms())
            case ScheduleTimers(state=state):
                await self.arena.timers.schedule(state)

    async def _take_seat(self, name: str | None) -> None:
        token = new_token()
        join = commands.Join(hash_token(token), name, self.player)
        try:
            await self.arena.service.execute(self.room_id, lambda _state: join)
        except ArenaError as error:
            if error.code not in (ErrorCode.SEAT_TAKEN, ErrorCode.RATING_OUT_OF_RANGE):
                raise
            return  # someone else was faster, or the seek is for other ratings: watch instead
        self.session.seated(token)

    async def _post_chat(self, text: str, cid: str | None) -> None:
        if not self.chat_bucket.take():
            raise ArenaError(ErrorCode.RATE_LIMITED, "too many chat messages; slow down")
        state = await self.arena.repo.load(self.room_id)
        await self.arena.chat.check_sender(state, self.player)
        line = self.session.chat_line(state, text, now_ms(),
                                      self.player.username if self.player else None)
        await self.arena.chat.post(self.room_id, line, self.address, cid)

    async def _absence(self) -> Absence:
        totals, seen = await self.arena.presence.totals(self.room_id)
        return Absence(connected={s: totals[str(s)] > 0 for s in (1, 2)},
                       last_seen={s: seen.get(str(s)) for s in (1, 2)},
                       claim_after_ms=self.session.claim_after_ms)

    # -- delivery -------------------------------------------------------------------------
    def deliver(self, messages: list[RoomMessage]) -> None:
        """Called by the fan-out for every message published on the room's channel."""
        for action in self.session.deliver(messages):
            self.send(action)

    def resync(self) -> None:
        """Called by the fan-out after a Redis reconnect: send the events this socket missed."""
        task = asyncio.get_running_loop().create_task(self._catch_up())
        if self._tasks is None:
            self._tasks = set()
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self) -> None:
        try:
            await self.perform(self.session.resynced())
        except Exception as exc:  # noqa: BLE001 - the client can still ask with `sync`
            log.warning("room %s: catching up after a reconnect failed: %r", self.room_id, exc)

    def send(self, action: Outgoing) -> None:
        """Write the frame now (the fan-out's JSON as it is, else the message encoded), or
        start the seat move."""
        if isinstance(action, MoveSeat):
            self._move_seat(action)
        else:
            self.frames.send(encode(action.message) if action.data is None else action.data)

    def _move_seat(self, move: MoveSeat) -> None:
        """Count the socket under its new seat: at once here, in presence after the socket's
        earlier seat moves (a Redis write: the frames that follow do not wait for it)."""
        self.presence_seat = move.new
        previous = self._seat_move

        async def moved() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            await self.arena.presence.moved(self.room_id, move.old, move.new)

        self._seat_move = asyncio.get_running_loop().create_task(moved())

    async def _seat_moves_done(self) -> None:
        """Wait (bounded) for the seat moves started, so presence counts the socket where it
        is before it is counted out."""
        if self._seat_move is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(self._seat_move, return_exceptions=True),
                                       OWED_WAIT_S)

    # -- life cycle -------------------------------------------------------------------------
    async def run(self) -> None:
        try:
            await self._open()
            async for frame in self.ws:
                if frame.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._on_frame(frame.data if frame.type is WSMsgType.TEXT else None)
        except CloseSocket as close:
            await self._deliver_owed()
            self.send(Send(error_message(close.close.error, close.close.cid)))
            await self.ws.close(code=close.close.code,
                                message=close.close.error.code.value.encode())

    async def _deliver_owed(self) -> None:
        """Before closing: send what this socket was already promised, the events of its
        accepted commands still on their way through pub/sub (replies are written already)."""
        if not self.session.owes():
            return
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(OWED_WAIT_S):
                await self._catch_up()  # the session drops what pub/sub delivers too

    async def finish(self) -> None:
        if self._ai_waiter is not None:
            self._ai_waiter.cancel()
        await self._seat_moves_done()
        if self.present:
            with contextlib.suppress(Exception):
                await self.arena.presence.disconnected(self.room_id, self.presence_seat)
        if self.subscribed:
            await self.arena.fanout.leave(self.room_id, self)
        self.arena.metrics.connections.set(len(self.arena.sockets))

    async def _open(self) -> None:
        hello = await self._read_hello()
        await self.perform(self.session.hello(hello, await self.arena.repo.find(self.room_id)))
        await self.arena.fanout.join(self.room_id, self)
        self.subscribed = True
        state = await self.arena.repo.load(self.room_id)
        events = None
        if self.session.resume_from is not None:
            events = await self.arena.repo.events_since(self.room_id, self.session.resume_from,
                                                        state.v)
        pool = self.arena.pool
        await self.perform(self.session.welcome(state, events, now_ms(), pool.warming))
        if pool.warming:
            self._ai_waiter = asyncio.create_task(self._tell_ai_ready())
        self.arena.metrics.connections.set(len(self.arena.sockets))
        await self.perform(self.session.opened(state))

    async def _tell_ai_ready(self) -> None:
        """The welcome said the AI was warming: say when it is ready (docs/protocol.md)."""
        await self.arena.pool.ready.wait()
        self.send(Send({"type": "ai_status", "ai": "ready"}))

    async def _read_hello(self) -> Hello:
        try:
            frame = await self.ws.receive(timeout=AUTH_TIMEOUT_S)
        except TimeoutError:
            raise CloseSocket(CloseWith(CloseCode.UNAUTHORIZED, ArenaError(
                ErrorCode.AUTH_TIMEOUT, f"no hello within {AUTH_TIMEOUT_S:.0f} s"))) from None
        if frame.type is not WSMsgType.TEXT:
            raise CloseSocket(CloseWith(CloseCode.BAD_HELLO, ArenaError(
                ErrorCode.BAD_MESSAGE, "the first message must be a hello")))
        try:
            return parse_hello(parse_frame(frame.data))
        except ArenaError as error:
            raise CloseSocket(refuse_hello(error)) from None

    # -- reading --------------------------------------------------------------------------------
    async def _on_frame(self, text: str | None) -> None:
        """One frame from the client (`text` None: a binary frame), counted against the rate
        limit whatever it holds."""
        if not self.bucket.take():
            self.arena.metrics.errors.labels(code=ErrorCode.RATE_LIMITED.value).inc()
            await self.perform(self.session.flooded(frame_cid(text)))
            return
        if text is None:
            await self.perform(self.session.binary())
            return
        message: dict[str, Any] = {}
        try:
            message = parse_frame(text)
            typed = decode(message)
            self.arena.metrics.commands.inc(typed.kind)
            await self.perform(self.session.receive(typed, now_ms()))
        except ArenaError as error:
            self.arena.metrics.errors.labels(code=error.code.value).inc()
            self.send(Send(error_message(error, client_id(message))))
        except Exception:
            log.exception("room %s: command failed", self.room_id)
            error = ArenaError(ErrorCode.INTERNAL_ERROR, "the server failed; nothing changed")
            self.send(Send(error_message(error, client_id(message))))
