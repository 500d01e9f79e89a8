"""The one write path, as two nodes see one room: each node remembers the states it saw, and a
remembered state that fell behind never decides anything on its own."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
import redis.asyncio as redis
from redis.exceptions import RedisClusterException

from server.platform.errors import ArenaError, ErrorCode
from server.platform.metrics import ArenaMetrics
from server.play.repository import RoomRepository
from server.play.room_service import RoomService
from server.play.timer_index import TimerIndex
from server.rooms import apply, commands
from tests.server.room_helpers import playing_room


@pytest.fixture
async def client(redis_server) -> AsyncIterator[redis.Redis]:
    connection = redis.from_url(redis_server.quiet_url, decode_responses=True)
    yield connection
    await connection.aclose()


def node(client: redis.Redis) -> RoomService:
    """One node's service (its own memory of rooms) over the shared Redis."""
    repo = RoomRepository(client, room_ttl_s=60, record_ttl_s=60,
                          outbox_key="archive:outbox:test")
    return RoomService(repo, TimerIndex(client, pace_ms=0), ArenaMetrics())


async def started_room(service: RoomService, room_id: str) -> None:
    await service.create(replace(playing_room("gomoku"), room_id=room_id))


def move(seat: int, cell: str):
    return lambda _state: commands.Move(seat, cell)


async def test_a_refused_commit_brings_the_room_as_stored(client):
    repo = RoomRepository(client, room_ttl_s=60, record_ttl_s=60,
                          outbox_key="archive:outbox:test")
    state = replace(playing_room("gomoku"), room_id="refused1")
    await repo.create(state)
    first = apply(state, commands.Move(1, "h8"), 0)
    assert (await repo.commit(state, first)).ok
    refused = await repo.commit(state, apply(state, commands.Move(1, "a1"), 0))
    assert not refused.ok
    assert refused.current is not None and refused.current.moves == ("h8",)


async def test_a_move_the_remembered_state_would_refuse_is_judged_on_the_stored_room(client):
    node_a, node_b = node(client), node(client)
    await started_room(node_a, "stale1")
    await node_a.execute("stale1", move(1, "h8"))
    await node_b.execute("stale1", move(2, "g7"))
    transition = await node_a.execute("stale1", move(1, "h9"))  # node A last saw 1 move
    stored = await node_a.repo.load("stale1")
    assert stored.moves == ("h8", "g7", "h9") and transition.state == stored


async def test_a_remembered_state_that_fell_behind_does_not_reject_a_legal_move(client):
    node_a, node_b = node(client), node(client)
    await started_room(node_a, "stale2")
    await node_a.execute("stale2", move(1, "h8"))
    await node_b.execute("stale2", move(2, "g7"))
    await node_b.execute("stale2", move(1, "h9"))
    # Node A remembers seat 2 to move; the stored room has seat 2 to move too, but at a
    # later version: the move is judged against the stored room and played once.
    await node_a.execute("stale2", move(2, "g8"))
    assert (await node_a.repo.load("stale2")).moves == ("h8", "g7", "h9", "g8")


async def test_an_error_is_judged_against_the_stored_room(client):
    node_a, node_b = node(client), node(client)
    await started_room(node_a, "stale3")
    await node_a.execute("stale3", move(1, "h8"))
    await node_b.execute("stale3", move(2, "g7"))
    with pytest.raises(ArenaError) as error:
        await node_a.execute("stale3", move(2, "g6"))  # node A thinks it is seat 2's turn
    assert error.value.code is ErrorCode.NOT_YOUR_TURN
    assert (await node_a.repo.load("stale3")).moves == ("h8", "g7")


async def test_a_room_that_expired_is_not_found_even_if_remembered(client):
    service = node(client)
    await started_room(service, "gone1")
    await service.execute("gone1", move(1, "h8"))
    await client.delete("room:{gone1}:state")
    with pytest.raises(ArenaError) as error:
        await service.execute("gone1", move(2, "g7"))
    assert error.value.code is ErrorCode.ROOM_NOT_FOUND


async def test_many_commands_to_one_room_at_once_all_commit(client):
    service = node(client)
    await started_room(service, "storm1")
    before = await service.repo.load("storm1")
    # 25 cells three apart (no two in a line), each played by whoever is to move: far more
    # commands than MAX_ATTEMPTS racing for the same version.
    cells = [f"{chr(97 + col)}{row + 1}" for col in range(0, 15, 3) for row in range(0, 15, 3)]
    await asyncio.gather(*(service.execute(
        "storm1", lambda state, cell=cell: commands.Move(state.turn, cell)) for cell in cells))
    stored = await service.repo.load("storm1")
    assert stored.v == before.v + len(cells)
    assert sorted(stored.moves) == sorted(cells)


async def test_a_node_forgets_the_turns_of_rooms_nobody_waits_for(client):
    service = node(client)
    await started_room(service, "turns1")
    await asyncio.gather(*(service.execute("turns1", move(1, "h8")),
                           service.execute("turns1", move(2, "g7"))))
    assert len(service.turns) == 0


class FlakyHook:
    """A commit hook whose first call fails as redis-py does right after a cluster failover."""

    def __init__(self) -> None:
        self.calls = 0
        self.succeeded = asyncio.Event()

    async def on_commit(self, _old, _transition) -> None:
        self.calls += 1
        if self.calls == 1:
            raise RedisClusterException("Redis Cluster cannot be connected")
        self.succeeded.set()


async def test_a_failed_step_after_the_commit_is_counted_and_retried_not_reported(client):
    service = node(client)
    await started_room(service, "hookfail1")
    hook = FlakyHook()
    service.after_commit.append(hook.on_commit)
    transition = await service.execute("hookfail1", move(1, "h8"))
    assert transition.state.moves == ("h8",)  # the caller hears of the move, not the failure
    assert service.metrics.registry.get_sample_value(
        "caro_post_commit_failures_total", {"step": "FlakyHook"}) == 1
    await asyncio.wait_for(hook.succeeded.wait(), 10)
    assert hook.calls == 2
    assert (await service.repo.load("hookfail1")).moves == ("h8",)
