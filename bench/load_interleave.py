"""A background load switched on and off every few seconds within one run, each move counted in
the arm it overlapped (bench/load.py ``--interleave S``).

``--alternate`` compares half-minute runs with and without analyses; on a shared machine another
session's burst lands in one of them and the arms' p99 differ by more than any effect. Here the
background load is switched on for S seconds, off for S seconds, and so on, in one run. A move
(sent -> its opponent received it) counts as "with" when the background load ran all along it
and "without" when it ran at no moment of it (one that crosses a switch counts in neither); a
burst of the machine's other load then falls on both arms alike.

Two background loads: the node's own analyses (``--analyses N``: a move is "with" while an
analysis-board search is in flight, the only time the analysis workers run), and, as the
control, ``--burners N``: N plain busy loops in the analysis workers' scheduling class
(SCHED_IDLE, nice 15) and no analyses: what any CPU-bound background process costs the node on
this host, whatever its code."""

from __future__ import annotations

import bisect
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

from bench.load_clients import Tally
from bench.stats import percentile
from server.analysis.service import ANALYSIS_NICE
from server.platform.ai_pool import lower_priority

Interval = tuple[float, float]  # time.perf_counter() seconds: the same clock in every process
BURNER = "while True: pass"
QUANTILES = (.5, .95, .99)


class Switch:
    """Turns a background load on and off every ``period_s`` seconds from ``start()`` to
    ``stop()`` (on first), calling ``on_change(True|False)``; keeps the on-intervals."""

    def __init__(self, period_s: float, on_change: Callable[[bool], None]) -> None:
        self.period_s = period_s
        self.on_change = on_change
        self.on_intervals: list[Interval] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        on = True
        while True:
            self.on_change(on)
            began = time.perf_counter()
            stopped = self._stop.wait(self.period_s)
            if on:
                self.on_intervals.append((began, time.perf_counter()))
            if stopped:
                self.on_change(False)
                return
            on = not on


class Burners:
    """``count`` busy-loop processes at the analysis workers' priority (nice 15, SCHED_IDLE),
    stopped (SIGSTOP) while off."""

    def __init__(self, count: int) -> None:
        self._processes = [subprocess.Popen([sys.executable, "-c", BURNER],
                                            preexec_fn=_analysis_priority)
                           for _ in range(count)]
        self.set_running(False)

    def set_running(self, running: bool) -> None:
        for process in self._processes:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGCONT if running else signal.SIGSTOP)

    def close(self) -> None:
        for process in self._processes:
            process.kill()
            process.wait()


def _analysis_priority() -> None:
    """The analysis workers' priority (the pool of server/analysis/service.py)."""
    lower_priority(ANALYSIS_NICE, idle_class=True)


class Busy:
    """Sorted, merged intervals during which the background load ran; which arm a span is in."""

    def __init__(self, intervals: list[Interval]) -> None:
        merged: list[list[float]] = []
        for start, end in sorted(intervals):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self._starts = [start for start, _ in merged]
        self._ends = [end for _, end in merged]

    def arm(self, start: float, end: float) -> str | None:
        """"with" when [start, end] lies within one interval, "without" when it meets none,
        None when it crosses a border (so a long span, likelier to meet a border, is dropped
        from both arms alike instead of joining the "with" arm more often)."""
        index = bisect.bisect_right(self._starts, end) - 1
        if index < 0 or self._ends[index] < start:
            return "without"
        return "with" if self._starts[index] <= start and end <= self._ends[index] else None


def split_by(busy: Busy, sent_s: list[float], latencies_ms: list[float]
             ) -> tuple[list[float], list[float]]:
    """(latencies of the moves made while the load ran, of those made while it did not)."""
    arms: dict[str | None, list[float]] = {"with": [], "without": [], None: []}
    for sent, latency_ms in zip(sent_s, latencies_ms, strict=True):
        arms[busy.arm(sent, sent + latency_ms / 1000)].append(latency_ms)
    return arms["with"], arms["without"]


def compare(tally: Tally, intervals: list[Interval], what: str) -> str:
    """Both arms' human move latencies and their ratios. AI replies are left out: one lasts
    half a second or more (AI_THINK_MS), so few fit in one arm and those that do are the
    quick ones (``--alternate`` compares them)."""
    with_, without = split_by(Busy(intervals), tally.sent_s, tally.latencies_ms)
    lines = ["| arm | human moves | p50 / p95 / p99 ms |", "|---|---|---|"]
    for name, moves in ((f"with {what}", with_), (f"without {what}", without)):
        lines.append(f"| {name} | {len(moves)} | "
                     f"{' / '.join(f'{percentile(moves, q):.1f}' for q in QUANTILES)} |")
    ratios = ", ".join(f"p{round(q * 100)} {percentile(with_, q) / percentile(without, q):.2f}"
                       for q in QUANTILES)
    return "\n".join([*lines, "", f"with / without: {ratios}"])
