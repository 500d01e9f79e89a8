"""A room's life with real sockets and a real Redis, on a node with a 3-second ROOM_TTL_S:
games live while they can be played, are recorded when abandoned, waiting rooms leave the lobby
when their host has left, hosts cancel. (Idle players can be claimed against:
tests/server/play/test_idle_claim.py, on a set clock.) The node has a Redis of its own: every node
of a deployment must share ROOM_TTL_S (they attend each other's timers)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis.asyncio as redis

from tests.harness import RedisFactory, ServerFactory, ServerNode
from tests.server.client import Player, create_room, http
from tests.server.conftest import FAST_ENV

ROOM_TTL_S = 3
LIFE_ENV = FAST_ENV | {"ROOM_TTL_S": str(ROOM_TTL_S)}


@pytest.fixture(scope="module")
def life(tmp_path_factory: pytest.TempPathFactory,
         redis_factory: RedisFactory) -> Iterator[ServerNode]:
    own_redis = redis_factory.start()
    factory = ServerFactory(Path(tmp_path_factory.mktemp("life")), own_redis.url)
    node = factory.start("life-1", env=LIFE_ENV)
    node.redis_url = own_redis.url
    yield node
    factory.close()


async def seated(node: ServerNode, **fields) -> tuple[dict, Player, Player]:
    room = await create_room(node.url, variant="gomoku", your_side="first", **fields)
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node.ws_url, room["room_id"])
    return room, first, second


async def test_an_idle_game_with_both_players_connected_outlives_the_room_ttl(life):
    room, first, second = await seated(life)
    await asyncio.sleep(ROOM_TTL_S * 2 + 2)  # both sit there, connected, without moving
    status, state = await http("GET", f"{life.url}/api/rooms/{room['room_id']}")
    assert (status, state["status"]) == (200, "playing")
    assert (await first.move("h8"))["type"] == "move"


async def test_a_game_its_players_left_ends_as_abandoned_recorded_and_told(life):
    room, first, second = await seated(life)
    await first.move("h8")
    watcher = await Player.join(life.ws_url, room["room_id"], watch=True)
    await first.close()
    await second.close()
    over = await watcher.wait_for("game_over", within=ROOM_TTL_S + 15)
    assert (over["result"]["winner"], over["result"]["reason"]) == (None, "abandoned")
    status, record = await http(
        "GET", f"{life.url}/api/rooms/{room['room_id']}/export?format=json")
    assert status == 200 and record["result"]["reason"] == "abandoned"
    assert record["moves"] == ["h8"]


async def backdate(node: ServerNode, room_id: str, seconds: int) -> None:
    """Make the room's creation and its host's last sighting `seconds` older."""
    client = redis.from_url(node.redis_url, decode_responses=True)
    key = f"room:{{{room_id}}}:state"
    record = json.loads(await client.hget(key, "data"))
    record["created_at"] -= seconds * 1000
    await client.hset(key, "data", json.dumps(record))
    presence_key = f"room:{{{room_id}}}:presence"
    for field, ms in (await client.hgetall(presence_key)).items():
        if field.startswith("seen:"):  # when a seat was last seen connected
            await client.hset(presence_key, field, int(ms) - seconds * 1000)
    await client.aclose()


async def lobby_ids(node: ServerNode) -> set[str]:
    status, listing = await http("GET", f"{node.url}/api/rooms?open=1")
    return {room["room_id"] for room in listing["rooms"]}


async def test_a_public_room_whose_host_left_leaves_the_lobby_and_comes_back_with_them(life):
    room = await create_room(life.url, variant="gomoku", public=True, your_side="first")
    host = await Player.join(life.ws_url, room["room_id"], token=room["token"])
    assert room["room_id"] in await lobby_ids(life)
    await host.close()
    await asyncio.sleep(0.5)  # the close is written to the presence records
    await backdate(life, room["room_id"], 60)  # the host left a minute ago
    assert room["room_id"] not in await lobby_ids(life)
    back = await Player.join(life.ws_url, room["room_id"], token=room["token"])
    await back.wait_for("presence")
    assert room["room_id"] in await lobby_ids(life)


async def test_the_host_cancels_a_waiting_room_over_the_socket(life):
    room = await create_room(life.url, variant="gomoku", public=True, your_side="first")
    host = await Player.join(life.ws_url, room["room_id"], token=room["token"])
    over = await host.command("cancel")
    assert (over["type"], over["result"]["reason"]) == ("game_over", "cancelled")
    assert room["room_id"] not in await lobby_ids(life)
    late = await Player.join(life.ws_url, room["room_id"])
    assert late.seat is None  # nobody can sit down any more


async def test_the_host_cancels_a_waiting_room_over_http_with_its_token(life):
    room = await create_room(life.url, variant="gomoku", your_side="second")
    url = f"{life.url}/api/rooms/{room['room_id']}/cancel"
    status, refused = await http("POST", url, {"token": "not-the-token"})
    assert (status, refused["error"]) == (403, "bad_token")
    status, state = await http("POST", url, {"token": room["token"]})
    assert (status, state["status"], state["result"]["reason"]) == (200, "finished", "cancelled")
    status, again = await http("POST", url, {"token": room["token"]})
    assert (status, again["error"]) == (409, "cannot_cancel")

