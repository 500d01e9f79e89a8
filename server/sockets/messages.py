"""Client messages of the WebSocket protocol (docs/protocol.md §3): one typed definition each.

Every message the client may send is a `msgspec.Struct` below, tagged by its `"type"`; a frame
is read as JSON (`parse_frame`, strict about text), then converted to its Struct by msgspec,
which checks every field. msgspec's validation errors become our codes (`bad_message` with
msgspec's description of the field at fault); the few checks with codes of their own stay here
(`unknown_type`, `not_authenticated`, `bad_token` for a hello's token, `chat_too_long`).

Everything here is pure: text in, a `Hello` or a command builder out, or an `ArenaError` with
the code the client gets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Union

import msgspec

from ..platform.errors import ArenaError, ErrorCode
from ..platform.typed import convert
from ..platform.user_text import TextError, check_chat_line, clean_name, loads_strict
from ..rooms import RoomState, commands
from ..rooms.chat import CHAT_MAX_CHARS
from ..rooms.state import SEATS

MAX_CID = 64
MAX_TOKEN = 128  # longer strings are refused unhashed; real tokens have 32 characters
MAX_MOVE = 8
MAX_CHOICE = 16
MAX_RAW_CHAT = 1000  # longer texts are refused before trimming

CommandBuilder = Callable[[RoomState], commands.Command]
SeatOf = Callable[[RoomState], int | None]

Cid = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CID)]


class ClientMessage(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """What every message may carry: `cid`, echoed on the answer and on a refusal. A field
    sent as null counts as absent."""

    cid: Cid | None = None

    @property
    def kind(self) -> str:
        return str(self.__struct_config__.tag)


class HelloMessage(ClientMessage, frozen=True, tag="hello"):
    token: str | None = None
    v: Annotated[int, msgspec.Meta(ge=0)] | None = None
    name: str | None = None
    watch: bool | None = None


class MoveMessage(ClientMessage, frozen=True, tag="move"):
    move: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_MOVE)]


class OpeningChoiceMessage(ClientMessage, frozen=True, tag="opening_choice"):
    choice: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHOICE)]


class SyncMessage(ClientMessage, frozen=True, tag="sync"):
    v: int


class ChatMessage(ClientMessage, frozen=True, tag="chat"):
    text: str


class SpectatorChatMessage(ClientMessage, frozen=True, tag="spectator_chat"):
    open: bool


_PROPOSALS: dict[str, Callable[..., commands.Command]] = {
    "resign": commands.Resign,
    "berserk": commands.Berserk,
    "draw_offer": commands.DrawOffer,
    "takeback_request": commands.TakebackRequest,
    "rematch_offer": commands.RematchOffer,
    "unlist": commands.Unlist,
    "cancel": commands.Cancel,
}
_ANSWERS: dict[str, tuple[Callable[..., commands.Command], bool]] = {
    "draw_accept": (commands.DrawAnswer, True),
    "draw_decline": (commands.DrawAnswer, False),
    "takeback_accept": (commands.TakebackAnswer, True),
    "takeback_decline": (commands.TakebackAnswer, False),
    "rematch_accept": (commands.RematchAnswer, True),
    "rematch_decline": (commands.RematchAnswer, False),
}
# Messages that carry nothing but their type (and cid): one Struct each, made from the tables.
_BARE = (*_PROPOSALS, *_ANSWERS, "claim_win", "ping")
_BARE_MESSAGES = tuple(
    msgspec.defstruct(f"{kind.title().replace('_', '')}Message", [], bases=(ClientMessage,),
                      tag=kind, frozen=True)
    for kind in _BARE)

# Every message after the hello; msgspec picks the member by "type".
AfterHello = Union[(MoveMessage, OpeningChoiceMessage, SyncMessage, ChatMessage,  # noqa: UP007
                    SpectatorChatMessage, *_BARE_MESSAGES)]
MESSAGE_TYPES = frozenset(("move", "opening_choice", "sync", "chat", "spectator_chat", *_BARE))


@dataclass(slots=True, frozen=True)
class Hello:
    token: str | None
    v: int | None
    name: str | None
    watch: bool


@dataclass(slots=True, frozen=True)
class Absence:
    """Presence facts an abandonment claim is judged on: per seat, connected and last seen."""

    connected: dict[int, bool]
    last_seen: dict[int, int | None]
    claim_after_ms: int


def bad(message: str) -> ArenaError:
    return ArenaError(ErrorCode.BAD_MESSAGE, message)


def parse_frame(text: str) -> dict[str, Any]:
    """The frame as a JSON object with a string `type` (not yet checked further)."""
    try:
        message = loads_strict(text)
    except (ValueError, RecursionError):
        raise bad("a message is one JSON object (no lone surrogates in its strings)") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise bad('a message is a JSON object with a string "type"')
    return message


def typed(message: dict[str, Any], kind: Any) -> Any:
    """`message` as the Struct `kind` (a union: chosen by `type`), nulls counting as absent;
    else `bad_message` saying which field is wrong and how."""
    without_nulls = {key: value for key, value in message.items() if value is not None}
    try:
        return convert(without_nulls, kind, ErrorCode.BAD_MESSAGE)
    except ArenaError as error:
        raise bad(f"{message['type']}: {error.message}") from None


def parse_hello(message: dict[str, Any]) -> Hello:
    if message["type"] != "hello":
        raise ArenaError(ErrorCode.NOT_AUTHENTICATED, 'the first message must be a "hello"')
    hello = typed(message, HelloMessage)
    try:
        name = None if hello.name is None else clean_name(hello.name)
    except TextError as error:
        raise bad(str(error)) from None
    if hello.token is not None and not 1 <= len(hello.token) <= MAX_TOKEN:
        raise ArenaError(ErrorCode.BAD_TOKEN, "this token holds no seat in this room")
    return Hello(token=hello.token, v=hello.v, name=name, watch=bool(hello.watch))


def frame_cid(text: str | None) -> str | None:
    """The `cid` of a raw frame, if it is a message with a valid one (for refusals decided
    before the frame is read, such as `rate_limited`)."""
    if text is None:
        return None
    try:
        return client_id(parse_frame(text))
    except ArenaError:
        return None


def client_id(message: dict[str, Any]) -> str | None:
    """The message's `cid`, if it has a valid one (also used to tag errors)."""
    cid = message.get("cid")
    return cid if isinstance(cid, str) and 1 <= len(cid) <= MAX_CID else None


