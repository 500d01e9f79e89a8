"""What the server tells each seat it may do (`allowed`, server/rooms/allowed.py) is what the
room machine accepts from that seat: the pages enable their buttons from it alone."""

from __future__ import annotations

import random

from engine.board import Board
from server.errors import ArenaError
from server.rooms import RoomState, apply, commands, public_state
from server.rooms.allowed import CHECKS, allowed
from server.rooms.outcomes import flag_fallen
from tests.server.room_helpers import T0, ai_room, human_room, play, playing_room
from tests.server.test_event_replay import random_command, random_room

GAMES = 60
STEPS = 60
PLAIN = {"resign": commands.Resign, "draw_offer": commands.DrawOffer,
         "takeback_request": commands.TakebackRequest, "rematch_offer": commands.RematchOffer,
         "unlist": commands.Unlist, "cancel": commands.Cancel}
CHOICES = ("black", "white", "place_two")


def accepts(state: RoomState, command: commands.Command, now: int) -> bool:
    try:
        apply(state, command, now)
    except ArenaError:
        return False
    return True


def accepted(state: RoomState, seat: int, now: int) -> set[str]:
    """The commands of `allowed`'s table that the machine accepts from `seat` at `now`:
    a stone on a legal cell, any opening choice, the others as they are."""
    found = {name for name, make in PLAIN.items() if accepts(state, make(seat), now)}
    board = Board.from_moves(state.variant, state.moves)
    legal = [] if board.is_game_over() else \
        [cell for cell in board.legal_moves() if not board.is_forbidden(cell)][:1]
    if any(accepts(state, commands.Move(seat, board.move_str(cell)), now) for cell in legal):
        found.add("move")
    if chosen(state, seat, now):
        found.add("opening_choice")
    return found


def chosen(state: RoomState, seat: int, now: int) -> set[str]:
    """The opening choices the machine accepts from `seat` at `now`."""
    return {choice for choice in CHOICES
            if accepts(state, commands.OpeningChoice(seat, choice), now)}


def test_each_seat_is_allowed_exactly_the_commands_the_room_accepts_from_it():
    """Random games with and without openings: at every state, for both human seats; and
    to the chooser in an opening, the state's `choices` are the choices it accepts."""
    checked: set[str] = set()
    for seed in range(GAMES):
        rng = random.Random(seed)
        state, now = random_room(rng, seed, openings=seed % 2 == 1), T0
        for _step in range(STEPS):
            for seat in (1, 2):
                if state.seat(seat) is not None and not state.is_ai(seat) \
                        and not flag_fallen(state, now):
                    said = set(allowed(state, seat))
                    assert said == accepted(state, seat, now), (seed, seat, public_state(state))
                    if "opening_choice" in said:  # and the choices on offer are those
                        assert {c.value for c in state.choices} == chosen(state, seat, now)
                    checked |= said
            now += rng.choice([0, 100, 1500, 8000])
            try:
                state = apply(state, random_command(rng, state), now).state
            except ArenaError:
                continue
    assert checked == set(CHECKS)  # every command was allowed somewhere


def test_a_takeback_is_allowed_once_the_player_has_a_move_of_their_own():
    state = play(playing_room(), "b2")
    assert "takeback_request" in allowed(state, 1)
    assert "takeback_request" not in allowed(state, 2)  # only the opponent has moved
    assert "takeback_request" in allowed(play(state, "a1"), 2)


def test_a_pending_request_forbids_a_second_one_from_either_seat():
    state = apply(play(playing_room(), "b2", "a1"), commands.TakebackRequest(2), T0).state
    assert "takeback_request" not in allowed(state, 1) + allowed(state, 2)


def test_an_ai_seat_and_a_free_seat_are_allowed_nothing():
    assert allowed(ai_room(human_seat=1), 2) == [] and allowed(ai_room(human_seat=2), 1) == []
    assert allowed(human_room(), 2) == []


def test_every_event_says_what_each_seat_may_do_after_its_command():
    transition = apply(playing_room(), commands.Move(1, "b2"), T0)
    (event,) = transition.events
    assert event["allowed"] == public_state(transition.state)["allowed"]
    assert event["allowed"]["2"] == ["move", "resign", "draw_offer"]
