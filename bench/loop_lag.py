"""Event-loop lag of a game server whose AI pool is saturated.

Runs the real server app (aiohttp, Redis, AI process pool) inside this process, so a sampler
task on the same event loop sees exactly the loop the server runs on. Phase 1 measures the idle
loop; phase 2 opens enough AI-vs-AI rooms (full-strength searches, no pause between moves) to keep
every AI worker busy and more searches waiting, with a WebSocket spectator in each room, and
measures again. Prints the lag table (target: p99 <= 10 ms while saturated).

    .venv/bin/python -m bench.loop_lag [--seconds 10] [--workers N] [--rooms-per-worker 2]
        [--redis-url redis://...]   (default: a private redis-server on a free port)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace

import aiohttp
import websockets
from aiohttp import web

from bench.stats import percentile
from server.app import create_app
from server.platform.settings import Settings
from server.play.arena import ARENA

SAMPLE_INTERVAL_S = 0.005
TARGET_P99_MS = 10.0
WARM_UP_LIMIT_S = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def private_redis():
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-server not found; pass --redis-url")
    port = free_port()
    with tempfile.TemporaryDirectory() as directory:
        process = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", directory],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(timeout=10)


async def sample_lag(seconds: float) -> list[float]:
    """Sleep SAMPLE_INTERVAL_S repeatedly; each sample is how late the loop woke (ms)."""
    lags = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        await asyncio.sleep(SAMPLE_INTERVAL_S)
        lags.append((time.perf_counter() - started - SAMPLE_INTERVAL_S) * 1000)
    return lags


async def spectate(ws_url: str, counter: list[int], warmed: asyncio.Event,
                   target: int) -> None:
    """Watch a room, counting AI moves; `warmed` is set once `target` moves were seen."""
    async with websockets.connect(ws_url) as socket_:
        await socket_.send(json.dumps({"type": "hello", "watch": True}))
        async for raw in socket_:
            if json.loads(raw)["type"] == "move":
                counter[0] += 1
                if counter[0] >= target:
                    warmed.set()


def row(name: str, lags: list[float], extra: str) -> str:
    p99 = percentile(lags, 0.99)
    return (f"| {name:<22} | {len(lags):>7} | {statistics.median(lags):>8.2f} | {p99:>8.2f} "
            f"| {max(lags):>8.2f} | {p99 / TARGET_P99_MS:>9.2f} | {extra:<28} |")


async def run(args: argparse.Namespace, redis_url: str) -> None:
    settings = replace(Settings.from_env({}), redis_url=redis_url, ai_workers=args.workers,
                       ai_max_time_ms=0, ai_pace_ms=0, log_level="WARNING")
    runner = web.AppRunner(create_app(settings))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    base = f"http://127.0.0.1:{port}"
    arena = runner.app[ARENA]
    rows = [row("idle", await sample_lag(args.seconds), "no rooms (machine noise)")]

    moves = [0]
    warmed = asyncio.Event()
    spectators = []
    rooms = args.workers * args.rooms_per_worker
    async with aiohttp.ClientSession() as session:
        for _ in range(rooms):
            async with session.post(f"{base}/api/rooms", json={
                    "variant": "gomoku", "opponent": "ai_vs_ai", "ai_level": 5}) as response:
                room = await response.json()
            spectators.append(asyncio.create_task(
                spectate(f"ws://127.0.0.1:{port}/ws/{room['room_id']}", moves, warmed,
                         rooms)))
    with contextlib.suppress(TimeoutError):  # until the workers are warm and moves flow
        await asyncio.wait_for(warmed.wait(), WARM_UP_LIMIT_S)
    depth = []

    async def watch_queue() -> None:
        while True:
            depth.append(arena.pool.queue_depth)
            await asyncio.sleep(0.1)

    watcher = asyncio.create_task(watch_queue())
    started_moves = moves[0]
    lags = await sample_lag(args.seconds)
    watcher.cancel()
    rows.append(row("AI pool saturated", lags,
                    f"{rooms} rooms, queue {min(depth)}..{max(depth)}, "
                    f"{moves[0] - started_moves} moves"))
    for task in spectators:
        task.cancel()
    await asyncio.gather(*spectators, return_exceptions=True)
    await runner.cleanup()

    print(f"\nEvent-loop lag, {args.workers} AI worker(s), {os.cpu_count()} CPU(s), "
          f"sampling every {SAMPLE_INTERVAL_S * 1000:.0f} ms (target p99 <= {TARGET_P99_MS} ms)\n")
    print("| phase                  | samples | median ms |   p99 ms |   max ms | p99/target "
          "| load                         |")
    print("|------------------------|---------|-----------|----------|----------|-----------"
          "|------------------------------|")
    for line in rows:
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--rooms-per-worker", type=int, default=2)
    parser.add_argument("--redis-url")
    args = parser.parse_args()
    if args.redis_url:
        asyncio.run(run(args, args.redis_url))
    else:
        with private_redis() as url:
            asyncio.run(run(args, url))


if __name__ == "__main__":
    main()
