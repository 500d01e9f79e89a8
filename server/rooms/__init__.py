"""The room as a pure state machine (no I/O): state values, commands, and `apply`.

Owns every room rule: seats and joining, whose turn, clocks, offers, the opening rules, chat
channels, claims, berserk (a tournament game's), how a game ends (`apply(state, command,
now) -> Transition(state, events)`).
No I/O, no clock reads (the caller passes `now`); judges moves with engine/.

Imports: server.platform (error codes only), engine. Nothing of asyncio, aiohttp, Redis or SQL
(a contract in pyproject.toml).

See server/rooms/machine.py for the contract and docs/protocol.md for the events it emits.

Other packages may use the names below (`__all__`), and `events` (the typed events),
`allowed.rated_modes`, `chat` (`Channel`, `ChatLine`, `chat_line`, `CHAT_MAX_CHARS`),
`claims`, `clock` (limits), `opening` (`openings_for`, `options_of`), `outcomes` (timers'
instants), `timing`, `state.game_id`.
"""

from __future__ import annotations

from . import commands
from .allowed import public_state
from .clock import Clock, ClockConfig
from .machine import Transition, apply
from .opening import Choice, Opening, Phase
from .play import new_room
from .state import Mode, Reason, RoomState, Seat, SeatKind, Status

__all__ = ["Choice", "Clock", "ClockConfig", "Mode", "Opening", "Phase", "Reason", "RoomState",
           "Seat", "SeatKind", "Status", "Transition", "apply", "commands", "new_room",
           "public_state"]
