"""What the server tells each seat it may do (`allowed`, server/rooms/allowed.py) is what the
room machine accepts from that seat: the pages enable their buttons from it alone."""

from __future__ import annotations

import random

from server.platform.errors import ArenaError
from server.rooms import RoomState, Status, apply, commands, public_state
from server.rooms.allowed import CHECKS, allowed, allowed_by_seat
from server.rooms.outcomes import flag_fallen
from server.rooms.play import open_seat
from tests.server.room_helpers import HASH_B, T0, ai_room, human_room, play, playing_room
from tests.server.rooms.test_event_replay import random_command, random_room

GAMES = 60
STEPS = 60
COMMANDS = {"resign": commands.Resign, "draw_offer": commands.DrawOffer,
            "takeback_request": commands.TakebackRequest,
            "rematch_offer": commands.RematchOffer, "unlist": commands.Unlist,
            "cancel": commands.Cancel, "berserk": commands.Berserk}
CHOICES = ("black", "white", "place_two")


def accepts(state: RoomState, command: commands.Command, now: int) -> bool:
    try:
        apply(state, command, now)
    except ArenaError:
        return False
    return True


def accepted(state: RoomState, seat: int, now: int) -> set[str]:
    """The commands of `allowed`'s table that the machine accepts from `seat` at `now`."""
    return {name for name, make in COMMANDS.items() if accepts(state, make(seat), now)}


def chosen(state: RoomState, seat: int, now: int) -> set[str]:
    """The opening choices the machine accepts from `seat` at `now`."""
    return {choice for choice in CHOICES
            if accepts(state, commands.OpeningChoice(seat, choice), now)}


def test_each_seat_is_allowed_exactly_the_commands_the_room_accepts_from_it():
    """Random games with and without openings: at every state, for both human seats; and
    for the seat to act, the state's `choices` are the opening choices it accepts."""
    checked: set[str] = set()
    choosers = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state, now = random_room(rng, seed, openings=seed % 2 == 1), T0
        for _step in range(STEPS):
            for seat in (1, 2):
                if state.seat(seat) is not None and not state.is_ai(seat) \
                        and not flag_fallen(state, now):
                    said = set(allowed(state, seat))
                    assert said == accepted(state, seat, now), (seed, seat, public_state(state))
                    acts = state.status is Status.PLAYING and state.turn == seat
                    if acts:  # the choices on offer are those it accepts
                        assert {c.value for c in state.choices} == chosen(state, seat, now)
                        choosers += bool(state.choices)
                    checked |= said
            now += rng.choice([0, 100, 1500, 8000])
            try:
                state = apply(state, random_command(rng, state), now).state
            except ArenaError:
                continue
    assert checked == set(CHECKS) and choosers  # every command was allowed somewhere


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


def test_an_event_says_what_each_seat_may_do_when_its_command_changed_that():
    transition = apply(playing_room(), commands.Move(1, "b2"), T0)
    (event,) = transition.events
    assert event["allowed"] == public_state(transition.state)["allowed"]
    assert event["allowed"] == {"1": ["resign", "draw_offer", "takeback_request"],
                                "2": ["resign", "draw_offer"]}


def test_a_move_that_changes_nobodys_options_does_not_repeat_them():
    state = play(playing_room("gomoku"), "h8", "h9")
    (event,) = apply(state, commands.Move(1, "a1"), T0).events
    assert "allowed" not in event


def test_the_open_seat_is_the_one_a_visitor_may_take():
    """Random games: at every state the room offers a visitor a seat exactly when the machine
    lets a new player join, and it is the seat the join takes."""
    for seed in range(GAMES):
        rng = random.Random(seed)
        state, now = random_room(rng, seed, openings=seed % 2 == 1), T0
        for _step in range(STEPS):
            try:
                joined = apply(state, commands.Join("c" * 64, "C"), now).state
            except ArenaError:
                joined = None
            seat = open_seat(state)
            assert (seat is None) == (joined is None), (seed, public_state(state))
            if joined is not None:
                assert joined.seat(seat).name == "C"
            now += rng.choice([0, 100, 1500, 8000])
            try:
                state = apply(state, random_command(rng, state), now).state
            except ArenaError:
                continue


def test_a_room_stops_offering_its_seat_once_taken():
    room = human_room()
    assert open_seat(room) == 2
    transition = apply(room, commands.Join(HASH_B, "B"), T0)
    assert open_seat(transition.state) is None
    assert all(event["open_seat"] is None for event in transition.events)


def test_the_remembered_allowed_of_a_room_is_only_reused_for_that_very_state() -> None:
    """`allowed_by_seat` remembers each room's last state: a different state of the same room
    (even an older one, handed in again) is worked out afresh."""
    before = playing_room()
    after = apply(before, commands.Resign(1), T0).state
    assert allowed_by_seat(after) == {"1": ["rematch_offer"], "2": ["rematch_offer"]}
    assert allowed_by_seat(before) == {str(seat): allowed(before, seat) for seat in (1, 2)}
    assert allowed_by_seat(after) == {"1": ["rematch_offer"], "2": ["rematch_offer"]}


def test_a_command_on_the_state_the_last_one_produced_works_out_only_the_new_allowed(
        monkeypatch) -> None:
    """The state before a command is remembered from the command before it: only the state
    after is worked out (one `allowed` per seat)."""
    state = play(playing_room("gomoku"), "h8")
    worked_out: list[int] = []

    def counted(state: RoomState, seat: int) -> list[str]:
        worked_out.append(seat)
        return allowed(state, seat)

    monkeypatch.setattr("server.rooms.allowed.allowed", counted)
    apply(state, commands.Move(state.turn, "h9", by_ai=False), T0)
    assert worked_out == [1, 2]
