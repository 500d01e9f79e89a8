"""The system under load: Redis, server nodes and (for two nodes) nginx, on loopback, plus
what the benchmark reads from them (RSS and CPU by psutil, event-loop lag from /metrics).

The processes are the test harness's (tests/conftest.py: `RedisServer`, `ServerNode`, `Nginx`,
the loopback rewrite of deploy/nginx.conf), so the benchmark runs exactly what the tests run.
"""

from __future__ import annotations

import collections
import json
import logging
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import redis
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import (
    NGINX_CONFIG,
    REPO_ROOT,
    Nginx,
    RedisServer,
    ServerNode,
    free_port,
    loopback_nginx_config,
)

log = logging.getLogger(__name__)

METRICS_TIMEOUT_S = 60.0


@dataclass
class Cluster:
    """Redis + nodes (+ nginx, in front of which the nodes run with TRUST_PROXY as in
    docker-compose, so per-IP limits see the generators' addresses). Requests and sockets go
    through nginx when there is one."""

    redis: RedisServer | None = None
    nodes: list[ServerNode] = field(default_factory=list)
    lb: Nginx | None = None
    external_urls: tuple[str, ...] = ()
    external_pids: tuple[int, ...] = ()

    @property
    def node_urls(self) -> tuple[str, ...]:
        return tuple(node.url for node in self.nodes) or self.external_urls

    @property
    def http_urls(self) -> tuple[str, ...]:
        return (self.lb.url,) if self.lb is not None else self.node_urls

    @property
    def ws_urls(self) -> tuple[str, ...]:
        urls = (self.lb.url,) if self.lb is not None else self.node_urls
        return tuple(url.replace("http://", "ws://", 1) for url in urls)

    def server_pids(self) -> list[int]:
        pids = [n.process.pid for n in self.nodes if n.process is not None]
        return pids or list(self.external_pids)

    def redis_pids(self) -> list[int]:
        return [self.redis.process.pid] if self.redis and self.redis.process else []

    def lb_pids(self) -> list[int]:
        return [self.lb.process.pid] if self.lb and self.lb.process else []

    def stop(self) -> None:
        for part in (self.lb, *self.nodes, self.redis):
            if part is not None:
                part.stop()


def start_cluster(workdir: Path, nodes: int, env: dict[str, str], root: Path = REPO_ROOT,
                  python: str = sys.executable) -> Cluster:
    """Redis and `nodes` nodes running the server found in `root` (another revision's checkout
    for `--compare`) with `python`."""
    workdir.mkdir(parents=True, exist_ok=True)
    cluster = Cluster()
    try:
        redis_dir = workdir / "redis"
        redis_dir.mkdir(exist_ok=True)
        cluster.redis = RedisServer(port=free_port(), directory=redis_dir).start()
        node_env = env | ({"TRUST_PROXY": "1"} if nodes == 2 else {}) | {"PYTHONPATH": str(root)}
        for n in range(1, nodes + 1):
            node = ServerNode(node_id=f"server-{n}", port=free_port(),
                              redis_url=cluster.redis.url,
                              log_path=workdir / f"server-{n}.log", extra_env=node_env,
                              cwd=root, python=python)
            cluster.nodes.append(node.start())
        if nodes == 2:
            prefix = workdir / "nginx"
            prefix.mkdir(exist_ok=True)
            port = free_port()
            config = loopback_nginx_config(
                NGINX_CONFIG.read_text(),
                {f"server-{n + 1}": node.port for n, node in enumerate(cluster.nodes)}, port)
            cluster.lb = Nginx(prefix=prefix, config=config, port=port).start()
    except BaseException:
        cluster.stop()
        raise
    return cluster


def warm_ai(http_url: str, timeout_s: float = 300.0) -> float:
    """Wait until the node's AI answers (an AI-vs-AI tic-tac-toe demo has two moves; it ends
    by itself within seconds): the workers start and warm up at boot, and after an engine
    change compile it (numba), which must not count as load. Returns the seconds it took."""
    started = time.monotonic()
    request = urllib.request.Request(
        f"{http_url}/api/rooms", data=json.dumps({"variant": "tictactoe", "opponent": "ai_vs_ai",
                                                   "ai_level": 1}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=METRICS_TIMEOUT_S) as response:
        room_id = json.load(response)["room_id"]
    while time.monotonic() - started < timeout_s:
        with urllib.request.urlopen(f"{http_url}/api/rooms/{room_id}",
                                    timeout=METRICS_TIMEOUT_S) as response:
            if len(json.load(response)["moves"]) >= 2:
                return time.monotonic() - started
        time.sleep(0.5)
    raise RuntimeError(f"the AI of {http_url} did not move within {timeout_s:.0f} s")


def redis_calls(cluster: Cluster) -> collections.Counter[str]:
    """Commands Redis has run so far, by name (INFO commandstats; empty for --url runs)."""
    if cluster.redis is None:
        return collections.Counter()
    client = redis.Redis.from_url(cluster.redis.url)
    try:
        stats = client.info("commandstats")
    finally:
        client.close()
    return collections.Counter({name.removeprefix("cmdstat_"): int(entry["calls"])
                                for name, entry in stats.items()})


def _family(pid: int, children: bool) -> list[psutil.Process]:
    try:
        process = psutil.Process(pid)
        return process.children(recursive=True) if children else [process]
    except psutil.NoSuchProcess:
        return []


def cpu_seconds(pids: list[int], children: bool = False) -> float:
    """User + system CPU time of the processes (or of all their descendants)."""
    total = 0.0
    for pid in pids:
        for process in _family(pid, children):
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                continue
    return total


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            total += psutil.Process(pid).memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total


def node_histograms(url: str, names: tuple[str, ...]) -> dict[str, dict[float, int]]:
    """The node's cumulative buckets of each histogram in `names` (e.g.
    `caro_event_loop_lag_seconds`), from one scrape of /metrics: name -> upper bound -> count
    (empty when an overloaded node does not answer in time)."""
    try:
        with urllib.request.urlopen(f"{url}/metrics", timeout=METRICS_TIMEOUT_S) as response:
            text = response.read().decode()
    except OSError as exc:
        log.warning("no /metrics from %s: %r", url, exc)
        return {name: {} for name in names}
    histograms: dict[str, dict[float, int]] = {name: {} for name in names}
    for family in text_string_to_metric_families(text):
        if family.name in histograms:
            histograms[family.name] = {
                float(sample.labels["le"]): int(sample.value)
                for sample in family.samples if sample.name.endswith("_bucket")}
    return histograms


def bucket_quantile(before: dict[float, int], after: dict[float, int], q: float) -> float | None:
    """Upper bound (seconds) of the bucket holding quantile `q` of the samples taken between
    two scrapes; None without samples."""
    if not before or not after:
        return None
    bounds = sorted(after)
    deltas = [after[b] - before.get(b, 0) for b in bounds]
    total = deltas[-1] if deltas else 0
    if total <= 0:
        return None
    for bound, cumulative in zip(bounds, deltas, strict=True):
        if cumulative >= q * total:
            return bound
    return bounds[-1]
