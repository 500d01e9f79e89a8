"""Who has left a rated pool (server/pool/runner.py, docs/protocol.md §2j): a waiting player
whose page has stopped asking stays while a tab of theirs is open (the player socket, on any
node), and is dropped once neither holds their place. The pairing node's wave on a real Redis
of its own, with who has a tab open given as the app wires it (server/pool/node.py)."""

from __future__ import annotations

from collections.abc import Iterable

import redis.asyncio as redis

from server.pool.runner import PoolRunner
from server.pool.store import STALE_MS, Member, PoolStore

T0 = 1_800_000_000_000


async def test_a_tab_open_keeps_the_place_and_nothing_else_does(redis_factory):
    client = redis.from_url(redis_factory.start().url, decode_responses=True)
    store = PoolStore(client, "archive:outbox:leaving")
    # In pools of their own, so that nobody is paired (no room is made: `rooms` unused).
    here = Member("p-here", "here", 1500, False, "caro-3+2", T0)
    gone = Member("p-gone", "gone", 1500, False, "gomoku-3+2", T0)
    for member in (here, gone):
        await store.join(member, T0)

    async def online(player_ids: Iterable[str]) -> set[str]:
        return {pid for pid in player_ids if pid == here.player_id}

    runner = PoolRunner(store, rooms=None, node_id="pool-1", online=online)  # type: ignore[arg-type]
    try:
        assert await runner.lease.hold()
        report = await runner.wave(T0 + STALE_MS + 1000)
        members, _seen = await store.waiting()
    finally:
        await client.aclose()
    assert report.dropped == 1
    assert [m.player_id for m, _raw in members] == [here.player_id]
