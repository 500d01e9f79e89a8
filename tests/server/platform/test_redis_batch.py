"""Automatic pipelining of Redis commands issued in one event-loop turn."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import Any

import pytest
import redis.asyncio as redis

from server.platform.keys import new_room_id, state_key
from server.platform.redis_batch import CommandBatcher, ReplicaWait
from server.platform.redis_lane import CommandLane
from server.platform.store import create_cluster
from server.play.repository import RoomRepository
from server.rooms import apply, commands
from tests.server.room_helpers import playing_room


@pytest.fixture
async def client(redis_server) -> AsyncIterator[redis.Redis]:
    connection = redis.from_url(redis_server.url, decode_responses=True)
    yield connection
    await connection.aclose()


@pytest.fixture(params=["pool", "lane"])
async def batcher_of(request, client) -> AsyncIterator[Callable[..., CommandBatcher]]:
    """Batchers sending through the client's pool, or on a lane of their own (the keys the
    tests write start empty for each)."""
    made: list[CommandBatcher] = []
    for key in [key async for key in client.scan_iter("batch:*")]:
        await client.delete(key)

    def make(*args: Any) -> CommandBatcher:
        lane = CommandLane.of(client) if request.param == "lane" else None
        made.append(CommandBatcher(client, *args, lane=lane))
        return made[-1]

    yield make
    for batcher in made:
        await batcher.aclose()


async def test_commands_of_one_turn_each_get_their_own_reply(client, batcher_of):
    batcher = batcher_of()
    replies = await asyncio.gather(*(batcher.execute("INCRBY", "batch:counter", n)
                                     for n in (1, 10, 100)))
    assert replies == [1, 11, 111]


async def test_commands_of_one_turn_share_one_connection(client, batcher_of):
    batcher = batcher_of()
    await batcher.execute("PING")  # a lane opens its one connection
    before = (await client.info("clients"))["connected_clients"]
    await asyncio.gather(*(batcher.execute("SET", f"batch:key{n}", n) for n in range(20)))
    after = (await client.info("clients"))["connected_clients"]
    # Sent one by one, 20 concurrent commands would have opened 20 pooled connections.
    assert after == before


async def test_a_failing_command_fails_alone(client, batcher_of):
    batcher = batcher_of()
    await client.set("batch:text", "not a number")
    results = await asyncio.gather(batcher.execute("INCR", "batch:text"),
                                   batcher.execute("INCR", "batch:fine"),
                                   return_exceptions=True)
    assert isinstance(results[0], redis.ResponseError) and results[1] == 1


async def test_a_lone_command_fails_with_its_own_error(client, batcher_of):
    batcher = batcher_of()
    await client.set("batch:text2", "not a number")
    with pytest.raises(redis.ResponseError):
        await batcher.execute("INCR", "batch:text2")


async def test_a_commit_lands_after_redis_forgot_its_scripts(client):
    repo = RoomRepository(client, room_ttl_s=60, record_ttl_s=60,
                          outbox_key="archive:outbox:test")
    state = replace(playing_room("gomoku"), room_id="flushed1")
    await repo.create(state)
    await client.script_flush()
    assert (await repo.commit(state, apply(state, commands.Move(1, "h8"), 0))).ok
    assert (await repo.load("flushed1")).moves == ("h8",)


async def test_a_batch_no_replica_confirms_in_time_is_counted_and_still_answered(client,
                                                                                batcher_of):
    unreplicated = []
    batcher = batcher_of(ReplicaWait(replicas=1, timeout_ms=20), lambda: unreplicated.append(1))
    replies = await asyncio.gather(*(batcher.execute("INCRBY", "batch:waited", n) for n in (1, 2)))
    assert sorted(replies) == [1, 3] and unreplicated == [1]  # this Redis has no replica


async def test_a_commit_lands_after_redis_forgot_its_scripts_on_a_lane(client):
    repo = RoomRepository(client, room_ttl_s=60, record_ttl_s=60,
                          outbox_key="archive:outbox:test",
                          batcher=CommandBatcher(client, lane=CommandLane.of(client)))
    state = replace(playing_room("gomoku"), room_id="flushed2")
    await repo.create(state)
    await client.script_flush()
    assert (await repo.commit(state, apply(state, commands.Move(1, "h8"), 0))).ok
    assert (await repo.load("flushed2")).moves == ("h8",)
    await repo.aclose()


def counting_lane(client: redis.Redis) -> tuple[CommandLane, list[int]]:
    """A lane that notes the size of every batch it sends."""
    lane = CommandLane.of(client)
    sizes: list[int] = []
    run = lane.run

    async def counted(commands: list[tuple[Any, ...]]) -> list[Any]:
        sizes.append(len(commands))
        return await run(commands)

    lane.run = counted  # type: ignore[method-assign]
    return lane, sizes


async def test_commands_sent_while_a_lane_is_busy_go_together_in_its_next_batch(client):
    lane, sizes = counting_lane(client)
    batcher = CommandBatcher(client, lane=lane)
    first = asyncio.ensure_future(batcher.execute("INCRBY", "lane:n", 1))
    await asyncio.sleep(0)  # the first batch is on its way
    later = [batcher.execute("INCRBY", "lane:n", 1) for _ in range(5)]
    for _turn in range(5):
        await asyncio.sleep(0)
    assert await asyncio.gather(first, *later) == [1, 2, 3, 4, 5, 6]
    assert sizes == [1, 5]
    await batcher.aclose()


async def test_commands_that_come_within_the_gathering_window_go_in_one_batch(client):
    lane, sizes = counting_lane(client)
    batcher = CommandBatcher(client, lane=lane, gather_s=0.2)
    first = asyncio.ensure_future(batcher.execute("INCRBY", "lane:gathered", 1))
    await asyncio.sleep(0.05)  # several loop turns later, still within the window
    later = [asyncio.ensure_future(batcher.execute("INCRBY", "lane:gathered", 1))
             for _ in range(3)]
    assert await asyncio.gather(first, *later) == [1, 2, 3, 4]
    assert sizes == [4]
    await batcher.aclose()


async def test_a_lane_whose_connection_was_killed_sends_its_batch_again(client):
    lane = CommandLane.of(client)
    batcher = CommandBatcher(client, lane=lane)
    assert await batcher.execute("CLIENT", "SETNAME", "the-lane") == "OK"
    assert await client.client_kill_filter(_type="normal", skipme=True) >= 1  # the lane among them
    assert await batcher.execute("INCRBY", "lane:after-kill", 7) == 7
    await batcher.aclose()


async def test_a_lane_whose_reply_does_not_come_in_time_sends_its_batch_again(client,
                                                                            monkeypatch):
    monkeypatch.setattr("server.platform.redis_lane.BATCH_TIMEOUT_S", 0.05)
    lane = CommandLane.of(client)
    send, attempts = lane._send, []

    async def first_one_stuck(commands: list[tuple[Any, ...]]) -> list[Any]:
        attempts.append(commands)
        if len(attempts) == 1:
            await asyncio.sleep(3600)  # a connection that never answers
        return await send(commands)

    lane._send = first_one_stuck  # type: ignore[method-assign]
    batcher = CommandBatcher(client, lane=lane)
    assert await batcher.execute("INCRBY", "lane:after-timeout", 7) == 7
    assert len(attempts) == 2
    await batcher.aclose()


async def test_on_a_cluster_each_script_waits_for_its_shards_replica(redis_cluster):
    cluster = create_cluster(redis_cluster.url)
    unreplicated = []
    batcher = CommandBatcher(cluster, ReplicaWait(replicas=1, timeout_ms=5_000),
                             lambda: unreplicated.append(1))
    script = "return redis.call('INCR', KEYS[1])"
    sha = await cluster.script_load(script)
    rooms = [new_room_id() for _ in range(6)]  # on several shards
    try:
        replies = await asyncio.gather(*(batcher.execute("EVALSHA", sha, 1, state_key(room))
                                         for room in rooms))
    finally:
        await cluster.aclose()
    assert replies == [1] * len(rooms) and unreplicated == []
