"""HTTP request bodies (pure): what a body becomes, or which error code names its bad field."""

from __future__ import annotations

import pytest

from server.http.bodies import CancelBody, RoomBody, clock_config, decode, variant_spec
from server.platform.errors import ArenaError, ErrorCode
from server.rooms import ClockConfig


def refusal(body: dict, kind: type) -> ArenaError:
    with pytest.raises(ArenaError) as info:
        decode(body, kind)
    return info.value


def test_an_empty_room_body_takes_every_default():
    body = decode({"variant": "gomoku"}, RoomBody)
    assert (body.opponent, body.your_side, body.public, body.rated, body.clock) == \
        ("human", "random", False, False, None)


def test_a_custom_board_is_used_when_no_variant_is_named():
    body = decode({"board": {"rows": 6, "cols": 7, "k": 4, "gravity": True}}, RoomBody)
    assert variant_spec(body) == "custom-6x7-k4-freestyle-gravity"


def test_a_clock_in_seconds_becomes_milliseconds():
    body = decode({"variant": "gomoku", "clock": {"initial_s": 90, "increment_s": 1.5}},
                  RoomBody)
    assert clock_config(body.clock) == ClockConfig(90_000, 1_500)


@pytest.mark.parametrize(("body", "code", "field"), [
    ({"board": {"rows": "6", "cols": 7, "k": 4}}, ErrorCode.BAD_VARIANT, "board.rows"),
    ({"variant": 5}, ErrorCode.BAD_VARIANT, "variant"),
    ({"variant": "gomoku", "public": None}, ErrorCode.BAD_REQUEST, "public"),
    ({"variant": "gomoku", "ai_level": True}, ErrorCode.BAD_REQUEST, "ai_level"),
    ({"variant": "gomoku", "ai_level": 99}, ErrorCode.BAD_REQUEST, "ai_level"),
    ({"variant": "gomoku", "opponent": "robot"}, ErrorCode.BAD_REQUEST, "opponent"),
    ({"variant": "gomoku", "clock": {"initial_s": float("nan")}}, ErrorCode.BAD_REQUEST,
     "clock.initial_s"),
], ids=["board", "variant", "null", "bool-level", "level-range", "choice", "nan-clock"])
def test_a_bad_field_earns_its_code_and_is_named(body, code, field):
    error = refusal(body, RoomBody)
    assert error.code is code and f'"{field}"' in error.message


def test_a_cancel_without_a_token_is_bad_token():
    assert refusal({}, CancelBody).code is ErrorCode.BAD_TOKEN
    assert refusal({"token": ""}, CancelBody).code is ErrorCode.BAD_TOKEN


def test_neither_variant_nor_board_is_bad_variant():
    with pytest.raises(ArenaError) as info:
        variant_spec(decode({}, RoomBody))
    assert info.value.code is ErrorCode.BAD_VARIANT