def decode(message: dict[str, Any]) -> ClientMessage:
    """A message after the hello, as its typed Struct."""
    kind = message["type"]
    if kind == "hello":
        raise bad("this socket already said hello (open a new socket to change seat)")
    if kind not in MESSAGE_TYPES:
        raise ArenaError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}")
    return typed(message, AfterHello)


def chat_text(message: ChatMessage) -> str:
    """The `text` of a `chat` message (trimmed and judged by server/rooms/chat.py)."""
    if len(message.text) > MAX_RAW_CHAT:
        raise ArenaError(ErrorCode.CHAT_TOO_LONG,
                         f"a chat message has at most {CHAT_MAX_CHARS} characters")
    try:
        check_chat_line(message.text)
    except TextError as error:
        raise bad(str(error)) from None
    return message.text


REMATCHES = ("rematch_offer", "rematch_accept")  # the messages that may start a new game


def command_builder(message: ClientMessage, seat_of: SeatOf,
                    absence: Absence | None = None,
                    standings: commands.Standings = ()) -> CommandBuilder:
    """A function from the room's current state to the command `message` asks for. The seat
    is looked up in each state it is given (a rematch swaps seats). `standings`: the players'
    ratings for a rematch of a rated game (server/sockets/ratings.py)."""
    kind, cid = message.kind, message.cid
    if kind in REMATCHES and standings:
        if kind == "rematch_offer":
            return lambda state: commands.RematchOffer(seat_of(state), cid, standings)
        return lambda state: commands.RematchAnswer(seat_of(state), True, cid, standings)
    if isinstance(message, MoveMessage):
        move = message.move
        return lambda state: commands.Move(seat_of(state), move, cid)
    if isinstance(message, OpeningChoiceMessage):
        choice = message.choice
        return lambda state: commands.OpeningChoice(seat_of(state), choice, cid)
    if kind in _PROPOSALS:
        make = _PROPOSALS[kind]
        return lambda state: make(seat_of(state), cid=cid)
    if kind in _ANSWERS:
        make, accept = _ANSWERS[kind]
        return lambda state: make(seat_of(state), accept, cid=cid)
    if kind == "claim_win":
        assert absence is not None
        return lambda state: _claim(seat_of(state), absence, cid)
    raise ArenaError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind!r}")


def _claim(seat: int | None, absence: Absence, cid: str | None) -> commands.ClaimWin:
    if seat not in SEATS:
        return commands.ClaimWin(seat, False, None, 0, cid)  # type: ignore[arg-type]
    opponent = 3 - seat  # type: ignore[operator]
    return commands.ClaimWin(seat, absence.connected[opponent], absence.last_seen[opponent],
                             absence.claim_after_ms, cid)
