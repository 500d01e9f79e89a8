"""The room as a pure state machine (no I/O): state values, commands, and `apply`.

See server/rooms/machine.py for the contract and docs/protocol.md for the events it emits.
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
