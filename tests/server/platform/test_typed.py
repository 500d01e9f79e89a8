"""Typed input (pure): a field msgspec refuses becomes our error, and its message is written for
a person, naming the field and what it must be; msgspec's wording never reaches a client."""

from __future__ import annotations

import pytest

from server.http.accounts import PasswordBody, RegisterBody
from server.http.bodies import CancelBody, RoomBody
from server.platform.errors import ArenaError, ErrorCode
from server.platform.typed import convert
from server.sockets.messages import AfterHello, HelloMessage

REFUSALS = [
    (RegisterBody, {"username": "lan", "password": "short"},
     '"password" must have at least 8 characters'),
    (RegisterBody, {"username": "lan", "password": "x" * 201},
     '"password" must have at most 200 characters'),
    (RegisterBody, {"username": "lan"}, '"password" is required'),
    (RegisterBody, {"username": 5, "password": "x" * 8}, '"username" must be text'),
    (PasswordBody, {"new_password": "short"}, '"new_password" must have at least 8 characters'),
    (RoomBody, {"variant": "gomoku", "opponent": "robot"},
     '"opponent" must be one of: ai, ai_vs_ai, human'),
    (RoomBody, {"variant": "gomoku", "ai_level": 9}, '"ai_level" must be at most 6'),
    (RoomBody, {"variant": "gomoku", "ai_level": 1.5}, '"ai_level" must be a whole number'),
    (RoomBody, {"variant": "gomoku", "public": None}, '"public" must be true or false'),
    (RoomBody, {"variant": "gomoku", "clock": {"initial_s": 0}},
     '"clock.initial_s" must be at least 1'),
    (RoomBody, {"variant": "gomoku", "rating_range": {"min": 1400}},
     '"rating_range.max" is required'),
    (RoomBody, {"variant": "gomoku", "clock": 5}, '"clock" must be an object or null'),
    (RoomBody, {"board": {"rows": 3, "cols": 3, "k": 3, "rule": "go"}},
     '"board.rule" must be one of: freestyle, standard, caro, caro-exact, renju'),
    (RoomBody, {"variant": "gomoku", "opening": "pie"},
     '"opening" must be one of: none, swap, swap2'),
    (RoomBody, [1], "the request must be an object"),
    (CancelBody, {"token": ""}, '"token" must not be empty'),
    (HelloMessage, {"type": "hello", "v": -1}, '"v" must be at least 0'),
    (AfterHello, {"type": "move"}, '"move" is required'),
    (AfterHello, {"type": "move", "move": "h8", "cid": "x" * 65},
     '"cid" must have at most 64 characters'),
]


def refusal(kind: type, data: object) -> ArenaError:
    with pytest.raises(ArenaError) as info:
        convert(data, kind, ErrorCode.BAD_REQUEST, getattr(kind, "codes", None))
    return info.value


@pytest.mark.parametrize(("kind", "data", "message"), REFUSALS,
                         ids=[text.split(" ")[0].strip('"') for *_, text in REFUSALS])
def test_a_refused_field_is_explained_in_words_of_our_own(kind, data, message):
    assert refusal(kind, data).message == message


def test_no_refusal_quotes_msgspec():
    for kind, data, _ in REFUSALS:
        message = refusal(kind, data).message
        assert not any(word in message for word in ("Expected", "`", "$.", "Object ", "Invalid"))


def test_a_union_tag_lists_the_message_types():
    message = refusal(AfterHello, {"type": "dance"}).message
    assert message.startswith('"type" must be one of: move, opening_choice, sync, chat')


def test_the_field_at_fault_still_chooses_the_code():
    assert refusal(RegisterBody, {"username": "lan", "password": "short"}).code is \
        ErrorCode.BAD_PASSWORD
    assert refusal(RoomBody, {"board": {"rows": "3", "cols": 3, "k": 3}}).code is \
        ErrorCode.BAD_VARIANT
