"""How long a tournament waits for a new director after its director's node dies (issue 29).

Starts a Redis, a PostgreSQL and two server nodes (real processes). Each run: an arena (tic-
tac-toe, 1+0) is created; two players join and are paired (their game is left unplayed);
the node holding the arena's director lease is killed with -9; at once two more players join
through the other node, and the bench asks that node for the arena every 50 ms until they are
paired. The time from the kill to that pairing is the takeover: the rest of the dead node's
lease (up to LEASE_MS, 5 s, renewed every tick), the survivor's next tick (up to 1 s) and one
director step. Then a new node is started for the next run (the survivor stays).

    .venv/bin/python -m bench.tournament_takeover --runs 5
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp

from server.platform.keys import tournament_lease_key
from tests.harness import PostgresServer, RedisFactory, ServerFactory, ServerNode
from tests.server.conftest import FAST_ENV
from tests.server.tournaments.bots import GAME, Bot

POLL_S = 0.05
WAIT_S = 30.0


async def until(check) -> object:
    """`check()`'s first truthy answer, asking every POLL_S (at most WAIT_S)."""
    async with asyncio.timeout(WAIT_S):
        while True:
            if found := await check():
                return found
            await asyncio.sleep(POLL_S)


async def one_run(n: int, nodes: list[ServerNode], redis, bots: list[Bot]
                  ) -> tuple[float, float]:
    """(lease left at the kill, seconds from the kill to the late joiners' pairing)."""
    creator = bots[0]
    starts = (datetime.now(UTC) + timedelta(seconds=2)).isoformat()
    body = GAME | {"format": "arena", "name": f"Takeover {n}", "minutes": 30, "starts_at": starts}
    try:
        status, made = await creator.visitor.post("/api/tournaments", body)
    except aiohttp.ServerDisconnectedError:  # a kept-alive connection the server had closed
        status, made = await creator.visitor.post("/api/tournaments", body)
    assert status == 201, made
    tid, lease = made["id"], tournament_lease_key(made["id"])
    holder = await until(lambda: asyncio.to_thread(redis.get, lease))
    director = next(node for node in nodes if node.node_id == holder)
    survivor = next(node for node in nodes if node is not director)
    for bot in bots:
        await bot.move_to(survivor.url)
    for bot in bots[:2]:
        await bot.join(tid)

    async def page() -> dict:
        return (await creator.visitor.get(f"/api/tournaments/{tid}"))[1]
    await until(lambda: _paired(page, {bots[0].username, bots[1].username}))
    left_ms = redis.pttl(lease)
    killed = time.monotonic()
    director.kill()
    for bot in bots[2:]:
        await bot.join(tid)
    await until(lambda: _paired(page, {bots[2].username, bots[3].username}))
    took = time.monotonic() - killed
    for bot in bots:
        await bot.visitor.post(f"/api/tournaments/{tid}/leave")
    nodes.remove(director)
    return left_ms / 1000, took


async def _paired(page, players: set[str]) -> bool:
    return any({p["first"], p["second"]} == players for p in (await page())["pairings"])


async def main_async(runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "redis").mkdir()
        redis_factory = RedisFactory(Path(tmp) / "redis")
        redis_server = redis_factory.start()
        postgres = PostgresServer.create().start()
        factory = ServerFactory(Path(tmp), redis_server.url)
        env = FAST_ENV | {"DATABASE_URL": postgres.create_database(), "LOG_LEVEL": "WARNING"}
        nodes = [factory.start(node, env=env) for node in ("node-0", "node-1")]
        bots = [await Bot.sign_up(nodes[0].url, n) for n in range(4)]
        results = []
        try:
            for n in range(runs):
                left, took = await one_run(n, nodes, redis_server.client(), bots)
                results.append(took)
                print(f"| {n + 1} | {left:.2f} | {took:.2f} | {took - left:.2f} |", flush=True)
                nodes.append(factory.start(f"node-{n + 2}", env=env))
        finally:
            for bot in bots:
                await bot.close()
            factory.close()
            postgres.close()
            redis_factory.close()
    print(f"\ntakeover s: median {statistics.median(results):.2f}, max {max(results):.2f} "
          f"({runs} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print("| run | lease left at the kill s | kill to the next pairing s | beyond the lease s |")
    print("|---|---|---|---|")
    asyncio.run(main_async(args.runs))


if __name__ == "__main__":
    main()
