"""What the server keeps in Redis: hash-tagged keys with TTLs, and game records that outlive
their room."""

from __future__ import annotations

import redis.asyncio as redis

from tests.server.client import Player, create_room, http


async def test_room_keys_share_one_hash_tag_and_expire(arena_node, redis_server):
    room = await create_room(arena_node.url, variant="gomoku", your_side="first")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    await Player.join(arena_node.ws_url, room["room_id"])
    await me.move("h8")
    client = redis.from_url(redis_server.url, decode_responses=True)
    keys = [key async for key in client.scan_iter(f"*{room['room_id']}*")]
    ttls = [await client.ttl(key) for key in keys]
    await client.aclose()
    assert keys and all(f"{{{room['room_id']}}}" in key for key in keys)
    assert all(ttl > 0 for ttl in ttls)


async def test_finished_game_is_exportable_after_the_room_expired(arena_node, redis_server):
    room = await create_room(arena_node.url, variant="tictactoe", your_side="first")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    await Player.join(arena_node.ws_url, room["room_id"])
    await me.move("b2")
    await me.command("resign")
    client = redis.from_url(redis_server.url, decode_responses=True)
    await client.delete(f"room:{{{room['room_id']}}}:state")  # as if its TTL ran out
    record_ttl = await client.ttl(f"room:{{{room['room_id']}}}:game:1")
    await client.aclose()
    status, text = await http("GET", f"{arena_node.url}/api/rooms/{room['room_id']}/export")
    assert status == 200 and '[Result "0-1"]' in text and text.rstrip().endswith("b2")
    assert record_ttl > 24 * 3600
