"""Pairing latency of the rated pool (issue 27): 2,000 players queueing in one pool.

Runs the pool's real pairing (server/pool/runner.py: the store's scripts on a real Redis, the
pure pairing, the rated rooms made through the room service) on a clock this script moves
(server/platform/clock.py): players arrive at random (Poisson, --rate a second) with ratings
from a bell curve (mean 1500, --spread), every page asks as a waiting page does, and a wave runs
every WAVE_S of that clock. So the waits are the pairing's own (what a player would see, less
the page's polling), the same on any machine, while each wave's own time is measured for real.

Prints per arrival rate: players paired, the wait from joining to the pairing (median, p90,
max), the rating gap of the pairs (median, p90, max), and each wave's time (median, max: the
pairing itself and the rooms made).

    .venv/bin/python -m bench.pool     # 2,000 players at 2, 10, 50 a second, all at once
    .venv/bin/python -m bench.pool --players 2000 --rates 5 --spread 300
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import statistics
import tempfile
import time
from pathlib import Path

import redis.asyncio as redis

from bench.stats import percentile
from server.platform import clock
from server.platform.settings import Settings
from server.play.arena import build_arena
from server.pool.rooms import PoolRooms
from server.pool.runner import WAVE_S, PoolRunner
from server.pool.store import Member, Pairing, PoolStore
from tests.harness import RedisFactory

POOL = "caro-3+2"
OUTBOX = "archive:outbox:bench-pool"  # the database the bench's pools are of
BURST = 0.0  # a rate of 0: everyone at once


def arrivals(players: int, rate: float, spread: float, rng: random.Random
             ) -> list[tuple[float, int]]:
    """(arrival second, rating) of each player, in order of arrival."""
    at, made = 0.0, []
    for _ in range(players):
        if rate > 0:
            at += rng.expovariate(rate)
        made.append((at, round(rng.gauss(1500, spread))))
    return made


async def run(client: redis.Redis, players: int, rate: float, spread: float,
              seed: int) -> dict[str, float]:
    settings = Settings.from_env({"NODE_ID": "bench-pool", "AI_WORKERS": "1"})
    arena = build_arena(settings, client, OUTBOX)
    store = PoolStore(client, OUTBOX)
    await client.delete(*store.keys.values())
    runner = PoolRunner(store, PoolRooms(arena), "bench-pool")
    queue = arrivals(players, rate, spread, random.Random(seed))
    joined: dict[str, Member] = {}
    waits, gaps, wave_ms = [], [], []
    pairings: dict[str, Pairing] = {}
    start = int(time.time() * 1000)
    with clock.frozen(start) as now:
        for wave in range(1, 100_000):
            due = start + int(wave * WAVE_S * 1000)
            while queue and start + int(queue[0][0] * 1000) <= due:
                at, rating = queue.pop(0)
                member = Member(secrets.token_hex(12), f"b{len(joined)}", rating, False, POOL,
                                start + int(at * 1000))
                joined[member.player_id] = member
                await store.join(member, member.since)
            now.advance((due - clock.now_ms()) / 1000)
            waiting = await client.hkeys(store.keys["members"])
            if waiting:  # every waiting page asks (it keeps its place)
                await client.hset(store.keys["seen"], mapping=dict.fromkeys(waiting, due))
            if not await runner.lease.hold():
                raise RuntimeError("the bench's runner lost its lease")
            began = time.perf_counter()
            report = await runner.wave(due)
            if report.waiting:
                wave_ms.append((time.perf_counter() - began) * 1000)
            if report.paired:  # read now: a wave forgets pairings older than PAIRED_KEEP_MS
                for raw in (await client.hgetall(store.keys["paired"])).values():
                    made = Pairing.from_json(raw)
                    pairings[made.room_id] = made  # stored once per player: twice each
            if not queue and not await client.hlen(store.keys["members"]):
                break
            if not queue and report.paired == 0 and wave * WAVE_S > 3600:
                break  # the rest can never be paired
    for made in pairings.values():
        gaps.append(abs(made.seats[0].rating - made.seats[1].rating))
        waits += [(made.at - member.since) / 1000 for member in made.seats]
    await arena.pool.close()
    return {"paired": len(waits), "wait": waits, "gap": gaps, "wave_ms": wave_ms}


def row(label: str, result: dict) -> str:
    waits, gaps, waves = result["wait"], result["gap"], result["wave_ms"]
    return (f"| {label} | {result['paired']} | {statistics.median(waits):.1f} | "
            f"{percentile(waits, 0.9):.1f} | {max(waits):.1f} | {statistics.median(gaps):.0f} | "
            f"{percentile(gaps, 0.9):.0f} | {max(gaps)} | {statistics.median(waves):.0f} | "
            f"{max(waves):.0f} |")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rates", type=float, nargs="+", default=[2, 10, 50, BURST],
                        help="arrivals a second (0: all at once)")
    parser.add_argument("--spread", type=float, default=300, help="the ratings' deviation")
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        factory = RedisFactory(Path(directory))
        server = factory.start()
        client = redis.from_url(server.url, decode_responses=True)
        try:
            print(f"{args.players} players in one rated pool ({POOL}), ratings N(1500, "
                  f"{args.spread:.0f}), a wave every {WAVE_S:.0f} s; waits in seconds of the "
                  "pool's clock, wave times in real ms\n")
            print("| arrivals | paired | wait p50 | wait p90 | wait max | gap p50 | gap p90 | "
                  "gap max | wave p50 ms | wave max ms |")
            print("|---|---|---|---|---|---|---|---|---|---|")
            for rate in args.rates:
                result = await run(client, args.players, rate, args.spread, args.seed)
                label = "all at once" if rate == BURST else f"{rate:g}/s"
                print(row(label, result), flush=True)
        finally:
            await client.aclose()
            factory.close()


if __name__ == "__main__":
    asyncio.run(main())
