"""The pure rules of a room's life outside the moves: a host cancels a waiting room, an idle
player to move can be claimed against, a game nobody plays is abandoned (no network)."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import ClockConfig, Mode, RoomState, Status, apply, commands, new_room
from server.rooms.state import Reason
from tests.server.room_helpers import HASH_A, HASH_B, T0, ai_room, play, playing_room

IDLE_MS = 300_000
HOUR = 3_600_000


def refused(state: RoomState, command, now: int = T0) -> ErrorCode:
    with pytest.raises(ArenaError) as info:
        apply(state, command, now)
    return info.value.code


def idle_limited_room(clock=None) -> RoomState:
    """A gomoku room of A (seat 1) with an idle-claim limit, B joined at T0."""
    room = new_room(room_id="idle1", variant="gomoku", mode=Mode.HUMAN, public=False, now=T0,
                    creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1,
                    clock=clock, idle_claim_ms=IDLE_MS)
    return apply(room, commands.Join(HASH_B, "B"), T0).state


def test_the_host_cancels_a_waiting_room_and_it_ends_without_a_game():
    waiting = new_room(room_id="c1", variant="gomoku", mode=Mode.HUMAN, public=True, now=T0,
                       creator_seat=2, creator_name="A", token_hash=HASH_A, ai_level=1,
                       clock=None)
    transition = apply(waiting, commands.Cancel(2, cid="c"), T0 + 1)
    assert transition.state.status is Status.FINISHED
    assert (transition.state.result.winner, transition.state.result.reason) == \
        (None, Reason.CANCELLED)
    assert [(e["type"], e.get("cid")) for e in transition.events] == [("game_over", "c")]


def test_a_started_game_cannot_be_cancelled():
    assert refused(playing_room(), commands.Cancel(1)) is ErrorCode.CANNOT_CANCEL


def test_a_cancelled_room_offers_no_rematch():
    waiting = new_room(room_id="c2", variant="gomoku", mode=Mode.HUMAN, public=False, now=T0,
                       creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1,
                       clock=None)
    cancelled = apply(waiting, commands.Cancel(1), T0).state
    assert refused(cancelled, commands.RematchOffer(1)) is ErrorCode.GAME_OVER


def test_the_move_deadline_starts_with_the_game_and_each_turn():
    room = idle_limited_room()
    assert room.move_deadline == T0 + IDLE_MS
    moved = apply(room, commands.Move(1, "h8"), T0 + 10)
    assert moved.state.move_deadline == T0 + 10 + IDLE_MS
    assert moved.events[0]["move_deadline"] == moved.state.move_deadline
    assert moved.state.to_public()["move_deadline"] == moved.state.move_deadline


def test_a_game_with_a_clock_or_an_ai_has_no_move_deadline():
    assert idle_limited_room(ClockConfig(60_000, 0)).move_deadline is None
    assert ai_room().move_deadline is None


def test_the_opponent_sitting_on_their_turn_past_the_deadline_can_be_claimed_against():
    room = play(idle_limited_room(), "h8")  # B to move, deadline T0 + IDLE_MS
    claim = commands.ClaimWin(1, opponent_connected=True, opponent_last_seen=None,
                              claim_after_ms=60_000)
    assert refused(room, claim, T0 + IDLE_MS - 1) is ErrorCode.CANNOT_CLAIM_YET
    state = apply(room, claim, T0 + IDLE_MS).state
    assert (state.result.winner, state.result.reason, state.move_deadline) == \
        (1, Reason.ABANDONED, None)


def test_the_player_to_move_cannot_claim_their_own_deadline():
    room = play(idle_limited_room(), "h8")
    claim = commands.ClaimWin(2, opponent_connected=True, opponent_last_seen=None,
                              claim_after_ms=60_000)
    assert refused(room, claim, T0 + HOUR) is ErrorCode.CANNOT_CLAIM_YET


def test_a_takeback_gives_the_requester_a_fresh_deadline():
    room = play(idle_limited_room(), "h8", "h9")
    asked = apply(room, commands.TakebackRequest(1), T0).state
    taken = apply(asked, commands.TakebackAnswer(2, accept=True), T0 + 50).state
    assert taken.move_deadline == T0 + 50 + IDLE_MS


def test_a_game_nobody_plays_is_abandoned_without_a_winner_after_the_delay():
    room = play(playing_room("gomoku"), "h8")
    early = commands.Abandon(players_last_seen=T0 + HOUR, after_ms=HOUR)
    assert refused(room, early, T0 + 2 * HOUR - 1) is ErrorCode.CANNOT_CLAIM_YET
    state = apply(room, early, T0 + 2 * HOUR).state
    assert (state.status, state.result.winner, state.result.reason) == \
        (Status.FINISHED, None, Reason.ABANDONED)
