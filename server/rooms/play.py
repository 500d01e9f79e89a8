"""Room rules for seating and playing: create, join, unlist, cancel, move, resign, claim,
resume on another device, abandon, clock ticks."""

from __future__ import annotations

from dataclasses import replace

from msgspec import UNSET

from engine.board import Board, Termination
from engine.errors import EngineError

from ..platform.errors import ArenaError, ErrorCode, from_engine
from . import commands as cmd
from . import events as ev
from .boards import remember, take_board
from .claims import claim_at
from .clock import ClockConfig
from .offers import rematch
from .opening import Opening, check_opening
from .opening_play import clock_after_stone, phase_fields, require_stone_phase
from .outcomes import (
    Step,
    abandon_at,
    demo_restart_at,
    end_game,
    flag_fallen,
    move_deadline,
    require_player,
    require_playing,
    timeout,
)
from .state import (
    SEATS,
    Mode,
    RatingRange,
    Reason,
    Result,
    RoomState,
    Seat,
    SeatKind,
    Status,
    other,
)


def ai_seat(level: int, now: int) -> Seat:
    return Seat(SeatKind.AI, f"AI level {level}", now, level=level)


def new_room(*, room_id: str, variant: str, mode: Mode, public: bool, now: int,
             creator_seat: int | None, creator_name: str | None, token_hash: str | None,
             ai_level: int, clock: ClockConfig | None, idle_claim_ms: int | None = None,
             creator: cmd.PlayerRef | None = None, rated: bool = False,
             opening: Opening = Opening.NONE,
             rating_range: RatingRange | None = None,
             berserkable: bool = False) -> RoomState:
    """A room at version 0. Human rooms wait for a second player; AI rooms start at once.
    `idle_claim_ms`: in a human game without a clock, how long a player may sit on their turn
    before the opponent may claim the win (None: no limit).
    A rated room is a human room created by an account (the creator's `username`).
    `opening`: the opening rule (gomoku, gomoku-standard and renju only).
    A daily clock (days per move) and a `rating_range` (a seek's: who may take the free seat)
    are for a person's room waiting for a person; a range also needs an account's creator.
    `berserkable`: a tournament's game whose players may berserk (with a clock that allows it)."""
    try:
        check_opening(variant, opening)
    except ValueError as error:
        raise ArenaError(ErrorCode.BAD_OPENING, str(error)) from None
    if rated:
        check_rated(mode, creator)
    if clock is not None and clock.days is not None and mode is not Mode.HUMAN:
        raise ArenaError(ErrorCode.BAD_REQUEST, "a daily game (days per move) is between people")
    if rating_range is not None:
        check_range_allowed(mode, creator)
    seats: list[Seat | None] = [None, None]
    if mode is Mode.AI_VS_AI:
        seats = [ai_seat(ai_level, now), ai_seat(ai_level, now)]
    else:
        assert creator_seat in SEATS and token_hash
        seats[creator_seat - 1] = human_seat(creator_name, now, token_hash, creator, variant)
        if mode is Mode.AI:
            seats[other(creator_seat) - 1] = ai_seat(ai_level, now)
    idle = idle_claim_ms if mode is Mode.HUMAN and clock is None else None
    state = RoomState(room_id=room_id, variant=variant, mode=mode, public=public,
                      created_at=now, seats=(seats[0], seats[1]), clock_config=clock,
                      idle_claim_ms=idle, rated=rated, opening=opening,
                      rating_range=rating_range,
                      berserkable=berserkable and clock is not None and clock.berserkable)
    return state if mode is Mode.HUMAN else _start(state, now)


def check_rated(mode: Mode, player: cmd.PlayerRef | None) -> None:
    """Raise unless `player` may play a rated game in a room of `mode`: rated games are
    between logged-in players (an account), never against the computer."""
    if mode is not Mode.HUMAN or player is None or player.username is None:
        raise ArenaError(ErrorCode.NOT_RATED_ELIGIBLE,
                         "a rated game is for logged-in players, against a person")


def check_range_allowed(mode: Mode, creator: cmd.PlayerRef | None) -> None:
    """Raise unless a room of `mode` made by `creator` may ask for a rating range: a seek of
    a logged-in player for a person."""
    if mode is not Mode.HUMAN:
        raise ArenaError(ErrorCode.BAD_REQUEST, "a rating range is for a game against a person")
    if creator is None or creator.username is None:
        raise ArenaError(ErrorCode.NOT_LOGGED_IN, "log in to ask for a rating range")


