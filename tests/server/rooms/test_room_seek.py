"""A seek's rating range (pure): only an account rated within it may take the free seat."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import Mode, RoomState, apply, commands, new_room
from server.rooms.commands import PlayerRef, Standing
from server.rooms.state import RatingRange
from tests.server.room_helpers import HASH_A, HASH_B, T0

RANGE = RatingRange(1400, 1600)
LAN = PlayerRef("p-lan", "lan", (("gomoku", Standing(1500, False)),))


def account(rating: int) -> PlayerRef:
    return PlayerRef(f"p-{rating}", f"u{rating}", (("gomoku", Standing(rating, False)),))


def seek(mode: Mode = Mode.HUMAN, creator: PlayerRef | None = LAN) -> RoomState:
    return new_room(room_id="seek1", variant="gomoku", mode=mode, public=True, now=T0,
                    creator_seat=1, creator_name=None, token_hash=HASH_A, ai_level=1,
                    clock=None, creator=creator, rating_range=RANGE)


def refusal(state: RoomState, player: PlayerRef | None) -> ErrorCode:
    with pytest.raises(ArenaError) as refused:
        apply(state, commands.Join(HASH_B, None, player), T0)
    return refused.value.code


@pytest.mark.parametrize("rating", [1400, 1500, 1600])
def test_an_account_rated_within_the_range_takes_the_seat(rating):
    state = apply(seek(), commands.Join(HASH_B, None, account(rating)), T0).state
    assert state.status.value == "playing"


@pytest.mark.parametrize("rating", [1399, 1601])
def test_an_account_rated_outside_the_range_is_refused_and_changes_nothing(rating):
    assert refusal(seek(), account(rating)) is ErrorCode.RATING_OUT_OF_RANGE


def test_a_player_without_an_account_has_no_rating_for_a_range():
    assert refusal(seek(), PlayerRef("p-guest")) is ErrorCode.RATING_OUT_OF_RANGE
    assert refusal(seek(), None) is ErrorCode.RATING_OUT_OF_RANGE


def test_a_range_is_asked_for_by_an_account():
    with pytest.raises(ArenaError) as refused:
        seek(creator=PlayerRef("p-guest"))
    assert refused.value.code is ErrorCode.NOT_LOGGED_IN


def test_a_range_is_for_a_game_against_a_person():
    with pytest.raises(ArenaError) as refused:
        seek(mode=Mode.AI)
    assert refused.value.code is ErrorCode.BAD_REQUEST


def test_the_range_is_part_of_the_public_state_and_the_stored_one():
    state = seek()
    assert state.to_public()["rating_range"] == {"min": 1400, "max": 1600}
    assert RoomState.from_record(state.to_record()).rating_range == RANGE


@pytest.mark.parametrize(("low", "high"), [(1600, 1400), (-1, 1500), (1500, 4001)])
def test_a_range_upside_down_or_off_the_scale_is_refused(low, high):
    with pytest.raises(ValueError):
        RatingRange(low, high)
