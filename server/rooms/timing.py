"""When a room needs the server's attention without a client message: a flag falls, an AI seat
must move, a demo restarts, an unfinished game may be abandoned. Pure: the caller passes the
settings and the instants."""

from __future__ import annotations

from .outcomes import abandon_at, demo_restart_at
from .state import Mode, RoomState


def ai_due_at(state: RoomState, pace_ms: int) -> int | None:
    """When the AI seat to move should move (a demo pauses between moves so people can watch)."""
    if not state.ai_to_move():
        return None
    base = state.last_move_at or state.started_at or state.created_at
    pause = pace_ms if state.mode is Mode.AI_VS_AI and state.moves else 0
    return base + pause


def due_at(state: RoomState, pace_ms: int, abandon_after_ms: int,
           players_last_seen: int | None = None) -> int | None:
    dues = [d for d in (state.flag_deadline(), ai_due_at(state, pace_ms), demo_restart_at(state),
                        abandon_at(state, players_last_seen, abandon_after_ms)) if d is not None]
    return min(dues) if dues else None
