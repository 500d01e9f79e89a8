"""Two pairing nodes never pair a player twice (issue 27): 1,000 logged-in players on two real
nodes, one real Redis and one real PostgreSQL, the lease holder killed (kill -9) mid-run.

Each player is a browser tab (tests/server/pool/crowd.py, shared with the scaled-down test
tests/server/pool/test_pool_nodes.py): its player socket open on a node (half on each), it joins
a rated pool over HTTP, waits to be told of its pairing, and goes to the other node when its
node dies. Once --kill-after players are paired, the node holding the pairing lease is killed.

Prints: players, how many were paired before the kill and after it, how long the survivor took
to hold the lease, how long until every page was told, and the checks that must be 0: players
seated in two rooms, players in no room, pages told a room their player does not sit in,
pairings whose room was never made, players still waiting.

    .venv/bin/python -m bench.pool_nodes                   # 1,000 players over 8 s
    .venv/bin/python -m bench.pool_nodes --players 2000 --arrivals 15
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import tempfile
from pathlib import Path

import redis.asyncio as redis

from tests.harness import PostgresServer, RedisFactory, ServerFactory
from tests.server.pool import crowd

NODE_ENV = crowd.NODE_ENV | {"AI_WORKERS": "1", "ROOM_CREATIONS_PER_MINUTE": "0"}


async def run(players: int, arrivals_s: float, kill_after: int, within_s: float) -> None:
    postgres = PostgresServer.create().start()
    base = Path(tempfile.mkdtemp(prefix="bench-pool-nodes-"))
    stores = RedisFactory(base)
    store = stores.start()
    factory = ServerFactory(base, store.url)
    try:
        database = postgres.create_database()
        nodes = factory.start_many(["pool-a", "pool-b"], env=NODE_ENV | {"DATABASE_URL": database})
        made = await crowd.make_accounts(database, players)  # the nodes made the schema
        client = redis.from_url(store.url, decode_responses=True)
        try:
            pools = await crowd.pools_of(client, database)
            result = await crowd.run(nodes, pools, made, arrivals_s=arrivals_s,
                                     kill_after=kill_after, within_s=within_s)
            found = await crowd.audit(pools, made, result)
        finally:
            await client.aclose()
        print(f"{players} players arriving over {arrivals_s:g} s in {len(crowd.POOLS)} pools "
              f"on two nodes; {result.doomed} (the lease holder) killed with kill -9 once "
              f"{result.paired_before_kill} were paired\n")
        print("| measure | value |\n|---|---|")
        print(f"| paired before the kill | {result.paired_before_kill} |")
        print(f"| pairings made by {result.survivor} after the kill | {found.after_kill} |")
        print(f"| lease held by {result.survivor} after the kill | {result.takeover_s:.1f} s |")
        print(f"| every page told its room, from the first arrival | {result.all_told_s:.1f} s |")
        for field in dataclasses.fields(found):
            if field.name == "after_kill":
                continue  # above
            print(f"| {field.name.replace('_', ' ')} | {getattr(found, field.name)} |")
    finally:
        factory.close()
        stores.close()
        postgres.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--arrivals", type=float, default=8.0, help="seconds to arrive over")
    parser.add_argument("--kill-after", type=int, default=None,
                        help="paired players before the kill (default: a quarter)")
    parser.add_argument("--within", type=float, default=300.0, help="seconds allowed in all")
    args = parser.parse_args()
    asyncio.run(run(args.players, args.arrivals, args.kill_after or args.players // 4,
                    args.within))


if __name__ == "__main__":
    main()
