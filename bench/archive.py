"""Archive benchmark: the SQL side of Caro Arena against a real PostgreSQL (issue 12 targets).

Starts its own PostgreSQL (initdb on a free loopback port), Redis and two server nodes, then:
  1  archive lag: games end at --rate per minute for --seconds (each: create, join, resign
     over the real API); lag = archived_at - finished_at of every game (p50 / p99; target
     p99 < 1 s at 1,000 games a minute)
  2  profile reads: --games archived games (default 100,000, bulk-loaded) among 1,000
     accounts; GET /api/players/{u} and GET /api/players/{u}/games?before=<a page deep>,
     --requests each, one at a time (p50 / p99; target p99 < 50 ms)
  3  rating storm: 1,000 rated game ends appended to the outbox at once and archived by the
     two nodes' consumers; checks every rating was applied exactly once (2,000 rating rows
     updates, 2,000 history points) and prints how long the backlog took

Run from the repository root:
    .venv/bin/python -m bench.archive                 # all three
    .venv/bin/python -m bench.archive --scenario 1 --rate 1000 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import tempfile
import time
from pathlib import Path

import aiohttp
import redis

from bench.stats import percentile
from server.platform.keys import OUTBOX_PREFIX
from server.players.store_sql import migrate
from server.players.store_sql.database import open_database
from server.players.store_sql.schema import accounts, game_players, games, players
from tests.harness import PostgresServer, RedisFactory, ServerFactory

ACCOUNTS = 1000
CHUNK = 5000
DRAIN_TIMEOUT_S = 300.0
NODE_ENV = {"AI_WORKERS": "1", "LOG_LEVEL": "WARNING"}


def row(what: str, n: int, values: list[float], target: str) -> str:
    return (f"| {what} | {n} | {percentile(values, .5):.1f} ms | "
            f"{percentile(values, .99):.1f} ms | {target} |")


# --------------------------------------------------------------------------- scenario 1


async def one_game(session: aiohttp.ClientSession, base: str) -> None:
    async with session.post(f"{base}/api/rooms", json={"variant": "gomoku",
                                                       "your_side": "first"}) as response:
        room = await response.json()
    async with session.post(f"{base}/api/rooms/{room['room_id']}/join", json={}) as response:
        await response.read()
    async with session.ws_connect(f"{base}/ws/{room['room_id']}") as socket:
        await socket.send_json({"type": "hello", "token": room["token"]})
        await socket.send_json({"type": "resign", "cid": "r"})
        async for message in socket:
            if json.loads(message.data).get("type") == "game_over":
                break


async def archive_lag(nodes, client: redis.Redis, postgres: PostgresServer, database: str,
                      rate: int, seconds: int) -> str:
    interval = 60 / rate
    async with aiohttp.ClientSession() as session:
        tasks, start = [], time.monotonic()
        for n in range(int(seconds / interval)):
            delay = start + n * interval - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one_game(session, nodes[n % 2].url)))
        await asyncio.gather(*tasks)
    await wait_drained(client)
    lags = [float(x) for x in postgres.psql(
        "SELECT archived_at - finished_at FROM games WHERE room_id NOT LIKE 'bench%'",
        database=database).split()]  # this scenario's games, not the bulk-loaded ones
    return row(f"archive lag, {rate} games/min for {seconds} s", len(lags), lags, "p99 < 1 s")


# --------------------------------------------------------------------------- scenario 2


def bulk_rows(count: int, names: list[str]) -> tuple[list[dict], list[dict]]:
    now = int(time.time() * 1000)
    rng = random.Random(12)
    game_rows, seat_rows = [], []
    for n in range(count):
        first, second = rng.sample(names, 2)
        finished = now - (count - n) * 1000
        winner = rng.choice((1, 2, None))
        game_id = f"bench{n:07d}-1"
        game_rows.append({
            "id": game_id, "room_id": f"bench{n:07d}", "game_no": 1, "variant": "gomoku",
            "mode": "human", "rated": False, "players": {
                "1": {"kind": "human", "name": first, "joined_at": finished, "username": first},
                "2": {"kind": "human", "name": second, "joined_at": finished,
                      "username": second}},
            "moves": ["h8", "h9", "i9", "i10"], "move_times": [finished] * 4,
            "clock_config": None, "clock": None,
            "result": {"winner": winner, "reason": "resign", "line": [], "cells": []},
            "winner": winner, "termination": "resign", "rating_changes": None,
            "created_at": finished - 60_000, "started_at": finished - 60_000,
            "finished_at": finished, "archived_at": finished})
        for seat, name in ((1, first), (2, second)):
            outcome = "d" if winner is None else "w" if winner == seat else "l"
            seat_rows.append({"game_id": game_id, "seat": seat, "player_id": name,
                              "variant": "gomoku", "outcome": outcome,
                              "finished_at": finished})
    return game_rows, seat_rows


async def bulk_load(url: str, count: int) -> list[str]:
    names = [f"player{n:04d}" for n in range(ACCOUNTS)]
    engine = open_database(url)
    await migrate.upgrade(engine)
    game_rows, seat_rows = bulk_rows(count, names)
    async with engine.begin() as connection:
        await connection.execute(players.insert(), [
            {"id": name, "name": name, "created_at": 0} for name in names])
        await connection.execute(accounts.insert(), [
            {"player_id": name, "username": name, "username_key": name,
             "password_hash": "-", "created_at": 0} for name in names])
    for start in range(0, count, CHUNK):
        async with engine.begin() as connection:
            await connection.execute(games.insert(), game_rows[start:start + CHUNK])
            await connection.execute(game_players.insert(),
                                     seat_rows[2 * start:2 * (start + CHUNK)])
    await engine.dispose()
    return names


async def profile_reads(base: str, names: list[str], requests: int, count: int) -> list[str]:
    profile, paged = [], []
    rng = random.Random(7)
    async with aiohttp.ClientSession() as session:
        for _ in range(requests):
            name = rng.choice(names)
            started = time.perf_counter()
            async with session.get(f"{base}/api/players/{name}") as response:
                body = await response.json()
            profile.append((time.perf_counter() - started) * 1000)
            cursor = body["next"]
            for _page in range(3):  # a few pages deep
                async with session.get(f"{base}/api/players/{name}/games",
                                       params={"before": cursor}) as response:
                    cursor = (await response.json())["next"]
            started = time.perf_counter()
            async with session.get(f"{base}/api/players/{name}/games",
                                   params={"before": cursor}) as response:
                await response.read()
            paged.append((time.perf_counter() - started) * 1000)
    return [row(f"GET /api/players/{{u}}, {count} games archived", requests, profile,
                "p99 < 50 ms"),
            row(f"GET /api/players/{{u}}/games?before= (page 5), {count} games", requests,
                paged, "p99 < 50 ms")]


# --------------------------------------------------------------------------- scenario 3


def rated_entry(first: str, second: str, winner: int | None) -> dict:
    room_id = secrets.token_urlsafe(9)
    now = int(time.time() * 1000)
    seat = {"kind": "human", "joined_at": now}
    return {"id": f"{room_id}-1", "room_id": room_id, "game_no": 1, "variant": "caro",
            "mode": "human", "rated": True,
            "seats": {"1": seat | {"name": first, "player_id": first, "username": first},
                      "2": seat | {"name": second, "player_id": second, "username": second}},
            "moves": ["h8"], "move_times": [now], "clock_config": None, "clock": None,
            "result": {"winner": winner, "reason": "resign", "line": [], "cells": []},
            "created_at": now, "started_at": now, "finished_at": now}


async def rating_storm(nodes, client: redis.Redis, postgres: PostgresServer,
                       database: str, count: int = 1000) -> str:
    rng = random.Random(3)
    names = [f"rater{n:03d}" for n in range(100)]
    pipe = client.pipeline(transaction=False)
    for _ in range(count):
        first, second = rng.sample(names, 2)
        pipe.xadd(outbox(client), {"game": json.dumps(rated_entry(first, second,
                                                               rng.choice((1, 2, None))))})
    started = time.perf_counter()
    pipe.execute()
    await wait_drained(client)
    took = time.perf_counter() - started

    def scalar(sql: str) -> int:
        return int(postgres.psql(sql, database=database) or 0)
    rated = scalar("SELECT count(*) FROM games WHERE rated AND variant = 'caro'")
    applied = scalar("SELECT sum(games) FROM ratings WHERE variant = 'caro'")
    history = scalar("SELECT count(*) FROM rating_history WHERE variant = 'caro'")
    ok = rated == count and applied == history == 2 * count
    return (f"| rating storm: {count} rated game ends at once | {rated} games, {applied} "
            f"rating updates, {history} history points | drained in {took:.1f} s | - | "
            f"exactly once: {'yes' if ok else 'NO'} |")


def outbox(client: redis.Redis) -> str:
    """The outbox stream of the bench's database (the nodes created it at start)."""
    (key,) = client.keys(OUTBOX_PREFIX + "*")
    return key


