"""Nodes of two SQL databases sharing one Redis (server/platform/keys.py `pool_key`): each
database's players wait in pools of their own and are paired only by a node of their database,
the only one that has their accounts and blocks. The pairing wave on a real Redis, as in
tests/server/pool/test_runner_leaving.py."""

from __future__ import annotations

import redis.asyncio as redis

from server.pool.runner import PoolRunner
from server.pool.store import Member, PoolStore

T0 = 1_800_000_000_000


async def test_a_node_of_another_database_never_pairs_this_database_s_players(redis_factory):
    client = redis.from_url(redis_factory.start().url, decode_responses=True)
    ours = PoolStore(client, "archive:outbox:ours")
    theirs = PoolStore(client, "archive:outbox:theirs")
    waiting = [Member(f"p-{n}", f"player{n}", 1500, False, "caro-3+2", T0) for n in (1, 2)]
    for member in waiting:
        await ours.join(member, T0)
    # Their node holds the lease of their pools (no room is made: `rooms` unused).
    runner = PoolRunner(theirs, rooms=None, node_id="theirs-1")  # type: ignore[arg-type]
    try:
        assert await runner.lease.hold()
        report = await runner.wave(T0 + 1000)
        still, _seen = await ours.waiting()
        counts = (await ours.counts(), await theirs.counts())
        ours_free = await PoolRunner(ours, rooms=None,  # type: ignore[arg-type]
                                     node_id="ours-1").lease.hold()
    finally:
        await client.aclose()
    assert (report.waiting, report.paired) == (0, 0)
    assert sorted(m.player_id for m, _raw in still) == ["p-1", "p-2"]
    assert counts == ({"caro-3+2": 2}, {})
    assert ours_free, "our pools' lease is ours to take, whoever holds theirs"
