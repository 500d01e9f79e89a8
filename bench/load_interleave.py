"""Background loads switched on and off every few seconds within one run, each move counted in
the arm it overlapped (bench/load.py ``--interleave S``).

``--alternate`` compares half-minute runs with and without analyses; on a shared machine another
session's burst lands in one of them and the arms' p99 differ by more than any effect. Here the
background load is switched on for S seconds, off for S seconds, and so on, in one run. A move
(sent -> its opponent received it) counts as "with" when the background load ran all along it
and "without" when it ran at no moment of it (one that crosses a switch counts in neither); a
burst of the machine's other load then falls on both arms alike. With more than one load they
take turns, one at a time, with S seconds of none between (A, none, B, none, A, ...), so each
is compared with the same "without" arm of the same run; a move counts for a load when that
load ran all along it and no other at any moment of it. Switching analyses off waits for the
searches in flight to end (seconds on a busy machine) before the S seconds of none begin.

Three background loads: the node's own puzzle miner (``--miner``, bench/load_miner.py: the
low-priority job over archived games; a move is "with" while it is switched on, frozen
otherwise), the node's own analyses (``--analyses N``: a move is "with" while an analysis-board
search is in flight, the only time the analysis workers run), and, as the control,
``--burners N``: N plain busy loops in the analysis workers' scheduling class (SCHED_IDLE,
nice 15) and no analyses: what any CPU-bound background process costs the node on this host,
whatever its code."""

from __future__ import annotations

import bisect
import contextlib
import itertools
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
WITHOUT = "without any"


class Switch:
    """Turns background loads on one at a time for ``period_s`` seconds, with ``period_s``
    seconds of none between, from ``start()`` to ``stop()``: ``loads`` maps a load's name to
    its ``set_running(True|False)``. Keeps each load's on-intervals."""

    def __init__(self, period_s: float, loads: dict[str, Callable[[bool], None]]) -> None:
        self.period_s = period_s
        self.loads = loads
        self.on_intervals: dict[str, list[Interval]] = {name: [] for name in loads}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        for set_running in self.loads.values():
            set_running(False)
        for name in itertools.cycle(self.loads):
            self.loads[name](True)
            began = time.perf_counter()
            stopped = self._stop.wait(self.period_s)
            self.loads[name](False)
            self.on_intervals[name].append((began, time.perf_counter()))
            if stopped or self._stop.wait(self.period_s):
                return


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


def split_by(busy: dict[str, Busy], sent_s: list[float], latencies_ms: list[float]
             ) -> dict[str, list[float]]:
    """The latencies of each load's arm (the moves made while that load ran all along and no
    other at any moment), and of ``WITHOUT`` (the moves no load met); the rest are dropped."""
    arms: dict[str, list[float]] = {name: [] for name in [*busy, WITHOUT]}
    for sent, latency_ms in zip(sent_s, latencies_ms, strict=True):
        where = {name: load.arm(sent, sent + latency_ms / 1000) for name, load in busy.items()}
        met = [name for name, arm in where.items() if arm != "without"]
        if not met:
            arms[WITHOUT].append(latency_ms)
        elif len(met) == 1 and where[met[0]] == "with":
            arms[met[0]].append(latency_ms)
    return arms


def compare(tally: Tally, backgrounds: dict[str, list[Interval]]) -> str:
    """Each arm's human move latencies, and each load's ratios to the arm without any. AI
    replies are left out: one lasts half a second or more (AI_THINK_MS), so few fit in one
    arm and those that do are the quick ones (``--alternate`` compares them)."""
    arms = split_by({name: Busy(intervals) for name, intervals in backgrounds.items()},
                    tally.sent_s, tally.latencies_ms)
    without = arms[WITHOUT]
    lines = ["| arm | human moves | p50 / p95 / p99 ms | ratio to without p50 / p95 / p99 |",
             "|---|---|---|---|"]
    for name, moves in arms.items():
        ratios = "" if name == WITHOUT else " / ".join(
            f"{percentile(moves, q) / percentile(without, q):.2f}" for q in QUANTILES)
        lines.append(f"| {'with ' if name != WITHOUT else ''}{name} | {len(moves)} | "
                     f"{' / '.join(f'{percentile(moves, q):.1f}' for q in QUANTILES)} | "
                     f"{ratios} |")
    return "\n".join(lines)
