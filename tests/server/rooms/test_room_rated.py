"""Rated rooms and seat identities in the pure room machine (no network)."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import Mode, RoomState, apply, commands, new_room
from server.rooms.commands import PlayerRef, Standing
from tests.server.room_helpers import HASH_A, HASH_B, T0, play

ALICE = PlayerRef("a1" * 12, "alice")
BOB = PlayerRef("b2" * 12, "bob")
ANON = PlayerRef("c3" * 12)


def rated_room(creator: PlayerRef | None = ALICE) -> RoomState:
    return new_room(room_id="rated1", variant="tictactoe", mode=Mode.HUMAN, public=False,
                    now=T0, creator_seat=1, creator_name="Alice", token_hash=HASH_A,
                    ai_level=1, clock=None, creator=creator, rated=True)


def test_an_account_opens_a_rated_room_and_another_account_joins_it():
    state = apply(rated_room(), commands.Join(HASH_B, "Bob", BOB), T0).state
    assert state.rated and state.seat(1).username == "alice"
    assert state.seat(2).player_id == BOB.player_id
    assert state.to_public()["rated"] and state.to_public()["seats"]["2"]["username"] == "bob"


@pytest.mark.parametrize("creator", [None, ANON])
def test_a_rated_room_needs_an_account_to_open_it(creator):
    with pytest.raises(ArenaError) as info:
        rated_room(creator)
    assert info.value.code is ErrorCode.NOT_RATED_ELIGIBLE


def test_a_rated_room_against_the_ai_is_refused():
    with pytest.raises(ArenaError) as info:
        new_room(room_id="r", variant="tictactoe", mode=Mode.AI, public=False, now=T0,
                 creator_seat=1, creator_name=None, token_hash=HASH_A, ai_level=1,
                 clock=None, creator=ALICE, rated=True)
    assert info.value.code is ErrorCode.NOT_RATED_ELIGIBLE


@pytest.mark.parametrize("joiner", [None, ANON])
def test_only_an_account_may_take_the_other_seat_of_a_rated_room(joiner):
    with pytest.raises(ArenaError) as info:
        apply(rated_room(), commands.Join(HASH_B, "Guest", joiner), T0)
    assert info.value.code is ErrorCode.NOT_RATED_ELIGIBLE


def test_an_accounts_seat_shows_its_rating_in_the_rooms_variant_as_it_sat_down():
    settled = PlayerRef("b2" * 12, "bob", (("gomoku", Standing(1720, False)),
                                           ("tictactoe", Standing(1612, False))),
                        Standing(1500, True))
    alice = PlayerRef("a1" * 12, "alice", newcomer=Standing(1500, True))
    state = apply(rated_room(alice), commands.Join(HASH_B, None, settled), T0).state
    seats = state.to_public()["seats"]
    assert (seats["1"]["rating"], seats["1"]["provisional"]) == (1500, True)
    assert (seats["2"]["rating"], seats["2"]["provisional"]) == (1612, False)
    assert RoomState.from_record(state.to_record()).seat(2).rating == 1612


def test_a_rematch_of_a_rated_game_shows_the_ratings_it_starts_from():
    state = apply(rated_room(ALICE), commands.Join(HASH_B, None, BOB), T0).state
    state = apply(state, commands.Resign(2), T0).state
    after = ((ALICE.player_id, Standing(1662, True)), (BOB.player_id, Standing(1338, True)))
    state = apply(state, commands.RematchOffer(1), T0).state
    state = apply(state, commands.RematchAnswer(2, True, standings=after), T0).state
    seats = state.to_public()["seats"]  # swapped: bob opens the rematch
    assert (seats["1"]["username"], seats["1"]["rating"]) == ("bob", 1338)
    assert (seats["2"]["username"], seats["2"]["rating"]) == ("alice", 1662)


def test_an_anonymous_seat_has_no_rating():
    room = new_room(room_id="r", variant="tictactoe", mode=Mode.HUMAN, public=False, now=T0,
                    creator_seat=1, creator_name="Lan", token_hash=HASH_A, ai_level=1,
                    clock=None, creator=ANON)
    assert "rating" not in room.to_public()["seats"]["1"]


def test_each_move_keeps_the_time_it_was_played():
    state = apply(rated_room(), commands.Join(HASH_B, "Bob", BOB), T0).state
    state = play(state, "a1", now=T0 + 1000)
    state = play(state, "b1", now=T0 + 2500)
    assert state.move_times == (T0 + 1000, T0 + 2500)
    assert RoomState.from_record(state.to_record()).move_times == state.move_times


def test_a_takeback_forgets_the_times_of_the_moves_it_undoes():
    state = apply(rated_room(), commands.Join(HASH_B, "Bob", BOB), T0).state
    state = play(state, "a1", "b1", "c1", now=T0 + 10)
    state = apply(state, commands.TakebackRequest(1), T0 + 20).state
    state = apply(state, commands.TakebackAnswer(2, accept=True), T0 + 30).state
    assert len(state.move_times) == len(state.moves) == 2


def test_the_seats_player_resumes_on_another_device_and_both_tokens_hold_the_seat():
    state = apply(rated_room(), commands.Join(HASH_B, "Bob", BOB), T0).state
    transition = apply(state, commands.Resume(BOB.player_id, "d" * 64), T0)
    (event,) = transition.events
    resumed = transition.state
    assert event["type"] == "seat_resumed" and event["seat"] == 2
    assert resumed.seat_of_token_hash("d" * 64, str.__eq__) == 2
    assert resumed.seat_of_token_hash(HASH_B, str.__eq__) == 2


def test_resume_is_refused_to_a_player_without_a_seat():
    state = apply(rated_room(), commands.Join(HASH_B, "Bob", BOB), T0).state
    with pytest.raises(ArenaError) as info:
        apply(state, commands.Resume(ANON.player_id, "d" * 64), T0)
    assert info.value.code is ErrorCode.NOT_A_PLAYER
