"""The pure room state machine in renju: the engine's forbidden points travel with the state
and the events that change the position, and a forbidden move changes nothing."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import apply, commands
from tests.server.room_helpers import T0, play, playing_room

# Black g8 i8 h7 h9, white on the a file: h8 is black's double three.
OPENING = ("g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7")


def test_forbidden_move_is_refused_with_its_code_and_the_room_is_unchanged():
    room = play(playing_room("renju"), *OPENING)
    with pytest.raises(ArenaError) as refused:
        apply(room, commands.Move(1, "h8"), T0)
    assert refused.value.code is ErrorCode.FORBIDDEN_MOVE
    assert room.moves == OPENING and room.to_public()["forbidden"] == ["h8"]


def test_takeback_to_black_to_move_lists_the_forbidden_points_again():
    room = play(playing_room("renju"), *OPENING, "h6")
    room = apply(room, commands.TakebackRequest(1), T0).state
    transition = apply(room, commands.TakebackAnswer(2, accept=True), T0)
    assert transition.events[0]["forbidden"] == ["h8"]


def test_other_rules_have_no_forbidden_points():
    room = play(playing_room("gomoku"), *OPENING)
    assert room.to_public()["forbidden"] == []
