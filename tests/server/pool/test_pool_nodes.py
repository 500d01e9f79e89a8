"""Two pairing nodes, one real Redis and one real PostgreSQL, logged-in players joining rated
pools over HTTP on both nodes with their player socket open: the node holding the pairing lease
is killed (kill -9) mid-run, the other takes the lease over and pairs the rest, and no player is
ever in two pairings or two rooms (docs/protocol.md §2j). A scaled-down run of
bench/pool_nodes.py (1,000 players): the code is shared (tests/server/pool/crowd.py)."""

from __future__ import annotations

import redis.asyncio as redis

from tests.server.conftest import FAST_ENV
from tests.server.pool import crowd

PLAYERS = 120


async def test_the_survivor_takes_the_lease_over_and_no_player_is_paired_twice(
        server_factory, redis_factory, postgres_server):
    store = redis_factory.start()
    database = postgres_server.create_database()
    nodes = server_factory.start_many(["pool-a", "pool-b"], redis_url=store.url,
                                      env=FAST_ENV | crowd.NODE_ENV | {"DATABASE_URL": database})
    made = await crowd.make_accounts(database, PLAYERS)
    client = redis.from_url(store.url, decode_responses=True)
    try:
        pools = await crowd.pools_of(client, database)
        result = await crowd.run(nodes, pools, made, arrivals_s=6.0, kill_after=PLAYERS // 10,
                                 within_s=90.0)
        found = await crowd.audit(pools, made, result)
        assert await client.get(pools.keys["lease"]) == result.survivor
    finally:
        await client.aclose()

    assert result.paired_before_kill < PLAYERS, "the kill came before the run was over"
    assert found == crowd.Audit(pairings=PLAYERS, rooms=PLAYERS // 2, after_kill=found.after_kill,
                                in_two_rooms=0, unseated=0, told_another_room=0, unmade=0,
                                still_waiting=0)
    assert found.after_kill > 0, "the survivor paired after the kill"
