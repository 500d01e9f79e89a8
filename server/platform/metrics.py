"""The node's Prometheus metrics (docs/protocol.md §7), on the `prometheus_client` library.

Each `ArenaMetrics` has its own registry, so several nodes in one test process do not share
counters. `LoopLagMonitor` samples how late the event loop wakes up: the number that says
whether AI searches or anything else block the loop; `GcPauseMonitor` times garbage collections.
"""

from __future__ import annotations

import asyncio
import time

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
)
from prometheus_client.exposition import generate_latest

# `*_created` timestamps would double the scrape for no reader of ours.
disable_created_metrics()

# Bucket bounds (seconds) of the histograms of the node's stalls: the loop-lag target is 10 ms.
PAUSE_BUCKETS_S = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5)


class CountedBy:
    """A counter of one label whose children are kept by label value. `labels()` takes a lock
    and builds a key on every call (2.9 µs with the increment, against 0.6 µs for the increment
    alone on this machine), and every move and every command is counted (issue 31)."""

    def __init__(self, counter: Counter) -> None:
        self.counter = counter
        self._children: dict[str, Counter] = {}

    def inc(self, value: str) -> None:
        child = self._children.get(value)
        if child is None:
            child = self._children[value] = self.counter.labels(value)
        child.inc()


class ArenaMetrics:
    """Every metric the server exports (docs/protocol.md §7)."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        registry = self.registry
        self.connections = Gauge("caro_ws_connections", "open WebSocket connections",
                                 registry=registry)
        self.rooms = Gauge("caro_rooms", "rooms with a socket on this node, by status",
                           ["status"], registry=registry)
        self.moves = CountedBy(Counter("caro_moves", "moves applied by this node", ["by"],
                                       registry=registry))
        self.commands = CountedBy(Counter("caro_commands", "commands received, by type",
                                          ["type"], registry=registry))
        self.errors = Counter("caro_errors", "commands refused, by error code", ["code"],
                              registry=registry)
        self.unreplicated_commits = Counter(
            "caro_unreplicated_commits", "commit batches a replica did not confirm within "
            "REDIS_WAIT_MS (a failover could lose them)", registry=registry)
        self.post_commit_failures = Counter(
            "caro_post_commit_failures", "bookkeeping after a commit (indexes, hooks) that "
            "failed; the command still succeeded and the step is retried", ["step"],
            registry=registry)
        self.ai_queue = Gauge("caro_ai_queue_depth", "AI searches waiting for a worker",
                              registry=registry)
        self.ai_busy = Gauge("caro_ai_busy_workers", "AI workers searching", registry=registry)
        self.ai_time = Histogram("caro_ai_move_seconds", "AI search wall time",
                                 buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10), registry=registry)
        self.board_searches = Counter("caro_board_searches",
                                      "analysis board searches, by how they ended", ["end"],
                                      registry=registry)
        self.board_waiting = Gauge("caro_board_searches_waiting",
                                   "analysis board searches waiting for their address's slot",
                                   registry=registry)
        self.ai_rebuilds = Counter("caro_ai_pool_rebuilds",
                                   "process pools rebuilt after a worker died", registry=registry)
        self.loop_lag = Histogram("caro_event_loop_lag_seconds", "event loop wake-up delay",
                                  buckets=PAUSE_BUCKETS_S, registry=registry)
        self.gc_pauses = Histogram("caro_gc_pause_seconds",
                                   "garbage collections (the whole process stops)",
                                   buckets=PAUSE_BUCKETS_S, registry=registry)
        self.timer_fires = Counter("caro_timer_fires", "timers acted on, by kind", ["kind"],
                                   registry=registry)
        self.archived = Counter("caro_archived_games",
                                "finished games this node wrote to the SQL archive",
                                registry=registry)
        self.archive_failures = Counter("caro_archive_failures",
                                        "archive writes that failed (retried later)",
                                        registry=registry)
        self.archive_lag = Histogram("caro_archive_lag_seconds",
                                     "from a game's end to its archive commit",
                                     buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30),
                                     registry=registry)
        self.notifications = Counter("caro_notifications",
                                     "notifications this node published, by kind", ["kind"],
                                     registry=registry)
        self.player_sockets = Gauge("caro_player_sockets",
                                    "open notification sockets (/ws/me) on this node",
                                    registry=registry)
        self.puzzle_games = Counter("caro_puzzle_games_mined",
                                    "archived games this node mined for puzzles",
                                    registry=registry)
        self.puzzles_mined = Counter("caro_puzzles_mined",
                                     "new puzzles this node found in archived games, by variant",
                                     ["variant"], registry=registry)

    def render(self) -> bytes:
        """The text exposition of every metric, for `GET /metrics`."""
        return generate_latest(self.registry)


class GcPauseMonitor:
    """Times each garbage collection: a full collection of a node with thousands of sockets
    stops every room at once, which the loop-lag histogram shows but cannot explain."""

    def __init__(self, histogram: Histogram) -> None:
        self.histogram = histogram
        self._started = 0.0

    def __call__(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.histogram.observe(time.perf_counter() - self._started)


class LoopLagMonitor:
    """Sleeps `interval_s` in a loop and records how much later than asked it woke up."""

    def __init__(self, histogram: Histogram, interval_s: float = 0.1) -> None:
        self.histogram = histogram
        self.interval_s = interval_s

    async def run(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(self.interval_s)
            self.histogram.observe(max(0.0, time.perf_counter() - started - self.interval_s))
