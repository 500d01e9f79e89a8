"""The pure room state machine: swap and swap2 openings (server/rooms/opening.py), phase by
phase, what each seat may do and what is refused with which code."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import ClockConfig, Mode, Opening, Phase, RoomState, apply, commands, new_room
from server.rooms.state import Reason, Status
from tests.server.room_helpers import HASH_A, HASH_B, T0, play

THREE = ("h8", "h9", "i9")  # black, white, black: the opener's three stones
TWO_MORE = ("g9", "j10")    # swap2: white, black


def opening_room(opening: Opening = Opening.SWAP2, variant: str = "gomoku",
                 clock: ClockConfig | None = None) -> RoomState:
    """A human room with an opening rule: A opened it in seat 1, B has just joined seat 2."""
    room = new_room(room_id="room1", variant=variant, mode=Mode.HUMAN, public=False, now=T0,
                    creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1,
                    clock=clock, opening=opening)
    return apply(room, commands.Join(HASH_B, "B"), T0).state


def refused(state: RoomState, command: commands.Command) -> ErrorCode:
    with pytest.raises(ArenaError) as info:
        apply(state, command, T0)
    return info.value.code


def choose(state: RoomState, seat: int, choice: str, now: int = T0) -> RoomState:
    return apply(state, commands.OpeningChoice(seat, choice), now).state


def names(state: RoomState) -> tuple[str | None, str | None]:
    return tuple(seat.name for seat in state.seats)  # type: ignore[return-value, union-attr]


# -- creation ---------------------------------------------------------------------------------

def test_an_opening_is_refused_for_a_variant_without_one():
    with pytest.raises(ArenaError) as info:
        opening_room(variant="caro")
    assert info.value.code is ErrorCode.BAD_OPENING


@pytest.mark.parametrize("variant", ["gomoku", "gomoku-standard", "renju"])
def test_the_opening_variants_accept_swap2_and_start_in_the_place_phase(variant):
    state = opening_room(variant=variant)
    public = state.to_public()
    assert (public["opening"], public["phase"], public["turn"]) == ("swap2", "place", 1)


def test_a_room_without_an_opening_rule_is_in_play_from_the_start():
    state = opening_room(Opening.NONE)
    assert state.phase is Phase.PLAY and state.to_public()["opening"] == "none"


# -- placing the first three stones ------------------------------------------------------------

def test_the_opener_places_all_three_stones_then_the_other_player_chooses():
    state = play(opening_room(), *THREE[:2])
    assert state.turn == 1 and state.phase is Phase.PLACE  # the white stone was the opener's too
    state = play(state, THREE[2])
    assert state.turn == 2 and state.phase is Phase.CHOOSE


def test_the_second_player_may_not_place_an_opening_stone():
    assert refused(opening_room(), commands.Move(2, "h8")) is ErrorCode.NOT_YOUR_TURN


def test_choosing_while_stones_are_to_be_placed_is_refused():
    state = play(opening_room(), "h8")
    assert refused(state, commands.OpeningChoice(1, "black")) is ErrorCode.WRONG_PHASE


# -- the first choice -------------------------------------------------------------------------

def test_placing_a_stone_instead_of_choosing_is_refused():
    state = play(opening_room(), *THREE)
    assert refused(state, commands.Move(2, "a1")) is ErrorCode.WRONG_PHASE


def test_the_opener_may_not_make_the_first_choice():
    state = play(opening_room(), *THREE)
    assert refused(state, commands.OpeningChoice(1, "white")) is ErrorCode.NOT_YOUR_TURN


def test_place_two_is_not_a_choice_of_the_swap_opening():
    state = play(opening_room(Opening.SWAP), *THREE)
    assert refused(state, commands.OpeningChoice(2, "place_two")) is ErrorCode.BAD_CHOICE


def test_a_word_that_is_no_choice_is_refused():
    state = play(opening_room(), *THREE)
    assert refused(state, commands.OpeningChoice(2, "red")) is ErrorCode.BAD_CHOICE


def test_taking_white_keeps_the_seats_and_white_moves_next():
    state = choose(play(opening_room(Opening.SWAP), *THREE), 2, "white")
    assert names(state) == ("A", "B") and state.phase is Phase.PLAY and state.turn == 2


def test_taking_black_swaps_the_seats_so_black_sits_in_seat_one():
    transition = apply(play(opening_room(Opening.SWAP), *THREE), commands.OpeningChoice(2, "black"),
                       T0)
    state = transition.state
    assert names(state) == ("B", "A") and state.turn == 2  # A, now white, moves fourth
    assert state.seat_of_token_hash(HASH_B, str.__eq__) == 1
    assert transition.events[0]["swapped"] is True
    assert transition.events[0]["seats"]["1"]["name"] == "B"


def test_after_the_choice_the_game_goes_on_as_usual():
    state = choose(play(opening_room(Opening.SWAP), *THREE), 2, "black")
    state = play(state, "a1", "b2")
    assert state.moves[-2:] == ("a1", "b2") and state.turn == 2


def test_choosing_twice_is_refused():
    state = choose(play(opening_room(), *THREE), 2, "white")
    assert refused(state, commands.OpeningChoice(2, "black")) is ErrorCode.WRONG_PHASE


# -- swap2: two more stones, then the opener chooses ---------------------------------------------

def test_place_two_gives_the_second_player_two_stones_then_the_opener_chooses():
    state = choose(play(opening_room(), *THREE), 2, "place_two")
    assert state.phase is Phase.PLACE and state.turn == 2
    state = play(state, TWO_MORE[0])
    assert state.phase is Phase.PLACE and state.turn == 2
    state = play(state, TWO_MORE[1])
    assert state.phase is Phase.CHOOSE and state.turn == 1


def test_the_opener_may_not_place_the_two_more_stones():
    state = choose(play(opening_room(), *THREE), 2, "place_two")
    assert refused(state, commands.Move(1, "a1")) is ErrorCode.NOT_YOUR_TURN


def test_after_five_stones_only_a_colour_may_be_chosen():
    state = play(choose(play(opening_room(), *THREE), 2, "place_two"), *TWO_MORE)
    assert refused(state, commands.OpeningChoice(1, "place_two")) is ErrorCode.BAD_CHOICE
    assert refused(state, commands.OpeningChoice(2, "white")) is ErrorCode.NOT_YOUR_TURN


def test_the_opener_taking_white_swaps_the_seats_and_moves_sixth():
    state = play(choose(play(opening_room(), *THREE), 2, "place_two"), *TWO_MORE)
    state = choose(state, 1, "white")
    assert names(state) == ("B", "A") and state.turn == 2 and state.phase is Phase.PLAY
    assert state.opening_choices == ("place_two", "white")


# -- offers, resignation, takebacks around the opening -------------------------------------------

def test_a_draw_offer_during_the_opening_is_refused():
    state = play(opening_room(), "h8")
    assert refused(state, commands.DrawOffer(2)) is ErrorCode.WRONG_PHASE


def test_a_takeback_during_the_opening_is_refused():
    state = play(opening_room(), *THREE[:2])
    assert refused(state, commands.TakebackRequest(1)) is ErrorCode.WRONG_PHASE


def test_a_takeback_may_not_undo_an_opening_stone():
    state = play(choose(play(opening_room(Opening.SWAP), *THREE), 2, "white"), "a1")
    assert refused(state, commands.TakebackRequest(1)) is ErrorCode.NOTHING_TO_TAKE_BACK


def test_a_takeback_of_a_move_after_the_opening_is_granted():
    state = play(choose(play(opening_room(Opening.SWAP), *THREE), 2, "white"), "a1")
    state = apply(state, commands.TakebackRequest(2), T0).state
    state = apply(state, commands.TakebackAnswer(1, accept=True), T0).state
    assert state.moves == THREE and state.turn == 2


def test_resigning_during_the_opening_ends_the_game():
    state = play(choose(play(opening_room(), *THREE), 2, "place_two"), "g9")
    state = apply(state, commands.Resign(2), T0).state
    assert state.status is Status.FINISHED and state.result.winner == 1
    assert state.result.reason is Reason.RESIGN


def test_a_rematch_starts_a_new_opening_by_the_other_player():
    state = choose(play(opening_room(Opening.SWAP), *THREE), 2, "white")
    state = apply(state, commands.Resign(2), T0).state
    state = apply(state, commands.RematchOffer(1), T0).state
    state = apply(state, commands.RematchAnswer(2, accept=True), T0).state
    assert names(state) == ("B", "A") and state.phase is Phase.PLACE
    assert state.opening_choices == () and state.turn == 1


def test_the_opener_may_claim_when_the_chooser_sits_past_the_move_deadline():
    room = new_room(room_id="room1", variant="gomoku", mode=Mode.HUMAN, public=False, now=T0,
                    creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1,
                    clock=None, idle_claim_ms=5_000, opening=Opening.SWAP2)
    state = play(apply(room, commands.Join(HASH_B, "B"), T0).state, *THREE)
    claim = commands.ClaimWin(1, True, None, 60_000)
    assert refused(state, claim) is ErrorCode.CANNOT_CLAIM_YET
    state = apply(state, claim, T0 + 5_000).state
    assert state.result.winner == 1 and state.result.reason is Reason.ABANDONED


def test_a_takeback_against_the_ai_during_the_opening_is_refused():
    room = new_room(room_id="room2", variant="renju", mode=Mode.AI, public=False, now=T0,
                    creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1,
                    clock=None, opening=Opening.SWAP)
    state = play(room, "h8")
    assert refused(state, commands.TakebackRequest(1)) is ErrorCode.WRONG_PHASE


# -- clocks -----------------------------------------------------------------------------------

CLOCK = ClockConfig(60_000, 1_000)


def test_the_openers_clock_runs_from_the_second_stone_on():
    state = opening_room(clock=CLOCK)
    assert state.clock.running is None
    state = play(state, "h8", now=T0 + 5_000)
    assert state.clock.running == 1 and state.clock.remaining == (60_000, 60_000)


def test_the_first_choice_is_free_and_the_chooser_then_runs():
    state = play(opening_room(clock=CLOCK), "h8", now=T0)
    state = play(state, "h9", "i9", now=T0 + 2_000)  # 2 s spent, two increments
    assert state.clock.running is None and state.clock.remaining == (60_000, 60_000)
    state = choose(state, 2, "white", now=T0 + 30_000)
    assert state.clock.running == 2 and state.clock.remaining == (60_000, 60_000)


def test_a_swap_swaps_the_clocks_with_the_seats():
    state = play(opening_room(Opening.SWAP, clock=CLOCK), "h8", now=T0)
    state = play(state, "h9", "i9", now=T0 + 5_000)  # A: 60 s - 5 s + two increments = 57 s
    state = choose(state, 2, "black", now=T0 + 6_000)
    # B (black) in seat 1 kept the full minute; A (white, 57 s) moves and its time runs.
    assert state.clock.remaining == (60_000, 57_000) and state.clock.running == 2
