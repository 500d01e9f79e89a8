"""Client messages of the WebSocket protocol (docs/protocol.md §3): parse, check, build commands.

Everything here is pure: text in, a `Hello` or a command builder out, or an `ArenaError` with
the code the client gets (`bad_message`, `unknown_type`, `chat_too_long`, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import ArenaError, ErrorCode
from .rooms import RoomState, commands
from .rooms.state import SEATS
from .user_text import TextError, check_chat_line, clean_name, loads_strict

MAX_CID = 64
MAX_TOKEN = 128  # longer strings are refused unhashed; real tokens have 32 characters
MAX_MOVE = 8
MAX_CHOICE = 16
MAX_RAW_CHAT = 1000  # longer texts are refused before trimming

CommandBuilder = Callable[[RoomState], commands.Command]
SeatOf = Callable[[RoomState], int | None]

ROOM_COMMANDS = frozenset({
    "move", "resign", "draw_offer", "draw_accept", "draw_decline", "takeback_request",
    "takeback_accept", "takeback_decline", "rematch_offer", "rematch_accept", "rematch_decline",
    "claim_win", "unlist", "cancel", "opening_choice",
})
# Commands that leave the room's state alone: chat has its own store (server/chat.py).
SESSION_COMMANDS = frozenset({"sync", "ping", "chat", "spectator_chat"})


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
    try:
        message = loads_strict(text)
    except (ValueError, RecursionError):
        raise bad("a message is one JSON object (no lone surrogates in its strings)") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise bad('a message is a JSON object with a string "type"')
    return message


def field(message: dict[str, Any], name: str, kind: type, *, required: bool = False,
          max_len: int | None = None) -> Any:
    value = message.get(name)
    if value is None:
        if required:
            raise bad(f'"{name}" is required')
        return None
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise bad(f'"{name}" must be a {kind.__name__}')
    if max_len is not None and isinstance(value, str) and not 1 <= len(value) <= max_len:
        raise bad(f'"{name}" must have 1 to {max_len} characters')
    return value


def parse_hello(message: dict[str, Any]) -> Hello:
    if message["type"] != "hello":
        raise ArenaError(ErrorCode.NOT_AUTHENTICATED, 'the first message must be a "hello"')
    v = field(message, "v", int)
    if v is not None and v < 0:
        raise bad('"v" must be >= 0')
    name = message.get("name")
    try:
        name = None if name is None else clean_name(name)
    except TextError as error:
        raise bad(str(error)) from None
    token = field(message, "token", str)
    if token is not None and not 1 <= len(token) <= MAX_TOKEN:
        raise ArenaError(ErrorCode.BAD_TOKEN, "this token holds no seat in this room")
    return Hello(token=token, v=v, name=name, watch=bool(field(message, "watch", bool)))


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


def check_type(message: dict[str, Any]) -> str:
    kind = message["type"]
    if kind == "hello":
        raise bad("this socket already said hello (open a new socket to change seat)")
    if kind not in ROOM_COMMANDS and kind not in SESSION_COMMANDS:
        raise ArenaError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}")
    field(message, "cid", str, max_len=MAX_CID)
    return kind


_PROPOSALS: dict[str, Callable[..., commands.Command]] = {
    "resign": commands.Resign,
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


def chat_text(message: dict[str, Any]) -> str:
    """The `text` of a `chat` message (trimmed and judged by server/rooms/chat.py)."""
    text = field(message, "text", str, required=True)
    if len(text) > MAX_RAW_CHAT:
        raise ArenaError(ErrorCode.CHAT_TOO_LONG, "a chat message has at most 300 characters")
    try:
        check_chat_line(text)
    except TextError as error:
        raise bad(str(error)) from None
    return text


def command_builder(message: dict[str, Any], seat_of: SeatOf,
                    absence: Absence | None = None) -> CommandBuilder:
    """A function from the room's current state to the command `message` asks for. The seat
    is looked up in each state it is given (a rematch swaps seats)."""
    kind, cid = message["type"], client_id(message)
    if kind == "move":
        move = field(message, "move", str, required=True, max_len=MAX_MOVE)
        return lambda state: commands.Move(seat_of(state), move, cid)
    if kind == "opening_choice":
        choice = field(message, "choice", str, required=True, max_len=MAX_CHOICE)
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