def check_in_range(state: RoomState, player: cmd.PlayerRef | None) -> None:
    """Raise unless `player` may take the free seat of a seek with a rating range: an account
    whose rating in the room's variant lies within it."""
    if state.rating_range is None:
        return
    standing = player.standing(state.variant) if player is not None else None
    if not state.rating_range.admits(standing.rating if standing else None):
        low, high = state.rating_range.low, state.rating_range.high
        raise ArenaError(ErrorCode.RATING_OUT_OF_RANGE,
                         f"this game is for players rated {low} to {high}")


def human_seat(name: str | None, now: int, token_hash: str,
               player: cmd.PlayerRef | None, variant: str) -> Seat:
    """A person's seat; an account's carries its username and its rating in `variant` now."""
    if player is None:
        return Seat(SeatKind.HUMAN, name, now, token_hash=token_hash)
    standing = player.standing(variant)
    return Seat(SeatKind.HUMAN, name, now, token_hash=token_hash, player_id=player.player_id,
                username=player.username,
                rating=standing.rating if standing else None,
                provisional=standing.provisional if standing else False)


def _start(state: RoomState, now: int) -> RoomState:
    clock = state.clock_config.start(now) if state.clock_config else None
    state = state.evolve(status=Status.PLAYING, clock=clock, started_at=now)
    return state.evolve(move_deadline=move_deadline(state, now))


def open_seat(state: RoomState) -> int | None:
    """The seat a visitor may take: the free seat of a person's room still waiting, else
    None (the room page offers it from the state's `open_seat`)."""
    if state.mode is not Mode.HUMAN or state.status is not Status.WAITING:
        return None
    return state.free_seat()


def check_join(state: RoomState) -> int:
    """The seat a visitor may take; raise when there is none."""
    if (seat_no := open_seat(state)) is None:
        raise ArenaError(ErrorCode.SEAT_TAKEN, "no free seat in this room")
    return seat_no


def join(state: RoomState, command: cmd.Join, now: int) -> Step:
    seat_no = check_join(state)
    if state.rated:
        check_rated(state.mode, command.player)
    check_in_range(state, command.player)
    seat = human_seat(command.name, now, command.token_hash, command.player, state.variant)
    seats = (seat, state.seats[1]) if seat_no == 1 else (state.seats[0], seat)
    state = state.evolve(seats=seats)
    events: list[ev.Event] = [ev.SeatTaken(seat=seat_no, player=seat.to_public())]
    if state.free_seat() is None:
        state = _start(state, now)
        events.append(ev.GameStarted(status=state.status.value, turn=state.turn,
                                     started_at=state.started_at,
                                     clock=state.clock.to_dict() if state.clock else None,
                                     move_deadline=state.move_deadline))
    return state, events


def unlist(state: RoomState, command: cmd.Unlist, now: int) -> Step:
    """The waiting player cancels the search: the room becomes private (out of the lobby and
    of quick play) and stays open to whoever has its link; `cancel` closes it instead. Too
    late once the opponent came: the game has started."""
    check_unlist(state, require_player(command.seat))
    return state.evolve(public=False), [ev.Unlisted(public=False)]


def check_unlist(state: RoomState, seat: int) -> None:
    """Raise unless the room `seat` waits in is still listed."""
    if state.status is not Status.WAITING:
        raise ArenaError(ErrorCode.SEAT_TAKEN, "the opponent already took the seat")
    if not state.public:
        raise ArenaError(ErrorCode.NOTHING_PENDING, "the room is not listed")


def cancel(state: RoomState, command: cmd.Cancel, now: int) -> Step:
    """The seated player of a room still waiting for an opponent closes it (`unlist` only
    takes it out of the lobby)."""
    check_cancel(state, require_player(command.seat))
    return end_game(state, Result(None, Reason.CANCELLED), now)


def check_cancel(state: RoomState, seat: int) -> None:
    """Raise unless `seat` is held in a room still waiting for an opponent."""
    if state.status is not Status.WAITING or state.seat(seat) is None:
        raise ArenaError(ErrorCode.CANNOT_CANCEL, "only a room still waiting can be cancelled")


