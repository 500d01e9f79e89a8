"""The floor under issue 31's target: what a move costs a server that does nothing but move it.

Runs the servers of bench/floor_server.py (`bare`: aiohttp alone; `redis-py`: plus a commit and
pub/sub through redis-py; `protocol`: the same Redis work on two asyncio protocols; `node-io`:
through the node's own batcher, lane and fan-out)
one after another, each on a fresh `redis-server`, under scenario 1's shape of bench/load.py
(1,000 rooms of two players making a move a second per room, 500 spectators, a generator in
three processes on loopback), alternating their order every round. Prints, per server and
pooled over the rounds, the moves per second and the server's CPU per move (utime + stime
from /proc over a window once every socket is open), as bench/load.py prints the real node's.

    .venv/bin/python -m bench.floor                     # 2 rounds of 40 s runs
    .venv/bin/python -m bench.floor --rounds 1 --modes bare protocol
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from tests.conftest import REPO_ROOT, RedisServer, free_port

MODES = ("bare", "redis-py", "protocol", "node-io")
GENERATORS = 3
START_TIMEOUT_S = 30.0


def wait_listening(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline and process.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(f"the floor server on port {port} did not start")


def cpu_seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def run(mode: str, args: argparse.Namespace) -> tuple[float, float]:
    """One run of `mode`: (moves per second, server CPU ms per move) in the measuring window."""
    with tempfile.TemporaryDirectory(prefix="caro-floor-") as workdir:
        redis_server = RedisServer(port=free_port(), directory=Path(workdir)).start()
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "bench.floor_server", mode, str(port),
             str(redis_server.port)], cwd=REPO_ROOT, stdout=subprocess.DEVNULL)
        try:
            wait_listening(port, server)
            window = (args.warmup, args.duration - 2.0)
            games = args.games // GENERATORS
            clients = [subprocess.Popen(
                [sys.executable, "-m", "bench.floor_client", str(port), str(games),
                 str(args.spectators // GENERATORS), str(args.duration), str(window[0]),
                 str(window[1]), str(n * games), str(n)],
                cwd=REPO_ROOT, stdout=subprocess.PIPE, text=True) for n in range(GENERATORS)]
            measured = psutil.Process(server.pid)
            time.sleep(window[0])
            before = cpu_seconds(measured)
            time.sleep(window[1] - window[0])
            cpu = cpu_seconds(measured) - before
            moves = sum(int(client.communicate()[0].split()[-1]) for client in clients)
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    seconds = window[1] - window[0]
    return moves / seconds, cpu * 1000 / max(moves, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--duration", type=float, default=40.0)
    parser.add_argument("--warmup", type=float, default=15.0,
                        help="seconds before the CPU window opens (sockets opening)")
    args = parser.parse_args(argv)
    results: dict[str, list[tuple[float, float]]] = {mode: [] for mode in args.modes}
    print("| round | server | moves/s | server CPU ms per move |")
    print("|---|---|---|---|")
    for round_no in range(1, args.rounds + 1):
        order = args.modes if round_no % 2 else list(reversed(args.modes))
        for mode in order:
            rate, per_move = run(mode, args)
            results[mode].append((rate, per_move))
            print(f"| {round_no} | {mode} | {rate:.0f} | {per_move:.3f} |", flush=True)
    print("\n| server | moves/s | server CPU ms per move (mean of rounds) |")
    print("|---|---|---|")
    for mode, runs in results.items():
        rates, costs = zip(*runs, strict=True)
        print(f"| {mode} | {sum(rates) / len(rates):.0f} | {sum(costs) / len(costs):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
