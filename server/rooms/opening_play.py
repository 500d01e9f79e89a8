"""Room rules for the opening phases (server/rooms/opening.py): the colour choice, the clock
while the opening is played, and what the other rules refuse meanwhile.

Clocks: in an opening phase the time of the player who acts runs, with the increment after
each action (stone or choice), once that player has acted at all in the game: like the first
move of a game without an opening, the opener's first stone and the other player's first
choice cost no time (a daily clock runs from the start all the same: server/rooms/clock.py). A
colour choice that swaps the seats swaps the clock's times with them.
"""

from __future__ import annotations

from typing import Any

from ..platform.errors import ArenaError, ErrorCode
from . import commands as cmd
from . import events as ev
from .clock import Clock
from .opening import Choice, Opening, Phase, actor_of, has_acted, opening_stones, phase_of
from .outcomes import Step, move_deadline, require_player, require_playing
from .state import RoomState, other


def require_play_phase(state: RoomState, what: str) -> None:
    """Refuse `what` (draw offers, takebacks) until the colours are chosen."""
    if state.phase is not Phase.PLAY:
        raise ArenaError(ErrorCode.WRONG_PHASE, f"no {what} during the opening")


def require_stone_phase(state: RoomState) -> None:
    if state.phase is Phase.CHOOSE:
        raise ArenaError(ErrorCode.WRONG_PHASE, "a colour must be chosen now, not a stone placed")


def require_keeps_opening(state: RoomState, moves_left: int) -> None:
    """A takeback may not undo a stone of the opening."""
    if moves_left < opening_stones(state.opening, state.opening_choices):
        raise ArenaError(ErrorCode.NOTHING_TO_TAKE_BACK,
                         "the opening's stones cannot be taken back")


def clock_after_stone(state: RoomState, seat: int, now: int, plies: int) -> Clock | None:
    """The clock after `seat` placed the game's stone number `plies` at `now`."""
    if state.clock is None:
        return None
    if state.phase is Phase.PLAY:
        return state.clock.after_move(seat, now, plies)
    nxt = actor_of(phase_of(state.opening, plies, state.opening_choices), plies)
    running = nxt if state.clock.days or has_acted(nxt, plies, state.opening_choices) else None
    return state.clock.after_action(seat, now, running)


def phase_fields(state: RoomState) -> dict[str, Any]:
    """The opening fields an event carries in a room with an opening rule (none without)."""
    if state.opening is Opening.NONE:
        return {}
    return {"phase": state.phase.value, "opening_choices": list(state.opening_choices),
            "choices": [choice.value for choice in state.choices]}


def choose(state: RoomState, command: cmd.OpeningChoice, now: int) -> Step:
    """The chooser takes a colour (black sits in seat 1, so taking the other seat's colour
    swaps the seats) or, in swap2, places two more stones."""
    seat = require_player(command.seat)
    require_playing(state)
    if state.phase is not Phase.CHOOSE:
        raise ArenaError(ErrorCode.WRONG_PHASE, "there is no colour to choose now")
    if seat != state.turn or state.is_ai(seat) != command.by_ai:
        raise ArenaError(ErrorCode.NOT_YOUR_TURN, "your opponent chooses now")
    options = state.choices
    if command.choice not in options:
        raise ArenaError(ErrorCode.BAD_CHOICE,
                         f"the choices now are {', '.join(o.value for o in options)}")
    choice = Choice(command.choice)
    choices = (*state.opening_choices, choice.value)
    swap = choice is not Choice.PLACE_TWO and (choice is Choice.BLACK) != (seat == 1)
    state = state.evolve(opening_choices=choices)
    nxt = state.turn if not swap else other(state.turn)  # in the seats before the swap
    clock = state.clock.after_action(seat, now, nxt) if state.clock else None
    if swap:
        clock = clock.swapped() if clock else None
        state = state.evolve(seats=(state.seats[1], state.seats[0]))
    state = state.evolve(clock=clock, last_move_at=now, move_deadline=move_deadline(state, now))
    return state, [ev.OpeningChoice(
        seat=seat, choice=choice.value, swapped=swap, **phase_fields(state), turn=state.turn,
        seats=state.public_seats(),
        clock=clock.to_dict() if clock else None, last_move_at=now,
        move_deadline=state.move_deadline)]