async def wait_drained(client: redis.Redis) -> None:
    """Until the nodes' consumers have archived every outbox entry (bounded)."""
    deadline = time.monotonic() + DRAIN_TIMEOUT_S
    for _ in range(int(DRAIN_TIMEOUT_S / 0.05)):
        if not client.xlen(outbox(client)) or time.monotonic() > deadline:
            return
        await asyncio.sleep(0.05)


# --------------------------------------------------------------------------- main


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", type=int, choices=(1, 2, 3), action="append")
    parser.add_argument("--rate", type=int, default=1000, help="games ending per minute (1)")
    parser.add_argument("--seconds", type=int, default=30, help="how long they end (1)")
    parser.add_argument("--games", type=int, default=100_000, help="archived games (2)")
    parser.add_argument("--requests", type=int, default=300, help="reads of each kind (2)")
    args = parser.parse_args()
    scenarios = args.scenario or [1, 2, 3]
    postgres = PostgresServer.create().start()
    base_dir = Path(tempfile.mkdtemp(prefix="caro-bench-archive-"))
    redis_factory = RedisFactory(base_dir)
    servers = None
    rows = []
    try:
        redis_server = redis_factory.start()
        client = redis_server.client()
        url = postgres.create_database()
        database = url.rsplit("/", 1)[1]
        names = await bulk_load(url, args.games) if 2 in scenarios else []
        servers = ServerFactory(base_dir, redis_server.url)
        nodes = servers.start_many(["bench-1", "bench-2"],
                                   env=NODE_ENV | {"DATABASE_URL": url})
        if 1 in scenarios:
            rows.append(await archive_lag(nodes, client, postgres, database, args.rate,
                                          args.seconds))
        if 2 in scenarios:
            rows += await profile_reads(nodes[0].url, names, args.requests, args.games)
        if 3 in scenarios:
            rows.append(await rating_storm(nodes, client, postgres, database))
    finally:
        if servers is not None:
            servers.close()
        redis_factory.close()
        postgres.close()
    print("| what | n | p50 | p99 | target |")
    print("| --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    asyncio.run(main())
