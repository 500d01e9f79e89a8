"""One room socket's protocol without I/O (docs/protocol.md §3): inputs in, actions out.

As `websockets` keeps its protocol (`receive_data` → `events_received` / `data_to_send`) apart
from the asyncio code that moves bytes, a `SocketSession` holds what one socket has said and been
sent, and turns each input into a list of `Action`s:

- the client's `hello` and later messages, already parsed (server/sockets/messages.py);
- the room's state and event log as loaded from Redis, and the messages the fan-out delivers;
- the time, always passed in: nothing here reads a clock, awaits or opens a connection.

server/sockets/connection.py carries the actions out (send a frame, run a room command, update
presence, close) and reports their results back (`seated`, `committed`, `history`). So every
decision of the socket (who may take a seat, resume or snapshot, which events are duplicates, the
seat a rematch swaps, who sees the spectators' chat, when flooding becomes abuse) is tested without
a socket: tests/server/sockets/test_socket_session.py.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..platform.errors import ArenaError, ErrorCode
from ..platform.tokens import hash_token, same_hash
from ..rooms import RoomState, Status, public_state
from ..rooms.chat import Channel, ChatLine, chat_line
from ..rooms.commands import Standings
from ..rooms.offers import seat_after
from ..rooms.outcomes import demo_restart_at
from ..rooms.state import Mode
from .messages import (
    REMATCHES,
    Absence,
    ChatMessage,
    ClientMessage,
    CommandBuilder,
    Hello,
    SpectatorChatMessage,
    SyncMessage,
    chat_text,
    command_builder,
)

ABUSE_LIMIT = 40  # rate-limited messages before the socket is closed


class CloseCode(enum.IntEnum):
    BAD_HELLO = 4400
    UNAUTHORIZED = 4401
    NOT_FOUND = 4404
    ABUSE = 4429


# -- actions: what the I/O layer is asked to do, in order -----------------------------------------
@dataclass(slots=True, frozen=True)
class Send:
    """Write one frame (`data`: the message's JSON, UTF-8, when the fan-out encoded it for all
    the room's sockets)."""

    message: dict[str, Any]
    data: bytes | None = None


@dataclass(slots=True, frozen=True)
class MoveSeat:
    """Tell presence this socket's seat changed (a rematch swapped the seats)."""

    old: int
    new: int


@dataclass(slots=True, frozen=True)
class CloseWith:
    """Send `error` (tagged with `cid`), after what the socket is owed, then close with `code`."""

    code: CloseCode
    error: ArenaError
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class TakeSeat:
    """Run a `Join` with a new token for the room's free seat, then report `seated`; a seat
    taken meanwhile leaves the socket a spectator."""

    name: str | None


@dataclass(slots=True, frozen=True)
class FetchHistory:
    """Load the room and its events after version `since`, then feed them to `history`."""

    since: int
    force: bool


@dataclass(slots=True, frozen=True)
class CatchUp:
    """Load the room, its events after `since` and the chat histories (`shown` filled), and
    only then feed the events to `history` and send the histories: nothing goes out unless
    all of it could be loaded."""

    since: int
    shown: frozenset[Channel]


@dataclass(slots=True, frozen=True)
class FetchChat:
    """Send the `chat_history` of `channels`, loaded with the `shown` ones filled (the rest
    empty); tagged with `cid` when it answers a message."""

    shown: frozenset[Channel]
    channels: tuple[Channel, ...] = tuple(Channel)
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class Run:
    """Apply the room command `build(state)` (RoomService.execute), then report `committed`."""

    build: CommandBuilder


@dataclass(slots=True, frozen=True)
class FetchAbsence:
    """Load the room's presence facts, then feed them to `claim` with `message`."""

    message: ClientMessage


@dataclass(slots=True, frozen=True)
class FetchStandings:
    """A message that may start a rematch: read the players' ratings as the finished game
    left them (a rated room), then feed them to `rematch` with `message`."""

    message: ClientMessage


@dataclass(slots=True, frozen=True)
class PostChat:
    """Load the room, have `chat_line` judge `text`, store and publish the line (rate limits
    per socket and per address apply)."""

    text: str
    cid: str | None


@dataclass(slots=True, frozen=True)
class Present:
    """Count this socket as connected in `seat` (None: a spectator)."""

    seat: int | None


@dataclass(slots=True, frozen=True)
class Relist:
    """The host is back: put the waiting room back in the lobby lists."""

    state: RoomState


@dataclass(slots=True, frozen=True)
class ScheduleTimers:
    """Register the room's timers (a finished demo plays on while someone watches)."""

    state: RoomState


Outgoing = Send | MoveSeat  # what goes through the socket's writer, in order
Action = (Send | MoveSeat | CloseWith | TakeSeat | FetchHistory | CatchUp | FetchChat | Run
          | FetchAbsence | FetchStandings | PostChat | Present | Relist | ScheduleTimers)


def error_message(error: ArenaError, cid: str | None = None) -> dict[str, Any]:
    message = {"type": "error", "code": error.code.value, "message": error.message}
    if cid is not None:
        message["cid"] = cid
    return message


def refuse_hello(error: ArenaError) -> CloseWith:
    """A first message that is no valid hello: a bad token is unauthorized, the rest bad."""
    code = CloseCode.UNAUTHORIZED if error.code is ErrorCode.BAD_TOKEN else CloseCode.BAD_HELLO
    return CloseWith(code, error)


class SocketSession:
    """The state of one socket in one room, from its hello to its close."""

    def __init__(self, room_id: str, claim_after_ms: int) -> None:
        self.room_id = room_id
        self.claim_after_ms = claim_after_ms
        self.name: str | None = None
        self.resume_from: int | None = None  # the version the hello says the client holds
        self.token: str | None = None  # given to the client in `welcome` when just seated
        self.token_hash: str | None = None
        self.seat: int | None = None
        self.seat_v = -1  # the room version `seat` is known at (older rematches are history)
        self.last_v = -1  # the last room version sent
        self.owed_v = -1  # the room version after this socket's last accepted command
        self.spectator_chat = False  # a player sees the spectators' chat only once opened
        self.violations = 0
        # Room messages that arrive while the socket is being opened wait here, so the client
        # always gets `welcome` first; they are then de-duplicated against the history sent.
        self.early: list[tuple[dict[str, Any], bytes]] | None = []

    # -- opening ------------------------------------------------------------------------------
    def hello(self, hello: Hello, state: RoomState | None) -> list[Action]:
        """The client's hello, judged against the room (None: there is no such room)."""
        if state is None:
            return [CloseWith(CloseCode.NOT_FOUND,
                              ArenaError(ErrorCode.ROOM_NOT_FOUND, "no such room"))]
        self.name, self.resume_from = hello.name, hello.v
        if hello.token is not None:
            token_hash = hash_token(hello.token)
            if state.seat_of_token_hash(token_hash, same_hash) is None:
                return [CloseWith(CloseCode.UNAUTHORIZED, ArenaError(
                    ErrorCode.BAD_TOKEN, "this token holds no seat in this room"))]
            self.token_hash = token_hash
            return []
        if hello.watch or state.mode is not Mode.HUMAN or state.status is not Status.WAITING:
            return []
        return [TakeSeat(hello.name)]

    def seated(self, token: str) -> None:
        """The `TakeSeat` succeeded with `token`."""
        self.token, self.token_hash = token, hash_token(token)

    def welcome(self, state: RoomState, events: list[dict] | None, now: int,
                ai_warming: bool = False) -> list[Action]:
        """The room as loaded once subscribed; `events`: those after `resume_from`, or None
        when there is none or the log no longer reaches back that far (a snapshot then);
        `ai_warming`: this node's AI is not ready yet (its first start compiles it)."""
        self.seat, self.seat_v = self.seat_of(state), state.v
        welcome: dict[str, Any] = {
            "type": "welcome", "room_id": self.room_id, "seat": self.seat, "v": state.v,
            "resumed": events is not None, "now": now, "claim_after_ms": self.claim_after_ms,
            "ai": "warming" if ai_warming else "ready"}
        if self.token is not None:
            welcome["token"] = self.token
        return [*self._out(welcome), *self.history(state, events), FetchChat(self._shown())]

    def opened(self, state: RoomState) -> list[Action]:
        """The welcome is on its way: what arrived meanwhile, then presence."""
        seat, early, self.early = self.seat, self.early or [], None
        actions: list[Action] = [*self.deliver(early), Present(seat)]  # swaps follow Present
        if seat is not None and state.status is Status.WAITING:
            actions.append(Relist(state))
        if demo_restart_at(state) is not None:
            actions.append(ScheduleTimers(state))
        return actions

    # -- what the socket is sent --------------------------------------------------------------
    def deliver(self, messages: Iterable[tuple[dict[str, Any], bytes]]) -> list[Outgoing]:
        """Messages published on the room's channel (with their JSON, UTF-8)."""
        if self.early is not None:
            self.early.extend(messages)
            return []
        actions: list[Outgoing] = []
        for message, data in messages:
            if message["type"] == "chat" and message["channel"] == Channel.SPECTATORS \
                    and not self._sees_spectators():
                continue
            actions.extend(self._out(message, data=data))
        return actions

    def history(self, state: RoomState, events: list[dict] | None,
                force: bool = False) -> list[Outgoing]:
        """The events after a version, or a snapshot when they are unknown (None); `force`
        sends even events already sent (a `sync` the client asked for)."""
        if events is None:
            snapshot = {"type": "snapshot", "v": state.v, "state": public_state(state)}
            return [*self._reseat(state), *self._out(snapshot)]
        return [action for event in events for action in self._out(event, force=force)]

    def resynced(self) -> list[Action]:
        """The fan-out lost Redis for a while: fetch what was published meanwhile."""
        return [CatchUp(self.last_v, self._shown())]

    def owes(self) -> bool:
        """Whether events of this socket's accepted commands have not been sent yet."""
        return self.last_v < self.owed_v

    def _out(self, message: dict[str, Any], force: bool = False,
             data: bytes | None = None) -> list[Outgoing]:
        """Send `message` unless it is a room event already sent; a rematch newer than the
        seat's version swaps the seat (an old one, resent or resumed, is already counted)."""
        v, kind = message.get("v"), message["type"]
        if kind == "snapshot":
            self.last_v = max(self.last_v, v)
        elif v is not None and kind != "welcome":  # a room event
            if v <= self.last_v and not force:
                return []
            self.last_v = max(self.last_v, v)
            if v > self.seat_v:
                return [*self._seat_at(seat_after(message, self.seat), v), Send(message, data)]
        return [Send(message, data)]

    def _reseat(self, state: RoomState) -> list[Outgoing]:
        """A snapshot newer than the seat's version may hold a swap the socket never saw as an
        event (a `sync` or catch-up across a gap): the seat is read from the state itself."""
        return self._seat_at(self.seat_of(state), state.v) if state.v > self.seat_v else []

    def _seat_at(self, seat: int | None, v: int) -> list[Outgoing]:
        """The socket holds `seat` from room version `v` on. A player's seat that changed moves
        its presence, and the page learns which seat it holds now before the event or snapshot
        that changed it (the page keeps no swap rule)."""
        old, self.seat, self.seat_v = self.seat, seat, v
        if old is None or seat is None or old == seat:
            return []
        return [MoveSeat(old, seat), Send({"type": "seat", "seat": seat})]

    def _sees_spectators(self) -> bool:
        return self.seat is None or self.spectator_chat

    def _shown(self) -> frozenset[Channel]:
        return frozenset(Channel) if self._sees_spectators() else frozenset({Channel.PLAYERS})

    # -- what the socket says -----------------------------------------------------------------
    def receive(self, message: ClientMessage, now: int) -> list[Action]:
        """A client message after the hello, decoded (server/ws_messages.decode)."""
        cid = message.cid
        if message.kind == "ping":
            pong: dict[str, Any] = {"type": "pong", "now": now}
            if cid is not None:
                pong["cid"] = cid
            return [Send(pong)]
        if isinstance(message, SyncMessage):
            return [FetchHistory(message.v, force=True)]
        if isinstance(message, ChatMessage):
            return [PostChat(chat_text(message), cid)]
        if isinstance(message, SpectatorChatMessage):
            self.spectator_chat = message.open
            return [FetchChat(self._shown(), (Channel.SPECTATORS,), cid)]
        if message.kind == "claim_win":
            return [FetchAbsence(message)]
        if message.kind in REMATCHES:
            return [FetchStandings(message)]
        return [Run(command_builder(message, self.seat_of))]

    def claim(self, message: ClientMessage, absence: Absence) -> list[Action]:
        """An abandonment claim, with the presence facts it is judged on."""
        return [Run(command_builder(message, self.seat_of, absence))]

    def rematch(self, message: ClientMessage, standings: Standings) -> list[Action]:
        """A rematch offer or acceptance, with the ratings its new game starts from."""
        return [Run(command_builder(message, self.seat_of, standings=standings))]

    def committed(self, v: int) -> None:
        """A command of this socket was applied; the room reached version `v`."""
        self.owed_v = max(self.owed_v, v)

    def binary(self) -> list[Action]:
        return [Send(error_message(ArenaError(ErrorCode.BAD_MESSAGE, "send text frames (JSON)")))]

    def flooded(self, cid: str | None) -> list[Action]:
        """A message over the socket's rate limit: refused, and past ABUSE_LIMIT the close."""
        self.violations += 1
        if self.violations > ABUSE_LIMIT:
            return [CloseWith(CloseCode.ABUSE, ArenaError(ErrorCode.RATE_LIMITED,
                                                          "far too many messages"), cid)]
        return [Send(error_message(ArenaError(ErrorCode.RATE_LIMITED, "too many messages"), cid))]

    def chat_line(self, state: RoomState, text: str, now: int,
                  username: str | None = None) -> ChatLine:
        """The line this socket says (its channel follows its seat in `state`; `username`:
        the account behind the socket)."""
        return chat_line(state, self.seat_of(state), self.name, text, now, username)

    def seat_of(self, state: RoomState) -> int | None:
        """This socket's seat in `state` (looked up each time: a rematch swaps seats)."""
        if self.token_hash is None:
            return None
        return state.seat_of_token_hash(self.token_hash, same_hash)
