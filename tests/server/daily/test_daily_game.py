"""A daily game played over two days across two nodes (in-process, one real Redis, one real
PostgreSQL), on a clock the test moves (server/platform/clock.py): each player is told it is
their turn while away, the game outlives ROOM_TTL_S many times over with nobody connected, and
the player who lets their day run out loses on time; the game is archived and rated."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from server.platform import clock
from tests.server.client import Player
from tests.server.http.test_accounts import new_username, register
from tests.server.visitor import Visitor

pytestmark = pytest.mark.slow

HOUR_S = 3600
DAY_S = 24 * HOUR_S
SETTLE_S = 10.0  # real seconds for a timer, a notice or the archive to catch up


async def eventually(check: Callable[[], Awaitable[Any]], what: str) -> Any:
    """Ask `check` until it answers something true (within SETTLE_S of real time)."""
    deadline = asyncio.get_running_loop().time() + SETTLE_S
    while True:
        answer = await check()
        if answer:
            return answer
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"not {what} within {SETTLE_S} s")
        await asyncio.sleep(0.1)


def unread_turn(visitor: Visitor, room_id: str) -> Callable[[], Awaitable[dict | None]]:
    """The visitor's unread `your_turn` notification of the room, if there is one."""
    async def check() -> dict | None:
        _, page = await visitor.get("/api/notifications")
        return next((item for item in page["items"] if item["kind"] == "your_turn"
                     and not item["read"] and item["data"]["room_id"] == room_id), None)
    return check


async def play_one(visitor: Visitor, room_id: str, token: str, move: str) -> dict:
    """Open the room, play `move`, leave."""
    player = await Player.join(visitor.base_url.replace("http://", "ws://", 1), room_id,
                               token=token)
    try:
        return await player.move(move)
    finally:
        await player.close()


async def test_a_daily_game_over_two_days_with_turns_told_and_a_loss_on_time(
        inprocess_node, postgres_server):
    env = {"DATABASE_URL": postgres_server.create_database(), "ROOM_TTL_S": str(HOUR_S)}
    with clock.frozen() as now:
        node_a, node_b = await inprocess_node(**env), await inprocess_node(**env)
        alice, bob = Visitor(node_a.url), Visitor(node_b.url)
        try:
            for visitor in (alice, bob):
                assert (await register(visitor, new_username()))[0] == 201
            status, room = await alice.post("/api/rooms", {
                "variant": "gomoku", "clock": {"days": 1}, "rated": True, "your_side": "first"})
            assert status == 201, room
            room_id, start = room["room_id"], clock.now_ms()
            status, joined = await bob.post(f"/api/rooms/{room_id}/join")
            assert status == 200, joined

            # Day 1: Alice, away, is told it is her move, by the day's end.
            told = await eventually(unread_turn(alice, room_id), "told Alice")
            assert told["data"]["deadline"] == start + DAY_S * 1000
            now.advance(20 * HOUR_S)  # many ROOM_TTL_S: a game without days would be over
            await asyncio.sleep(1)  # a few timer scans
            assert (await alice.get(f"/api/rooms/{room_id}"))[1]["status"] == "playing"
            await play_one(alice, room_id, room["token"], "h8")
            await eventually(unread_turn(bob, room_id), "told Bob")
            assert await unread_turn(alice, room_id)() is None  # she has played

            # Day 2: Bob answers on the other node; now Alice's day runs from his move.
            now.advance(23 * HOUR_S)
            await play_one(bob, room_id, joined["token"], "h9")
            told = await eventually(unread_turn(alice, room_id), "told Alice again")
            assert told["data"]["deadline"] == clock.now_ms() + DAY_S * 1000
            _, mine = await alice.get("/api/me/rooms")
            listed = next(r for r in mine["rooms"] if r["room_id"] == room_id)
            assert (listed["your_turn"], listed["days"], listed["deadline"]) == \
                (True, 1, told["data"]["deadline"])

            # Alice lets her day run out: she loses on time, nobody connected.
            now.advance(DAY_S + 1)

            async def finished() -> dict | None:
                state = (await bob.get(f"/api/rooms/{room_id}"))[1]
                return state if state["status"] == "finished" else None
            state = await eventually(finished, "over on time")
            assert (state["result"]["winner"], state["result"]["reason"]) == (2, "timeout")

            async def rated() -> dict | None:
                status, game = await bob.get(f"/api/games/{state['game_id']}")
                return game if status == 200 and game["rating_changes"] else None
            game = await eventually(rated, "archived and rated")
            assert game["clock_config"]["days"] == 1 and game["rated"] is True
            assert game["rating_changes"]["2"]["diff"] > 0 > game["rating_changes"]["1"]["diff"]
            assert await unread_turn(alice, room_id)() is None
        finally:
            await alice.close()
            await bob.close()
