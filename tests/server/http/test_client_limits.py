"""The limits a client is told (server/http/limits.py) are the ones the server enforces:
the most of each is accepted and one more is refused."""

from __future__ import annotations

import pytest

from server.http.accounts import parse_credentials
from server.http.bodies import RoomBody, decode
from server.http.limits import client_limits
from server.platform.errors import ArenaError
from server.platform.user_text import TextError, clean_name
from server.rooms.chat import chat_line
from tests.server.room_helpers import playing_room

LIMITS = client_limits()


def refused(check, value) -> bool:
    try:
        check(value)
    except (ArenaError, TextError):
        return True
    return False


def say(text: str) -> None:
    chat_line(playing_room(), 1, "Lan", text, 0)


def username(name: str) -> None:
    parse_credentials({"username": name, "password": "x" * LIMITS["password"][0]})


def password(text: str) -> None:
    parse_credentials({"username": "u" * LIMITS["username"][0], "password": text})


def initial_clock(seconds: int) -> None:
    decode({"variant": "gomoku", "clock": {"initial_s": seconds}}, RoomBody)


@pytest.mark.parametrize(("check", "limit", "make"), [
    (clean_name, "name", lambda n: "n" * n),
    (say, "chat", lambda n: "c" * n),
    (username, "username", lambda n: "u" * n),
    (password, "password", lambda n: "p" * n),
], ids=["name", "chat", "username", "password"])
def test_each_length_limit_served_is_the_one_enforced(check, limit, make):
    least, most = LIMITS[limit]
    assert not refused(check, make(least)) and not refused(check, make(most))
    assert refused(check, make(most + 1))
    assert refused(check, make(least - 1))


def test_the_clock_range_served_is_the_one_enforced():
    least, most = LIMITS["clock"]["initial_s"]
    assert not refused(initial_clock, least) and not refused(initial_clock, most)
    assert refused(initial_clock, least - 1) and refused(initial_clock, most + 1)
