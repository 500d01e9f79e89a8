"""Finished games reach the SQL archive through the Redis outbox, and are served from it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as redis

from server.platform.keys import OUTBOX_PREFIX
from tests.server.client import http
from tests.server.finished import finish_game
from tests.server.visitor import Visitor

ARCHIVE_WAIT_S = 15.0


async def archived(base_url: str, game_id: str) -> dict:
    """The archived game, waiting for the outbox consumer (bounded)."""
    async with asyncio.timeout(ARCHIVE_WAIT_S):
        while True:
            status, game = await http("GET", f"{base_url}/api/games/{game_id}")
            if status == 200:
                return game
            assert status == 404 and game["error"] == "game_not_found"
            await asyncio.sleep(0.05)


@pytest.fixture
async def visitors(arena_node) -> AsyncIterator[tuple[Visitor, Visitor]]:
    first, second = Visitor(arena_node.url), Visitor(arena_node.url)
    yield first, second
    await first.close()
    await second.close()


async def test_a_finished_rooms_state_names_its_archived_game(arena_node):
    state = await finish_game(arena_node.url)
    assert state["game_id"] == f"{state['room_id']}-1"


@pytest.mark.redis_cluster
async def test_a_finished_game_is_archived_with_its_moves_result_and_times(arena_node):
    state = await finish_game(arena_node.url, moves=("h8", "h9", "i9"))
    game = await archived(arena_node.url, state["game_id"])
    assert game["moves"] == ["h8", "h9", "i9"] and len(game["move_times"]) == 3
    assert game["result"]["winner"] == 1 and game["termination"] == "resign"
    assert game["rated"] is False and game["rating_changes"] is None
    assert game["finished_at"] == state["finished_at"]


async def test_asked_with_wait_ms_a_game_just_ended_is_answered_once_archived(arena_node):
    state = await finish_game(arena_node.url, moves=("h8",))
    status, game = await http("GET",
                              f"{arena_node.url}/api/games/{state['game_id']}?wait_ms=10000")
    assert status == 200 and game["id"] == state["game_id"]


@pytest.mark.parametrize("wait", ["-1", "10001", "soon"])
async def test_a_bad_wait_ms_is_a_bad_request(arena_node, wait):
    status, body = await http("GET", f"{arena_node.url}/api/games/nope-1?wait_ms={wait}")
    assert (status, body["error"]) == (400, "bad_request")


async def test_wait_ms_answers_404_for_a_game_that_never_comes(arena_node):
    status, body = await http("GET", f"{arena_node.url}/api/games/nope-1?wait_ms=300")
    assert (status, body["error"]) == (404, "game_not_found")


async def test_the_archived_game_has_its_text_export_beside_it(arena_node):
    state = await finish_game(arena_node.url, moves=("h8",))
    await archived(arena_node.url, state["game_id"])
    status, text = await http("GET", f"{arena_node.url}/api/games/{state['game_id']}/export")
    assert status == 200 and '[Result "1-0"]' in text and text.rstrip().endswith("h8")


async def test_an_archived_game_is_taken_off_the_outbox(arena_node, redis_url):
    state = await finish_game(arena_node.url)
    await archived(arena_node.url, state["game_id"])
    client = redis.from_url(redis_url, decode_responses=True)
    try:
        entries = [entry for key in await client.keys(OUTBOX_PREFIX + "*")
                   for entry in await client.xrange(key)]
    finally:
        await client.aclose()
    assert not any(state["game_id"] in fields["game"] for _id, fields in entries)


async def test_a_room_cancelled_before_anyone_joined_is_not_archived(arena_node):
    status, room = await http("POST", f"{arena_node.url}/api/rooms",
                              {"variant": "gomoku", "your_side": "first"})
    assert status == 201
    status, cancelled = await http("POST", f"{arena_node.url}/api/rooms/{room['room_id']}/cancel",
                                   {"token": room["token"]})
    assert status == 200 and cancelled["result"]["reason"] == "cancelled"
    assert cancelled["game_id"] is None
    later = await finish_game(arena_node.url)  # the outbox is consumed in order: this comes after
    await archived(arena_node.url, later["game_id"])
    status, data = await http("GET", f"{arena_node.url}/api/games/{room['room_id']}-1")
    assert (status, data["error"]) == (404, "game_not_found")


async def test_unknown_game_is_404_game_not_found(arena_node):
    status, data = await http("GET", f"{arena_node.url}/api/games/nosuchroom00-1")
    assert (status, data["error"]) == (404, "game_not_found")


async def test_the_replay_page_is_served_at_g_game_id(arena_node):
    status, text = await http("GET", f"{arena_node.url}/g/someroom-1/replay")
    assert status == 200 and "<html" in text.lower()


async def test_games_against_the_ai_are_archived_too(arena_node):
    visitor = Visitor(arena_node.url)
    try:
        _, room = await visitor.post("/api/rooms", {"variant": "gomoku", "opponent": "ai",
                                                    "your_side": "first"})
        socket = await visitor.socket(room["room_id"], token=room["token"])
        reply = await socket.command("resign")
        await socket.close()
    finally:
        await visitor.close()
    assert reply["type"] == "game_over"
    game = await archived(arena_node.url, f"{room['room_id']}-1")
    assert game["mode"] == "ai" and game["players"]["2"]["kind"] == "ai"
