"""Prometheus metrics in the text exposition format, by hand (no extra dependency).

A `Registry` holds counters, gauges and histograms (optionally labelled) and renders them for
`GET /metrics`. `LoopLagMonitor` samples how late the event loop wakes up: the number that says
whether AI searches or anything else block the loop.
"""

from __future__ import annotations

import asyncio
import bisect
import time
from collections import defaultdict
from collections.abc import Callable
from typing import TypeVar

Labels = tuple[tuple[str, str], ...]
M = TypeVar("M", bound="Metric")


def _labels(labels: Labels) -> str:
    if not labels:
        return ""
    inner = ",".join(f'{key}="{value}"' for key, value in labels)
    return "{" + inner + "}"


class Metric:
    kind = "untyped"

    def __init__(self, name: str, help_text: str) -> None:
        self.name = name
        self.help = help_text

    def samples(self) -> list[str]:
        raise NotImplementedError

    def render(self) -> str:
        lines = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} {self.kind}"]
        return "\n".join(lines + self.samples())


class Counter(Metric):
    kind = "counter"

    def __init__(self, name: str, help_text: str) -> None:
        super().__init__(name, help_text)
        self.values: dict[Labels, float] = defaultdict(float)

    def inc(self, amount: float = 1.0, **labels: str) -> None:
        self.values[tuple(sorted(labels.items()))] += amount

    def samples(self) -> list[str]:
        return [f"{self.name}{_labels(k)} {v:g}" for k, v in sorted(self.values.items())]


class Gauge(Metric):
    """A value read when rendered (`source`), or set by hand."""

    kind = "gauge"

    def __init__(self, name: str, help_text: str,
                 source: Callable[[], dict[Labels, float] | float] | None = None) -> None:
        super().__init__(name, help_text)
        self.source = source
        self.values: dict[Labels, float] = {}

    def set(self, value: float, **labels: str) -> None:
        self.values[tuple(sorted(labels.items()))] = value

    def samples(self) -> list[str]:
        values = self.values
        if self.source is not None:
            read = self.source()
            values = read if isinstance(read, dict) else {(): read}
        return [f"{self.name}{_labels(k)} {v:g}" for k, v in sorted(values.items())]


class Histogram(Metric):
    kind = "histogram"

    def __init__(self, name: str, help_text: str, buckets: tuple[float, ...]) -> None:
        super().__init__(name, help_text)
        self.buckets = buckets
        self.counts = [0] * (len(buckets) + 1)
        self.total = 0.0
        self.count = 0

    def observe(self, value: float) -> None:
        self.counts[bisect.bisect_left(self.buckets, value)] += 1
        self.total += value
        self.count += 1

    def samples(self) -> list[str]:
        lines, cumulative = [], 0
        for bound, count in zip((*self.buckets, float("inf")), self.counts, strict=True):
            cumulative += count
            le = "+Inf" if bound == float("inf") else f"{bound:g}"
            lines.append(f'{self.name}_bucket{{le="{le}"}} {cumulative}')
        lines += [f"{self.name}_sum {self.total:g}", f"{self.name}_count {self.count}"]
        return lines


class Registry:
    def __init__(self) -> None:
        self.metrics: list[Metric] = []

    def add(self, metric: M) -> M:
        self.metrics.append(metric)
        return metric

    def render(self) -> str:
        return "\n".join(metric.render() for metric in self.metrics) + "\n"


# Bucket bounds (seconds) of the histograms of the node's stalls: the loop-lag target is 10 ms.
PAUSE_BUCKETS_S = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5)


class ArenaMetrics:
    """Every metric the server exports (docs/protocol.md §7)."""

    def __init__(self) -> None:
        self.registry = Registry()
        add = self.registry.add
        self.connections = add(Gauge("caro_ws_connections", "open WebSocket connections"))
        self.rooms = add(Gauge("caro_rooms", "rooms with a socket on this node, by status"))
        self.moves = add(Counter("caro_moves_total", "moves applied by this node"))
        self.commands = add(Counter("caro_commands_total", "commands received, by type"))
        self.errors = add(Counter("caro_errors_total", "commands refused, by error code"))
        self.ai_queue = add(Gauge("caro_ai_queue_depth", "AI searches waiting for a worker"))
        self.ai_busy = add(Gauge("caro_ai_busy_workers", "AI workers searching"))
        self.ai_time = add(Histogram("caro_ai_move_seconds", "AI search wall time",
                                     (0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10)))
        self.ai_rebuilds = add(Counter("caro_ai_pool_rebuilds_total",
                                       "process pools rebuilt after a worker died"))
        self.loop_lag = add(Histogram("caro_event_loop_lag_seconds", "event loop wake-up delay",
                                      PAUSE_BUCKETS_S))
        self.gc_pauses = add(Histogram("caro_gc_pause_seconds",
                                       "garbage collections (the whole process stops)",
                                       PAUSE_BUCKETS_S))
        self.timer_fires = add(Counter("caro_timer_fires_total", "timers acted on, by kind"))
        self.archived = add(Counter("caro_archived_games_total",
                                    "finished games this node wrote to the SQL archive"))
        self.archive_failures = add(Counter("caro_archive_failures_total",
                                            "archive writes that failed (retried later)"))
        self.archive_lag = add(Histogram("caro_archive_lag_seconds",
                                         "from a game's end to its archive commit",
                                         (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30)))


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
