"""Notification delivery across two nodes (issue 27): how long from a challenge (or its
withdrawal) made on node A to the notification on the challenged player's tab, open only on
node B.

Starts its own PostgreSQL (initdb on a free loopback port), Redis and two server nodes; makes
--pairs accounts straight in SQL (a challenger on node A and a challenged player whose only tab,
`/ws/me`, is on node B, each with a session). Then for --seconds, at --rate challenges a
second spread over the pairs: each challenger challenges their player (`POST /api/challenges`
on node A), waits for the notification on the other's tab, and withdraws it (`POST .../cancel`,
a live-only notification). Prints, per kind, the end-to-end latency (the request sent to the
tab's receipt, client clocks: one machine) and the part after the server made it (the item's
`created_at` to the receipt), p50 / p99 / max, and the CPU each node spent per challenge (a
number the machine's other load does not change much, unlike the latencies).

Run from the repository root:
    .venv/bin/python -m bench.notifications                  # 100 pairs, 20 a second, 20 s
    .venv/bin/python -m bench.notifications --pairs 200 --rate 50 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import aiohttp
import psutil

from bench.stats import percentile
from server.platform.tokens import hash_token
from server.players.accounts import SESSION_MS
from server.players.store_sql import accounts, migrate
from server.players.store_sql.database import open_database
from tests.harness import PostgresServer, RedisFactory, ServerFactory

NODE_ENV = {"AI_WORKERS": "1", "LOG_LEVEL": "WARNING", "CHALLENGES_PER_MINUTE": "0",
            "MAX_SOCKETS_PER_IP": "0"}
WAIT_S = 30.0
GAME = {"variant": "gomoku", "clock": {"initial_s": 300, "increment_s": 3}}


def cpu_s(node) -> float:
    """CPU seconds the node's process has used (user + system)."""
    times = psutil.Process(node.process.pid).cpu_times()
    return times.user + times.system


async def make_accounts(database: str, count: int) -> list[tuple[str, str]]:
    """`count` accounts, each with a live session: (username, session token)."""
    engine = open_database(database)
    await migrate.upgrade(engine)
    made, now = [], int(time.time() * 1000)
    for n in range(count):
        player_id, token = secrets.token_hex(12), secrets.token_urlsafe(24)
        username = f"b{n}_{secrets.token_hex(3)}"
        await accounts.create_account(engine, player_id, username, "unused", now)
        await accounts.open_session(engine, hash_token(token), player_id, now, SESSION_MS)
        made.append((username, token))
    await engine.dispose()
    return made


class Tab:
    """One challenged player's tab on node B: records when each notification arrives."""

    def __init__(self) -> None:
        self.arrived: dict[tuple[str, str], tuple[float, float, int]] = {}
        self.events: dict[tuple[str, str], asyncio.Event] = defaultdict(asyncio.Event)

    async def read(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        async for message in socket:
            data = json.loads(message.data)
            if data.get("type") != "notification":
                continue
            item = data["item"]
            key = (item["kind"], item["data"]["challenge"]["id"])
            self.arrived[key] = (time.monotonic(), time.time() * 1000, item["created_at"])
            self.events[key].set()

    async def wait(self, kind: str, challenge_id: str) -> tuple[float, float, int]:
        await asyncio.wait_for(self.events[(kind, challenge_id)].wait(), WAIT_S)
        return self.arrived[(kind, challenge_id)]


async def one_round(session: aiohttp.ClientSession, node_a: str, target: str, tab: Tab,
                    results: dict[str, list[tuple[float, float]]]) -> None:
    sent = time.monotonic()
    async with session.post(f"{node_a}/api/challenges", json=GAME | {"to": target}) as answer:
        made = await answer.json()
        assert answer.status == 201, made
    arrived, wall, created = await tab.wait("challenge", made["id"])
    results["challenge (kept in SQL)"].append(((arrived - sent) * 1000, wall - created))
    sent = time.monotonic()
    async with session.post(f"{node_a}/api/challenges/{made['id']}/cancel", json={}) as answer:
        assert answer.status == 200, await answer.text()
    arrived, wall, created = await tab.wait("challenge_cancelled", made["id"])
    results["challenge_cancelled (live only)"].append(((arrived - sent) * 1000, wall - created))


async def run(pairs: int, rate: float, seconds: float) -> None:
    postgres = PostgresServer.create().start()
    base = Path(tempfile.mkdtemp(prefix="bench-notify-"))
    redis_servers = RedisFactory(base)
    factory = ServerFactory(base, redis_servers.start().url)
    try:
        database = postgres.create_database()
        people = await make_accounts(database, 2 * pairs)
        env = NODE_ENV | {"DATABASE_URL": database}
        node_a, node_b = factory.start_many(["node-a", "node-b"], env=env)
        targets = people[pairs:]
        sessions = [aiohttp.ClientSession(cookies={"caro_session": token})
                    for _name, token in people]
        tabs, readers = [], []
        for session in sessions[pairs:]:
            socket = await session.ws_connect(f"{node_b.url}/ws/me")
            tab = Tab()
            tabs.append(tab)
            readers.append(asyncio.create_task(tab.read(socket)))
        results: dict[str, list[tuple[float, float]]] = defaultdict(list)
        # A challenger has one challenge to their player at a time (a second is refused).
        turns = [asyncio.Lock() for _ in range(pairs)]

        async def in_turn(pair: int) -> None:
            async with turns[pair]:
                await one_round(sessions[pair], node_a.url, targets[pair][0], tabs[pair],
                                results)

        cpu_before = [cpu_s(node) for node in (node_a, node_b)]
        rounds, start = [], time.monotonic()
        for n in range(int(rate * seconds)):
            delay = start + n / rate - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            rounds.append(asyncio.create_task(in_turn(n % pairs)))
        await asyncio.gather(*rounds)
        took = time.monotonic() - start
        cpu_ms = [(cpu_s(node) - before) * 1000 / len(rounds)
                  for node, before in zip((node_a, node_b), cpu_before, strict=True)]
        for reader in readers:
            reader.cancel()
        for session in sessions:
            await session.close()
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"\nNotification delivery across two nodes: {len(rounds)} challenges in "
              f"{took:.1f} s ({len(rounds) / took:.1f}/s), {pairs} challengers on node A, "
              f"their players' only tabs on node B; one PostgreSQL, one Redis; "
              f"{os.cpu_count()} cores, load average {load}\n")
        print("| notification | n | request → tab p50 | p99 | max | made → tab p50 | p99 |")
        print("|---|---|---|---|---|---|---|")
        for kind, values in results.items():
            end_to_end = [v[0] for v in values]
            after = [v[1] for v in values]
            print(f"| {kind} | {len(values)} | {percentile(end_to_end, .5):.1f} ms | "
                  f"{percentile(end_to_end, .99):.1f} ms | {max(end_to_end):.1f} ms | "
                  f"{percentile(after, .5):.1f} ms | {percentile(after, .99):.1f} ms |")
        print(f"\nCPU per challenge and its withdrawal (both notifications): node A (the "
              f"requests) {cpu_ms[0]:.1f} ms, node B (the tabs) {cpu_ms[1]:.1f} ms")
    finally:
        factory.close()
        redis_servers.close()
        postgres.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=100, help="challengers (and players)")
    parser.add_argument("--rate", type=float, default=20.0, help="challenges a second")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    asyncio.run(run(args.pairs, args.rate, args.seconds))


if __name__ == "__main__":
    main()
