"""The AI lease (a redis-py Lock, server/play/ai_player.py): while another node holds a room's
lease this node does not search, and looks at the room again when that lease would lapse, so
a node that dies mid-search is replaced. On a Redis of its own and a set clock."""

from __future__ import annotations

import redis.asyncio as redis

from server.platform import clock
from server.platform.keys import ai_lease_key, new_room_id
from server.play.ai_player import LEASE_MS, AiPlayer
from server.play.timer_index import TimerIndex


async def test_a_lease_held_elsewhere_defers_the_room_to_when_it_lapses(redis_factory):
    client = redis.from_url(redis_factory.start().url, decode_responses=True)
    timers = TimerIndex(client, pace_ms=0)
    room_id = new_room_id()
    elsewhere = client.lock(ai_lease_key(room_id), timeout=LEASE_MS / 1000)
    assert await elsewhere.acquire(blocking=False, token="other-node:1")
    # No repository, service or pool: reaching a search would fail the test.
    ai = AiPlayer(client, None, None, timers, None, "this-node", 0)  # type: ignore[arg-type]
    try:
        with clock.frozen() as now:
            await ai.play(room_id)
            soon = [room for room, _ in await timers.due(now.now_ms() + 100)]
            at_lapse = [room for room, _ in await timers.due(now.now_ms() + LEASE_MS + 100)]
        assert room_id not in soon and room_id in at_lapse
        assert await client.get(ai_lease_key(room_id)) == "other-node:1"
    finally:
        await client.aclose()
