"""The cost of a move: drive 1, 2 and 3 server nodes to saturation and print what a move costs.

For each node count: a Redis (or with `--cluster` a Redis Cluster of three masters and three
replicas, tests/redis_cluster.py) and the nodes on loopback (no load balancer: the generators
spread games round robin over the nodes, both players of a game on one node, spectators on the
next), then steps of rising offered load — the same `--games` games with a shorter think time
each step (offered moves/s ~ games / think) — each played for `--duration` seconds by the load
generator of bench/load.py (real `websockets` players, latency = mover sends -> opponent gets the
`move` event). Per step it reads:

- node CPU time per move: utime + stime of the node processes (/proc/<pid>/stat, AI workers
  not included) over the step / moves;
- Redis CPU time per move: INFO cpu `used_cpu_sys` + `used_cpu_user` delta / moves, summed
  over every redis-server (on a cluster the replicas too: replication is part of the cost);
- Redis commands per move: INFO commandstats calls delta / moves, of the masters only (a
  replica replays its master's writes); bytes per move: INFO stats `total_net_input_bytes` +
  `total_net_output_bytes` delta / moves, every redis-server (replication traffic included);
- the machine's load average (the load generator runs on the same machine).

Capacity is the highest measured moves/s of a step with p99 <= 50 ms. A node count stops
stepping once a step misses that (or serves less than 80% of what it was offered), unless
`--all-steps` (CPU per move at higher rates on a machine too busy to meet the p99). Bounded:
every step has a fixed duration, and there are at most `--rates` steps per node count.

    .venv/bin/python -m bench.capacity                          # 1, 2, 3 nodes
    .venv/bin/python -m bench.capacity --nodes 1 --rates 250,500,1000 --duration 10
    .venv/bin/python -m bench.capacity --cluster                # the same on a 3-shard cluster

docs/performance.md has the measured table and what it means for sizing.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.load import merge, raise_open_files_limit, split
from bench.load_cluster import Cluster
from bench.load_worker import WorkerPlan, run_worker
from bench.stats import percentile
from tests.conftest import RedisServer, ServerNode, free_port
from tests.redis_cluster import RedisClusterProcesses

log = logging.getLogger("bench.capacity")

P99_LIMIT_MS = 50.0
SERVED_FLOOR = 0.8          # a step serving less than this share of its offer is saturated
SETUP_TIMEOUT_S = 600.0
RESULT_GRACE_S = 120.0
TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu_s(pid: int) -> float:
    """utime + stime of one process (not its children), from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # fields 14 and 15 of the whole line


@dataclass(slots=True, frozen=True)
class RedisCounters:
    """What Redis has done so far: CPU seconds, commands, network bytes."""

    cpu_s: float
    calls: Counter[str]  # by command name
    net_bytes: int

    @classmethod
    def read(cls, servers: list[RedisServer]) -> RedisCounters:
        """Summed over `servers`; commands of the masters only."""
        cpu_s, calls, net_bytes = 0.0, Counter[str](), 0
        for server in servers:
            with server.client() as client:
                cpu, stats = client.info("cpu"), client.info("stats")
                if client.info("replication")["role"] == "master":
                    calls.update({name.removeprefix("cmdstat_"): int(entry["calls"])
                                  for name, entry in client.info("commandstats").items()})
            cpu_s += float(cpu["used_cpu_sys"]) + float(cpu["used_cpu_user"])
            net_bytes += int(stats["total_net_input_bytes"]) + int(stats["total_net_output_bytes"])
        return cls(cpu_s, calls, net_bytes)

    def __sub__(self, other: RedisCounters) -> RedisCounters:
        return RedisCounters(self.cpu_s - other.cpu_s, self.calls - other.calls,
                             self.net_bytes - other.net_bytes)


@dataclass(slots=True, frozen=True)
class Step:
    """One step's measurements."""

    nodes: int
    redis: str           # "1" (a single Redis) or "3+3" (a cluster's masters + replicas)
    offered: float       # moves/s the generator would make with instant replies
    served: float        # moves/s measured
    p99_ms: float
    errors: int
    node_cpu_ms: float   # per move, all nodes
    redis_cpu_ms: float  # per move
    redis_calls: float   # per move
    busiest: str         # the commands most run, per move
    redis_bytes: float   # per move
    node_share: float    # share of one core, all nodes
    generator_share: float
    load: float          # 1-minute load average at the end of the step

    @property
    def ok(self) -> bool:
        return self.p99_ms <= P99_LIMIT_MS and self.served >= SERVED_FLOOR * self.offered


@dataclass
class Deployment:
    """The redis-servers (one, or a cluster's six) and the nodes in front of them."""

    servers: list[RedisServer]
    nodes: Cluster
    stop_redis: Callable[[], None]
    kind: str

    def stop(self) -> None:
        self.nodes.stop()
        self.stop_redis()


def start(workdir: Path, nodes: int, cluster: bool) -> Deployment:
    """A Redis (or a Redis Cluster) and `nodes` nodes on loopback, without a load balancer."""
    if cluster:
        processes = RedisClusterProcesses.start(workdir)
        servers, url, stop_redis, kind = processes.servers, processes.url, processes.stop, "3+3"
    else:
        single = RedisServer(port=free_port(), directory=workdir).start()
        servers, url, stop_redis, kind = [single], single.url, single.stop, "1"
    deployment = Deployment(servers, Cluster(), stop_redis, kind)
    try:
        env = {"AI_WORKERS": "1", "LOG_LEVEL": "WARNING", "ANALYSIS_WORKERS": "1",
               "ROOM_CREATIONS_PER_MINUTE": "0"}
        for n in range(1, nodes + 1):
            deployment.nodes.nodes.append(ServerNode(
                node_id=f"server-{n}", port=free_port(), redis_url=url,
                log_path=workdir / f"server-{n}.log", extra_env=env).start())
    except BaseException:
        deployment.stop()
        raise
    return deployment


