"""Client message parsing (pure): what a frame becomes, or which error code it earns."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import commands
from server.sockets.messages import (
    Absence,
    ChatMessage,
    MoveMessage,
    chat_text,
    command_builder,
    decode,
    parse_frame,
    parse_hello,
)
from tests.server.room_helpers import playing_room


def code_of(call, *args) -> ErrorCode:
    with pytest.raises(ArenaError) as info:
        call(*args)
    return info.value.code


def test_hello_with_every_field_is_parsed():
    hello = parse_hello(parse_frame('{"type":"hello","token":"t","v":3,"name":"Lan"}'))
    assert (hello.token, hello.v, hello.name, hello.watch) == ("t", 3, "Lan", False)


def test_hello_with_a_negative_version_is_a_bad_message():
    assert code_of(parse_hello, {"type": "hello", "v": -1}) is ErrorCode.BAD_MESSAGE


def test_hello_with_a_boolean_version_is_a_bad_message():
    assert code_of(parse_hello, {"type": "hello", "v": True}) is ErrorCode.BAD_MESSAGE


def test_first_message_of_another_type_is_not_authenticated():
    assert code_of(parse_hello, {"type": "move"}) is ErrorCode.NOT_AUTHENTICATED


def test_deeply_nested_json_is_a_bad_message_not_a_crash():
    assert code_of(parse_frame, "[" * 100_000) is ErrorCode.BAD_MESSAGE


def test_move_builder_resolves_the_seat_from_each_state():
    build = command_builder(MoveMessage(move="h8", cid="x"), lambda s: 1)
    assert build(playing_room()) == commands.Move(1, "h8", "x")


def test_opening_choice_builder_carries_the_choice_and_resolves_the_seat():
    build = command_builder(decode({"type": "opening_choice", "choice": "place_two",
                                    "cid": "c"}), lambda s: 2)
    assert build(playing_room()) == commands.OpeningChoice(2, "place_two", "c")


@pytest.mark.parametrize("choice", [None, 3, "", "x" * 17])
def test_opening_choice_without_a_short_string_choice_is_a_bad_message(choice):
    assert code_of(decode, {"type": "opening_choice", "choice": choice}) is ErrorCode.BAD_MESSAGE


def test_claim_builder_uses_the_opponents_presence():
    absence = Absence(connected={1: True, 2: False}, last_seen={1: None, 2: 5},
                      claim_after_ms=60_000)
    build = command_builder(decode({"type": "claim_win"}), lambda s: 1, absence)
    assert build(playing_room()) == commands.ClaimWin(1, False, 5, 60_000, None)


def test_overlong_raw_chat_is_refused_before_trimming():
    message = ChatMessage(text="x" * 1001)
    assert code_of(chat_text, message) is ErrorCode.CHAT_TOO_LONG


def test_a_message_is_decoded_to_its_typed_definition_and_nulls_count_as_absent():
    assert decode({"type": "move", "move": "h8", "cid": None}) == MoveMessage(move="h8")


@pytest.mark.parametrize(("message", "field"), [
    ({"type": "move"}, "move"),                         # required field missing
    ({"type": "move", "move": None}, "move"),           # null is absent
    ({"type": "move", "move": 7}, "move"),              # wrong type
    ({"type": "move", "move": "h8h8h8h8h"}, "move"),    # too long
    ({"type": "sync", "v": True}, "v"),                 # a boolean is no integer
    ({"type": "spectator_chat", "open": "yes"}, "open"),
    ({"type": "resign", "cid": ""}, "cid"),             # an empty cid
], ids=["missing", "null", "type", "long", "bool", "open", "cid"])
def test_a_message_with_a_bad_field_is_a_bad_message_naming_the_field(message, field):
    with pytest.raises(ArenaError) as info:
        decode(message)
    assert info.value.code is ErrorCode.BAD_MESSAGE
    assert f'"{field}"' in str(info.value)


def test_an_unknown_type_is_unknown_type_and_a_second_hello_a_bad_message():
    assert code_of(decode, {"type": "teleport"}) is ErrorCode.UNKNOWN_TYPE
    assert code_of(decode, {"type": "hello"}) is ErrorCode.BAD_MESSAGE
