"""Chat lines as values, and who speaks in which channel. Pure: no I/O, no clock reads.

Chat is not a room command: it never changes the room's state or version, so no amount of it
can push game events out of the resume window. A room has two channels, as on lichess: the
players' (everyone sees it) and the spectators' (spectators see it; a player only after opening
it). A player speaks in the players' channel, anyone else in the spectators'. The lines are
kept and rate-limited by server/play/chat.py.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from ..platform.errors import ArenaError, ErrorCode
from .state import SEATS, RoomState

CHAT_KEEP = 50        # lines kept per channel (the history a new socket gets)
CHAT_MAX_CHARS = 300  # per line, after trimming


class Channel(enum.StrEnum):
    PLAYERS = "players"
    SPECTATORS = "spectators"


@dataclass(slots=True, frozen=True)
class ChatLine:
    channel: Channel
    seat: int | None
    name: str | None
    text: str
    ts: int
    username: str | None = None  # the speaker's account: pages name it by its username

    def to_dict(self) -> dict[str, Any]:
        return {"channel": self.channel.value,
                "from": {"seat": self.seat, "name": self.name, "username": self.username},
                "text": self.text, "ts": self.ts}


def chat_line(state: RoomState, seat: int | None, name: str | None, text: str,
              now: int, username: str | None = None) -> ChatLine:
    """The line `text` said by `seat` (None: a spectator) under `name`, or `chat_too_long`.
    A player without a name of their own speaks under their seat's name; an account (a
    player's seat, or a logged-in spectator's `username`) under its username."""
    text = text.strip()
    if not 1 <= len(text) <= CHAT_MAX_CHARS:
        raise ArenaError(ErrorCode.CHAT_TOO_LONG,
                         f"a chat message has 1 to {CHAT_MAX_CHARS} characters")
    if seat in SEATS:
        held = state.seat(seat)  # type: ignore[arg-type]
        return ChatLine(Channel.PLAYERS, seat, name or (held.name if held else None), text, now,
                        held.username if held else None)
    return ChatLine(Channel.SPECTATORS, None, name, text, now, username)
