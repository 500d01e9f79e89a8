"""Room rules for the things one player proposes and the other answers: draw, takeback, rematch.

Against the AI the answer comes at once: a draw is declined, a takeback and a rematch granted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..platform.errors import ArenaError, ErrorCode
from . import commands as cmd
from . import events as ev
from .boards import forbidden_after
from .opening_play import require_keeps_opening, require_play_phase
from .outcomes import Step, end_game, move_deadline, require_player, require_playing
from .state import Reason, Result, RoomState, Status, other


def _require_no_pending(pending: int | None, seat: int) -> None:
    if pending is not None:
        who = "yours" if pending == seat else "your opponent's"
        raise ArenaError(ErrorCode.ALREADY_PENDING, f"an offer ({who}) is already pending")


def _require_pending_from_opponent(pending: int | None, seat: int) -> None:
    if pending != other(seat):
        raise ArenaError(ErrorCode.NOTHING_PENDING, "your opponent has not offered that")


def check_draw_offer(state: RoomState, seat: int) -> None:
    """Raise unless `seat` may offer a draw now (an offer that meets the opponent's accepts
    it)."""
    require_playing(state)
    require_play_phase(state, "draw offer")
    if state.draw_offer != other(seat):
        _require_no_pending(state.draw_offer, seat)


def draw_offer(state: RoomState, command: cmd.DrawOffer, now: int) -> Step:
    seat = require_player(command.seat)
    check_draw_offer(state, seat)
    if state.draw_offer == other(seat):
        return draw_answer(state, cmd.DrawAnswer(seat, accept=True), now)
    offered = ev.DrawOffered(seat=seat, draw_offer=seat)
    if state.is_ai(other(seat)):
        return state, [offered, ev.DrawDeclined(seat=other(seat))]
    return state.evolve(draw_offer=seat), [offered]


def draw_answer(state: RoomState, command: cmd.DrawAnswer, now: int) -> Step:
    seat = require_player(command.seat)
    require_playing(state)
    _require_pending_from_opponent(state.draw_offer, seat)
    if command.accept:
        return end_game(state, Result(None, Reason.AGREEMENT), now)
    return state.evolve(draw_offer=None), [ev.DrawDeclined(seat=seat)]


def check_takeback_request(state: RoomState, seat: int) -> None:
    """Raise unless `seat` may ask to take its last move back now: one of its own after the
    opening's stones, and no request pending."""
    require_playing(state)
    require_play_phase(state, "takeback")
    if len(state.moves) < seat:  # seat 1 owns moves 0, 2, ...; seat 2 owns 1, 3, ...
        raise ArenaError(ErrorCode.NOTHING_TO_TAKE_BACK, "you have no move to take back")
    require_keeps_opening(state, len(state.moves) - _undone(state, seat))
    _require_no_pending(state.takeback_request, seat)


def takeback_request(state: RoomState, command: cmd.TakebackRequest, now: int) -> Step:
    seat = require_player(command.seat)
    check_takeback_request(state, seat)
    if state.is_ai(other(seat)):
        return take_back(state, seat, now)
    return (state.evolve(takeback_request=seat),
            [ev.TakebackRequested(seat=seat, takeback_request=seat)])


def takeback_answer(state: RoomState, command: cmd.TakebackAnswer, now: int) -> Step:
    seat = require_player(command.seat)
    require_playing(state)
    _require_pending_from_opponent(state.takeback_request, seat)
    if command.accept:
        return take_back(state, other(seat), now)
    return state.evolve(takeback_request=None), [ev.TakebackDeclined(seat=seat)]


def _undone(state: RoomState, requester: int) -> int:
    """How many moves a takeback for `requester` undoes: theirs, and the reply if any."""
    return 2 if state.turn == requester else 1


