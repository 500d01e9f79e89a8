"""What a move costs Redis: the commands that name the room, seen by MONITOR (docs/performance.md,
"the cost of a move"). Counts, not times: they do not depend on the machine."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace

import redis.asyncio as redis

from server.platform.metrics import ArenaMetrics
from server.play.repository import RoomRepository
from server.play.room_service import RoomService
from server.play.timer_index import TimerIndex
from server.rooms import commands
from tests.server.room_helpers import playing_room

MONITOR_TIMEOUT_S = 10.0


async def room_commands(url: str, room_id: str,
                        action: Callable[[], Awaitable[object]]) -> list[str]:
    """The names of the Redis commands (script calls and the commands run inside them) that
    mention `room_id` while `action` runs."""
    client = redis.from_url(url, decode_responses=True)
    end = f"end-of-{room_id}"
    names: list[str] = []
    try:
        async with client.monitor() as monitor:
            async def collect() -> None:
                async for entry in monitor.listen():
                    command = entry["command"]
                    if end in command:
                        return
                    if room_id in command:
                        names.append(command.split()[0].upper())
            collecting = asyncio.create_task(collect())
            await action()
            await client.echo(end)
            await asyncio.wait_for(collecting, MONITOR_TIMEOUT_S)
    finally:
        await client.aclose()
    return names


async def test_a_move_costs_four_redis_commands_script_call_included(redis_server):
    client = redis.from_url(redis_server.quiet_url, decode_responses=True)
    service = RoomService(RoomRepository(client, room_ttl_s=600, record_ttl_s=600,
                                         outbox_key="archive:outbox:test"),
                          TimerIndex(client, pace_ms=0), ArenaMetrics())
    await service.create(replace(playing_room("gomoku"), room_id="cost1"))
    await service.execute("cost1", lambda _state: commands.Move(1, "h8"))
    names = await room_commands(
        redis_server.url, "cost1",
        lambda: service.execute("cost1", lambda _state: commands.Move(2, "g7")))
    await client.aclose()
    # The version check, the state and its event in one write, the publish: no TTL refresh,
    # no trim, no timer entry (a move without a clock only pushes abandonment later).
    assert sorted(names) == ["EVALSHA", "HMGET", "HSET", "PUBLISH"]
