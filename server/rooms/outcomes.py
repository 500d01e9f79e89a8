"""Checks and endings shared by every room rule: who may act, and how a game ends."""

from __future__ import annotations

from ..platform.errors import ArenaError, ErrorCode
from . import events as ev
from .state import SEATS, Mode, Reason, Result, RoomState, Status, other

Step = tuple[RoomState, list[ev.Event]]


def require_player(seat: int | None) -> int:
    if seat not in SEATS:
        raise ArenaError(ErrorCode.NOT_A_PLAYER, "only the players can do that")
    return seat  # type: ignore[return-value]


def require_playing(state: RoomState) -> None:
    if state.status is Status.WAITING:
        raise ArenaError(ErrorCode.GAME_NOT_STARTED, "the game waits for a second player")
    if state.status is Status.FINISHED:
        raise ArenaError(ErrorCode.GAME_OVER, "the game is over")


def flag_fallen(state: RoomState, now: int) -> bool:
    return state.status is Status.PLAYING and state.clock is not None \
        and state.clock.has_flagged(now)


DEMO_RESTART_MS = 10_000  # a finished AI-vs-AI demo starts its next game after this pause


def demo_restart_at(state: RoomState) -> int | None:
    """When a finished AI-vs-AI demo starts its next game (epoch ms), else None."""
    if state.mode is not Mode.AI_VS_AI or state.status is not Status.FINISHED \
            or state.finished_at is None:
        return None
    return state.finished_at + DEMO_RESTART_MS


def move_deadline(state: RoomState, now: int) -> int | None:
    """The deadline of a turn starting at `now`, in a room with an idle-claim limit."""
    if state.status is not Status.PLAYING or state.idle_claim_ms is None:
        return None
    return now + state.idle_claim_ms


def abandon_at(state: RoomState, players_last_seen: int | None, after_ms: int) -> int | None:
    """When an unfinished game counts as abandoned: `after_ms` after its human players were
    last seen connected, or after its last move or start if later. None for a game that is not
    being played, an AI-vs-AI demo (it finishes by itself) or a daily game (its clock decides:
    it waits with nobody connected)."""
    if state.status is not Status.PLAYING or state.mode is Mode.AI_VS_AI or state.daily:
        return None
    return max(players_last_seen or 0, state.last_move_at or 0, state.started_at or 0) + after_ms


def end_game(state: RoomState, result: Result, now: int) -> Step:
    """Finish the game: stop the clock, drop pending offers, announce the result."""
    clock = state.clock.stop(now) if state.clock else None
    state = state.evolve(status=Status.FINISHED, result=result, clock=clock, finished_at=now,
                         draw_offer=None, takeback_request=None, rematch_offer=None,
                         move_deadline=None)
    return state, [ev.GameOver(status=state.status.value, result=result.to_dict(),
                               clock=clock.to_dict() if clock else None, finished_at=now,
                               draw_offer=None, takeback_request=None, rematch_offer=None,
                               move_deadline=None, game_id=state.public_game_id)]


def timeout(state: RoomState, now: int) -> Step:
    """The running seat's flag has fallen: it loses."""
    assert state.clock is not None and state.clock.running is not None
    return end_game(state, Result(other(state.clock.running), Reason.TIMEOUT), now)