def take_back(state: RoomState, requester: int, now: int) -> Step:
    """Undo `requester`'s last move (and the reply to it, if any); `requester` moves next.
    The clock is not rewound: time already spent stays spent (and it stops again when the
    side to move has no move left on the board)."""
    plies = _undone(state, requester)
    require_keeps_opening(state, len(state.moves) - plies)
    undone = state.moves[-plies:][::-1]
    moves = state.moves[:-plies]
    clock = state.clock.switch_to(requester, now, len(moves)) if state.clock else None
    state = state.evolve(moves=moves, move_times=state.move_times[:len(moves)], clock=clock,
                         draw_offer=None, takeback_request=None,
                         move_deadline=move_deadline(state, now))
    return state, [ev.Takeback(seat=requester, undone=list(undone), moves=list(moves),
                               turn=state.turn, clock=clock.to_dict() if clock else None,
                               draw_offer=None, takeback_request=None,
                               move_deadline=state.move_deadline,
                               forbidden=forbidden_after(state.variant, moves))]


def _require_finished(state: RoomState) -> None:
    if state.status is not Status.FINISHED:
        raise ArenaError(ErrorCode.GAME_NOT_OVER, "a rematch comes after the game")


def _rematch_at_once(state: RoomState, seat: int) -> bool:
    """An offer by `seat` is a rematch at once: it meets the opponent's, or the AI's yes."""
    return state.rematch_offer == other(seat) or state.is_ai(other(seat))


def check_rematch_offer(state: RoomState, seat: int) -> None:
    """Raise unless `seat` may offer a rematch now: after a game both seats played, with no
    offer of its own pending."""
    _require_finished(state)
    if state.free_seat() is not None:
        raise ArenaError(ErrorCode.GAME_OVER, "this room was cancelled before anyone joined")
    if not _rematch_at_once(state, seat):
        _require_no_pending(state.rematch_offer, seat)


def rematch_offer(state: RoomState, command: cmd.RematchOffer, now: int) -> Step:
    seat = require_player(command.seat)
    check_rematch_offer(state, seat)
    if _rematch_at_once(state, seat):
        return rematch(state, now, command.standings)
    return state.evolve(rematch_offer=seat), [ev.RematchOffered(seat=seat, rematch_offer=seat)]


def rematch_answer(state: RoomState, command: cmd.RematchAnswer, now: int) -> Step:
    seat = require_player(command.seat)
    _require_finished(state)
    _require_pending_from_opponent(state.rematch_offer, seat)
    if command.accept:
        return rematch(state, now, command.standings)
    return state.evolve(rematch_offer=None), [ev.RematchDeclined(seat=seat)]


def rematch(state: RoomState, now: int, standings: cmd.Standings = ()) -> Step:
    """A new game in the same room with the seats swapped; an account's seat shows its
    rating from `standings` when given (the finished game has changed it). A tournament's
    game played again is no tournament game: nobody may berserk in it. The event's `state`
    is filled in by `machine.apply` once the new version is known."""
    clock = state.clock_config.start(now) if state.clock_config else None
    rated = dict(standings)
    seats = tuple(replace(seat, rating=rated[seat.player_id].rating,
                          provisional=rated[seat.player_id].provisional)
                  if seat is not None and seat.player_id in rated else seat
                  for seat in (state.seats[1], state.seats[0]))
    state = state.evolve(seats=seats, status=Status.PLAYING,
                         game_no=state.game_no + 1, moves=(), move_times=(), clock=clock,
                         result=None, opening_choices=(),
                         draw_offer=None, takeback_request=None, rematch_offer=None,
                         started_at=now, finished_at=None, last_move_at=None, berserkable=False)
    state = state.evolve(move_deadline=move_deadline(state, now))
    return state, [ev.Rematch()]


def seat_after(event: Mapping[str, Any], seat: int | None) -> int | None:
    """The seat a player holds once `event` (its wire form) has happened (None: a spectator
    stays one): a
    rematch, or an opening choice that swaps colours (`swapped`, server/rooms/opening_play.py),
    moves the player who sat in 1 to 2 and back."""
    if seat is None or not (event["type"] == "rematch" or event.get("swapped")):
        return seat
    return other(seat)
