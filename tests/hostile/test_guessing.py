"""Seat tokens and room ids cannot be guessed or enumerated; a spectator cannot act for a seat."""

from __future__ import annotations

import collections
import itertools
import os
import re
import secrets

import pytest

from tests.hostile.conftest import game_part, public_state, start_game
from tests.protocol_doc import room_ids
from tests.server.client import Player, create_room, http

URL_SAFE = re.compile(r"^[A-Za-z0-9_-]+$")
ROOMS = 12
GUESSES = 300
SEAT_COMMANDS = ["resign", "draw_offer", "draw_accept", "draw_decline", "takeback_request",
                 "takeback_accept", "takeback_decline", "rematch_offer", "rematch_accept",
                 "rematch_decline", "claim_win"]


async def test_room_ids_and_tokens_are_long_random_and_unrelated(hostile_node):
    rooms = [await create_room(hostile_node.url, variant="tictactoe") for _ in range(ROOMS)]
    ids = [room["room_id"] for room in rooms]
    tokens = [room["token"] for room in rooms]
    # As docs/protocol.md says: random characters, then two that put the room on a bucket's
    # slot (server/platform/keys.py)
    promise = room_ids()
    assert {len(i) for i in ids} == {promise.length}
    assert all(URL_SAFE.match(i) for i in ids)
    assert all(len(t) == 32 and URL_SAFE.match(t) for t in tokens)     # 192 random bits
    assert len(set(ids)) == ROOMS and len(set(tokens)) == ROOMS
    # Not a counter or a clock: ids made one after the other share no prefix to speak of, and
    # every character position of the random part varies.
    assert max(len(os.path.commonprefix(pair)) for pair in itertools.pairwise(ids)) <= 2
    for position in range(promise.random_chars):
        assert len({i[position] for i in ids}) > 5
    # Neither the token nor its hash appears in anything public.
    state_text = str(await public_state(hostile_node, ids[0]))
    assert tokens[0] not in state_text


async def test_guessed_room_ids_find_nothing(hostile_node):
    for _ in range(GUESSES):
        status, body = await http("GET", f"{hostile_node.url}/api/rooms/"
                                         f"{secrets.token_urlsafe(9)}")
        assert (status, body["error"]) == (404, "room_not_found")


async def test_private_rooms_are_never_listed(hostile_node):
    private = await create_room(hostile_node.url, variant="gomoku")
    game = await start_game(hostile_node)
    for query in ("?open=1", "", "?open=1&variant=gomoku"):
        status, body = await http("GET", f"{hostile_node.url}/api/rooms{query}")
        listed = {room["room_id"] for room in body["rooms"]}
        assert status == 200
        assert private["room_id"] not in listed and game.room_id not in listed


@pytest.mark.parametrize("token", [
    "A" * 32,                       # right shape, wrong value
    "",                             # empty
    "x" * 129,                      # too long
])
async def test_a_wrong_token_is_bad_token_closes_4401_and_gets_no_seat(hostile_node, token):
    game = await start_game(hostile_node)
    before = await public_state(hostile_node, game.room_id)
    intruder = await Player.join(hostile_node.ws_url, game.room_id, hello=False)
    await intruder.send(type="hello", token=token)
    code, reason = await intruder.closed()
    assert (code, reason) == (4401, "bad_token")
    assert intruder.received[-1]["code"] == "bad_token"
    assert await public_state(hostile_node, game.room_id) == before


async def test_a_token_of_one_room_is_refused_in_another(hostile_node):
    game = await start_game(hostile_node)
    other = await start_game(hostile_node)
    intruder = await Player.join(hostile_node.ws_url, other.room_id, hello=False)
    await intruder.send(type="hello", token=game.first_token)
    assert (await intruder.wait_for("error"))["code"] == "bad_token"
    assert (await intruder.closed())[0] == 4401


async def test_a_spectator_cannot_act_for_either_seat(hostile_node):
    game = await start_game(hostile_node)
    before = await public_state(hostile_node, game.room_id)
    spectator = await Player.join(hostile_node.ws_url, game.room_id)  # room full: watches
    assert spectator.seat is None and "token" not in spectator.welcome
    codes = collections.Counter()
    for kind in SEAT_COMMANDS:
        codes[(await spectator.command(kind))["code"]] += 1
    for move in ("h9", "a1"):
        codes[(await spectator.move(move))["code"]] += 1
    assert codes == {"not_a_player": len(SEAT_COMMANDS) + 2}
    after = await public_state(hostile_node, game.room_id)
    assert game_part(after) == game_part(before) and after["v"] == before["v"]


async def test_a_spectator_cannot_take_a_seat_of_a_full_room_over_http(hostile_node):
    game = await start_game(hostile_node)
    status, body = await http("POST", f"{hostile_node.url}/api/rooms/{game.room_id}/join", {})
    assert (status, body["error"]) == (409, "seat_taken")