def move(state: RoomState, command: cmd.Move, now: int) -> Step:
    seat_no = require_player(command.seat)
    require_playing(state)
    if seat_no != state.turn or state.is_ai(seat_no) != command.by_ai:
        raise ArenaError(ErrorCode.NOT_YOUR_TURN, "it is not your turn")
    require_stone_phase(state)
    board = take_board(state.variant, state.moves)
    try:
        text = board.move_str(board.push_str(command.move))
    except EngineError as error:
        remember(state.variant, state.moves, board)  # as it was: a refused move changes nothing
        raise from_engine(error) from None
    moves = (*state.moves, text)
    clock = clock_after_stone(state, seat_no, now, len(moves))
    remember(state.variant, moves, board)
    state = state.evolve(moves=moves, move_times=(*state.move_times, now), clock=clock,
                         last_move_at=now, draw_offer=None, takeback_request=None,
                         move_deadline=move_deadline(state, now))
    outcome = board.outcome()
    unscored = board.unscored_run() if outcome is None else None
    events: list[ev.Event] = [ev.Move(
        seat=seat_no, move=text, ply=len(moves), turn=state.turn,
        clock=clock.to_dict() if clock else None, last_move_at=now, draw_offer=None,
        takeback_request=None, move_deadline=state.move_deadline,
        forbidden=[board.move_str(cell) for cell in board.forbidden_moves()],
        unscored=_unscored(board, *unscored) if unscored else UNSET, **phase_fields(state))]
    if outcome is None:
        return state, events
    if outcome.termination is Termination.WIN:
        result = Result(outcome.winner, Reason.LINE,
                        tuple(board.move_str(cell) for cell in outcome.line),
                        tuple((cell % board.cols, cell // board.cols) for cell in outcome.line))
    else:
        result = Result(None, Reason.BOARD_FULL)
    state, ending = end_game(state, result, now)
    return state, events + ending


def _unscored(board: Board, kind: str, cells: tuple[int, ...]) -> dict[str, object]:
    """The `unscored` field of a move event: a row the rule does not count, and why."""
    return {"why": kind, "line": [board.move_str(cell) for cell in cells],
            "cells": [[cell % board.cols, cell // board.cols] for cell in cells]}


def resign(state: RoomState, command: cmd.Resign, now: int) -> Step:
    seat_no = require_player(command.seat)
    require_playing(state)
    return end_game(state, Result(other(seat_no), Reason.RESIGN), now)


def claim_win(state: RoomState, command: cmd.ClaimWin, now: int) -> Step:
    """A player wins whose opponent has been gone long enough, or has sat on their turn past
    `move_deadline` (connected or not), while no clock runs (server/rooms/claims.py)."""
    seat_no = require_player(command.seat)
    require_playing(state)
    if state.clock_runs():
        raise ArenaError(ErrorCode.CANNOT_CLAIM_YET, "a game with a running clock ends by it")
    due = claim_at(state, seat_no, command.opponent_connected, command.opponent_last_seen,
                   command.claim_after_ms)
    if due is None:
        raise ArenaError(ErrorCode.CANNOT_CLAIM_YET, "your opponent is connected")
    if now < due:
        raise ArenaError(ErrorCode.CANNOT_CLAIM_YET, f"wait {(due - now) / 1000:.0f} s more")
    return end_game(state, Result(seat_no, Reason.ABANDONED), now)


MAX_DEVICES = 4  # tokens a seat keeps for its player's other devices (the oldest goes first)


def resume(state: RoomState, command: cmd.Resume, now: int) -> Step:
    """The seat's player, on another device (logged into the same account), gets the seat
    there too: the new token is added, the others keep working."""
    seat_no = next((n for n in SEATS if (s := state.seat(n)) is not None
                    and s.player_id == command.player_id), None)
    if seat_no is None:
        raise ArenaError(ErrorCode.NOT_A_PLAYER, "you have no seat in this room")
    if state.status is Status.FINISHED:
        raise ArenaError(ErrorCode.GAME_OVER, "the game is finished")
    seat = state.seat(seat_no)
    assert seat is not None
    devices = (*seat.device_hashes, command.token_hash)[-MAX_DEVICES:]
    seats = tuple(replace(s, device_hashes=devices) if n == seat_no else s
                  for n, s in zip(SEATS, state.seats, strict=True))
    return state.evolve(seats=seats), [ev.SeatResumed(seat=seat_no)]


def abandon(state: RoomState, command: cmd.Abandon, now: int) -> Step:
    """Nobody has played or been connected for long enough: the game ends without a winner."""
    require_playing(state)
    due = abandon_at(state, command.players_last_seen, command.after_ms)
    if due is None or now < due:
        raise ArenaError(ErrorCode.CANNOT_CLAIM_YET, "the game is still being played")
    return end_game(state, Result(None, Reason.ABANDONED), now)


def tick(state: RoomState, command: cmd.Tick, now: int) -> Step:
    """Whatever the time has brought: a fallen flag, or the next game of a finished demo."""
    if flag_fallen(state, now):
        return timeout(state, now)
    restart = demo_restart_at(state)
    if restart is not None and now >= restart:
        return rematch(state, now)
    return state, []
