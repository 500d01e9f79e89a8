"""Chat lines (pure): who speaks in which channel, under which name, and what is refused."""

from __future__ import annotations

from dataclasses import replace

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms.chat import Channel, chat_line
from tests.server.room_helpers import T0, playing_room


def test_a_player_speaks_in_the_players_channel_under_the_seat_name():
    line = chat_line(playing_room(), 1, None, "  hi  ", T0)
    assert (line.channel, line.seat, line.name, line.text) == (Channel.PLAYERS, 1, "A", "hi")


def test_a_spectator_speaks_in_the_spectators_channel():
    line = chat_line(playing_room(), None, "viewer", "go A", T0)
    assert (line.channel, line.seat, line.name) == (Channel.SPECTATORS, None, "viewer")


@pytest.mark.parametrize("text", ["   ", "x" * 301])
def test_empty_or_overlong_chat_is_refused(text):
    with pytest.raises(ArenaError) as info:
        chat_line(playing_room(), 1, "A", text, T0)
    assert info.value.code is ErrorCode.CHAT_TOO_LONG


def test_an_accounts_line_carries_its_username_so_pages_name_it_by_it():
    state = playing_room()
    held = replace(state.seat(2), username="bob")
    state = replace(state, seats=(state.seat(1), held))
    player = chat_line(state, 2, None, "gg", T0).to_dict()["from"]
    spectator = chat_line(state, None, None, "nice", T0, "carol").to_dict()["from"]
    assert (player["username"], spectator["username"]) == ("bob", "carol")
    assert chat_line(state, 1, None, "hi", T0).to_dict()["from"]["username"] is None