def step(deployment: Deployment, args: argparse.Namespace, rate: float,
         first_worker: int) -> Step:
    """Play `args.games` games at think time games / rate for `args.duration` seconds."""
    think = args.games / rate
    cluster = deployment.nodes
    context = multiprocessing.get_context("spawn")
    ready, results, go = context.Queue(), context.Queue(), context.Event()
    # Worker indexes pick the loopback source addresses: new ones each step.
    plans = [WorkerPlan(index=first_worker + i, http_urls=cluster.http_urls,
                        ws_urls=cluster.ws_urls, games=g, spectators=s, ai_games=0,
                        idle_sockets=0, think_s=think, duration_s=args.duration)
             for i, (g, s) in enumerate(zip(split(args.games, args.workers),
                                            split(args.spectators, args.workers), strict=True))]
    workers = [context.Process(target=run_worker, args=(plan, ready, go, results))
               for plan in plans]
    for worker in workers:
        worker.start()
    try:
        for _ in workers:
            ready.get(timeout=SETUP_TIMEOUT_S)
        pids = cluster.server_pids()
        node_before = sum(process_cpu_s(pid) for pid in pids)
        redis_before = RedisCounters.read(deployment.servers)
        go.set()
        began = time.monotonic()
        time.sleep(args.duration)
        elapsed = time.monotonic() - began
        node_cpu = sum(process_cpu_s(pid) for pid in pids) - node_before
        used = RedisCounters.read(deployment.servers) - redis_before
        load = os.getloadavg()[0]
        tally = merge([results.get(timeout=RESULT_GRACE_S) for _ in workers])
    finally:
        for worker in workers:
            worker.join(timeout=5)
            if worker.is_alive():
                worker.kill()
    moves = max(tally.moves, 1)
    return Step(len(cluster.nodes), deployment.kind, rate, tally.moves / elapsed,
                percentile(tally.latencies_ms, .99) if tally.latencies_ms else float("inf"),
                tally.error_count, node_cpu / moves * 1000, used.cpu_s / moves * 1000,
                used.calls.total() / moves,
                ", ".join(f"{name} {n / moves:.2f}" for name, n in used.calls.most_common(6)),
                used.net_bytes / moves, node_cpu / elapsed,
                tally.cpu_s / args.duration, load)


def run(args: argparse.Namespace) -> list[Step]:
    steps: list[Step] = []
    first_worker = 0
    for nodes in args.nodes:
        workdir = Path(tempfile.mkdtemp(prefix="caro-capacity-"))
        log.info("%d node(s), Redis%s in %s", nodes, " Cluster" if args.cluster else "", workdir)
        deployment = start(workdir, nodes, args.cluster)
        try:
            for rate in args.rates:
                result = step(deployment, args, rate, first_worker)
                first_worker += args.workers
                log.info("%s", result)
                steps.append(result)
                if not result.ok and not args.all_steps:
                    break
        finally:
            deployment.stop()
    return steps


def table(steps: list[Step]) -> str:
    header = ("| nodes | redis | offered /s | served /s | p99 ms | errors | node CPU ms/move "
              "| Redis CPU ms/move | Redis cmds/move | Redis bytes/move | nodes' cores "
              "| generator cores | load avg |")
    lines = [header, "|" + "|".join("---" for _ in range(header.count("|") - 1)) + "|"]
    for s in steps:
        lines.append(
            f"| {s.nodes} | {s.redis} | {s.offered:.0f} | {s.served:.0f} | {s.p99_ms:.1f} "
            f"| {s.errors} "
            f"| {s.node_cpu_ms:.3f} | {s.redis_cpu_ms:.3f} | {s.redis_calls:.2f} "
            f"| {s.redis_bytes:.0f} | {s.node_share:.2f} | {s.generator_share:.2f} "
            f"| {s.load:.1f} |")
    lines.append("")
    for nodes in sorted({s.nodes for s in steps}):
        within = [s for s in steps if s.nodes == nodes and s.ok]
        best = max(within, key=lambda s: s.served, default=None)
        lines.append(f"{nodes} node(s): capacity "
                     + (f"{best.served:.0f} moves/s (p99 {best.p99_ms:.1f} ms)" if best
                        else f"below the first step (p99 > {P99_LIMIT_MS:g} ms)"))
    lines.append(f"{os.cpu_count()} cores, shared with the load generator and other users "
                 "(load average per row); redis: 1 = a single Redis, 3+3 = a Redis Cluster "
                 "(commands: masters; CPU and bytes: all six)")
    lines += ["", "Busiest Redis commands per move:"]
    lines += [f"- {s.nodes} node(s), redis {s.redis}, {s.offered:.0f}/s: {s.busiest}"
              for s in steps]
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=lambda s: [int(n) for n in s.split(",")],
                        default=[1, 2, 3], help="node counts, e.g. 1,2,3")
    parser.add_argument("--rates", type=lambda s: [float(r) for r in s.split(",")],
                        default=[250, 500, 1000, 1500, 2000, 3000],
                        help="offered moves/s of the steps, rising")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per step")
    parser.add_argument("--workers", type=int, default=3, help="generator processes")
    parser.add_argument("--all-steps", action="store_true",
                        help="play every step, also after one missed p99 <= 50 ms")
    parser.add_argument("--cluster", action="store_true",
                        help="a Redis Cluster of three masters and three replicas")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    args = parse_args(argv)
    raise_open_files_limit()
    print(table(run(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
