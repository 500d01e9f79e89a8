"""Concurrent moves at one version: exactly one is applied, whatever the path."""

from __future__ import annotations

import asyncio

import redis.asyncio as redis

from server.play.repository import RoomRepository
from server.rooms import apply, commands
from tests.server.client import Player, create_room, http
from tests.server.room_helpers import playing_room


async def test_concurrent_commits_at_one_version_exactly_one_wins(redis_server):
    client = redis.from_url(redis_server.quiet_url, decode_responses=True)
    repo = RoomRepository(client, room_ttl_s=60, record_ttl_s=60,
                          outbox_key="archive:outbox:test")
    state = playing_room("gomoku")
    state = type(state).from_record(state.to_record() | {"room_id": "concurrent1", "v": 0})
    await repo.create(state)
    cells = [f"{col}{row}" for col in "abcde" for row in range(1, 5)]
    attempts = [apply(state, commands.Move(1, cell), 0) for cell in cells]
    results = await asyncio.gather(*(repo.commit(state, t) for t in attempts))
    stored = await repo.load("concurrent1")
    await client.aclose()
    assert sum(result.ok for result in results) == 1
    winner = attempts[[result.ok for result in results].index(True)]
    assert (stored.v, stored.moves) == (winner.state.v, winner.state.moves)


async def test_two_tabs_moving_at_once_get_exactly_one_move(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", your_side="first")
    tab1 = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    tab2 = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    await Player.join(arena_node.ws_url, room["room_id"])
    answers = await asyncio.gather(tab1.move("h8"), tab2.move("g7"))
    assert sorted(a["type"] for a in answers) == ["error", "move"]
    assert next(a for a in answers if a["type"] == "error")["code"] == "not_your_turn"
    status, state = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}")
    assert len(state["moves"]) == 1


async def test_double_click_applies_one_move(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", your_side="first")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    await Player.join(arena_node.ws_url, room["room_id"])
    await me.send(type="move", move="h8", cid="click1")
    await me.send(type="move", move="h8", cid="click2")
    first = await me.wait_for("move")
    second = await me.wait_for("error")
    assert first["cid"] == "click1" and second["cid"] == "click2"
