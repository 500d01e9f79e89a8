"""`RoomState.evolve`: the written-out `dataclasses.replace` every room rule makes its new state
with."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from server.rooms import Status
from tests.server.room_helpers import play, playing_room


def test_evolve_makes_the_state_replace_would():
    state = play(playing_room("gomoku"), "h8", "h9")
    changes = {"v": 7, "status": Status.FINISHED, "moves": ("h8",), "draw_offer": 2}
    assert state.evolve(**changes) == replace(state, **changes)


def test_evolve_keeps_every_field_it_is_not_given():
    state = play(playing_room("caro"), "h8")
    evolved = state.evolve()
    assert evolved is not state
    assert all(getattr(evolved, f.name) is getattr(state, f.name) for f in fields(state))


def test_evolve_refuses_a_name_that_is_not_a_field():
    with pytest.raises(TypeError, match="no field"):
        playing_room().evolve(colour="black")
