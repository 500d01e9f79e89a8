"""AI searches in worker processes, never in the event loop.

`AiPool.choose(...)` runs `engine.ai.choose_move` in a `ProcessPoolExecutor`. At most `workers`
searches run at once; more requests wait their turn (the queue is bounded by waiting, nothing is
dropped). When more wait than the workers can serve in time, each search gets a share of its
budget (`busy_budget_ms`): players get a quicker, somewhat weaker move instead of a long wait
(50 games against level 3 on two workers waited 5 s a move with full budgets; bench/load.py
scenario 3). When a worker process dies (killed, out of memory, a crash in native code) the executor
is broken for everyone: the pool is rebuilt once and the search retried.

Workers start on a warm numba cache: when a node's cache is cold, its pools wait for its
`EngineWarmup` (the engine compiled ahead in a process of its own,
server/platform/engine_warmup.py) before starting any worker. Meanwhile the pool is `warming`
and the searches asked for wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from engine.ai import Analysis, choose_move
from engine.ai import warm_up as engine_warm_up

from .engine_warmup import EngineWarmup, exit_with_node
from .metrics import ArenaMetrics

log = logging.getLogger(__name__)
T = TypeVar("T")

ATTEMPTS = 3
# Workers are spawned, not forked: a forked worker inherits the node's open sockets (the
# listening one and every client's), so after a kill -9 of the node its clients never see their
# connection close while the orphaned worker lives (tests/faults/test_node_kill.py).
WORKER_START = multiprocessing.get_context("spawn")
WORKER_NICE = 5
BUSY_FLOOR_MS = 100  # the least a search is cut to when many wait (less only if asked for less)
M_MMAP_THRESHOLD = -3  # glibc mallopt parameter
MMAP_THRESHOLD_BYTES = 1 << 20


def busy_budget_ms(budget_ms: int, workers: int, waiting: int) -> int:
    """The time a search starting now gets when `waiting` more searches queue behind it: the
    whole budget while nobody waits, else a share such that the queue drains in about one
    budget, never below BUSY_FLOOR_MS."""
    if waiting <= 0:
        return budget_ms
    return max(min(budget_ms, BUSY_FLOOR_MS), budget_ms * workers // (workers + waiting))


def start_worker(node_pid: int, warm: bool, nice: int = WORKER_NICE,
                 idle_class: bool = False) -> None:
    """Worker initializer. Searches run at a lower CPU priority than the server (WORKER_NICE):
    with as many workers as cores, the event loop still gets a core the moment it has work
    instead of queueing behind the searches (bench/loop_lag.py measures it). Game analyses
    run in their own pool at a lower priority still (``nice``) and in Linux's SCHED_IDLE class
    (``idle_class``): a woken server preempts such a worker at once, where a nice-15 one could
    still hold the core for a scheduler tick (human move p99 +58% with four analyses running,
    bench/load.py --alternate)."""
    threading.Thread(target=exit_with_node, args=(node_pid,), daemon=True).start()
    lower_priority(nice, idle_class)
    _map_large_blocks()
    if warm:
        warm_up()


def lower_priority(nice: int, idle_class: bool = False) -> None:
    """Run this process at `nice` and, with `idle_class`, in Linux's SCHED_IDLE class (where
    the system allows; elsewhere it keeps its priority)."""
    with contextlib.suppress(OSError):
        os.nice(nice)
    if idle_class and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _map_large_blocks() -> None:
    """Give every block of 1 MiB or more its own mapping, returned to the system when freed.
    glibc raises its threshold for that (up to 32 MiB) each time such a block is freed, so
    after the first search a search's 16 MiB transposition table came from the heap, and the
    heap keeps what it once held. Other C libraries: nothing to do."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)


def warm_up() -> None:
    """Load the engine's compiled code (compiled ahead: engine_warmup.py) and fill its tables
    before the first request."""
    try:
        engine_warm_up()
    except Exception:  # noqa: BLE001 - a failed warm-up only costs speed later
        log.exception("AI warm-up failed")


class AiPool:
    """Worker processes for searches. The live pool (``gauges``) reports its queue and busy
    workers to the metrics; the analysis pool is built the same way with a higher ``nice``
    and follows the live one's ``idle`` / ``busy`` events (server/analysis/gate.py)."""

    def __init__(self, workers: int, metrics: ArenaMetrics, warm: bool = True,
                 nice: int = WORKER_NICE, gauges: bool = True, idle_class: bool = False,
                 warmup: EngineWarmup | None = None) -> None:
        self.workers = workers
        self.warmup = warmup
        self.metrics = metrics
        self.warm = warm
        self.nice = nice
        self.idle_class = idle_class
        self._slots = asyncio.Semaphore(workers)
        self.idle = asyncio.Event()  # set while no search runs or waits
        self.idle.set()
        self.busy = asyncio.Event()  # set while one does
        self._waiting = 0
        self._busy = 0
        self.ready = asyncio.Event()  # set once the workers start (on compiled code)
        self._executor: ProcessPoolExecutor | None = None
        self._starting: asyncio.Task | None = None
        if warmup is None or not warmup.needed:
            self._start_workers()  # at once, as the node boots
        else:
            self._starting = asyncio.create_task(self._start(warmup), name="ai-pool-start")
        self._rebuild_lock = asyncio.Lock()
        self._reaper: asyncio.Task | None = None
        if gauges:
            metrics.ai_queue.set_function(lambda: float(self._waiting))
            metrics.ai_busy.set_function(lambda: float(self._busy))

    @property
    def warming(self) -> bool:
        """Whether the workers wait for the engine to be compiled ahead."""
        return not self.ready.is_set()

    async def _start(self, warmup: EngineWarmup) -> None:
        await warmup.ensure()
        self._start_workers()

    def _start_workers(self) -> None:
        self._executor = self._new_executor()
        self.ready.set()

    async def loaded(self, timeout_s: float) -> bool:
        """Wait (at most `timeout_s`) until a worker has loaded the engine and answers."""
        try:
            async with asyncio.timeout(timeout_s):
                await self._run(int)
        except (TimeoutError, BrokenProcessPool):
            return False
        return True

    def _new_executor(self) -> ProcessPoolExecutor:
        """A pool whose workers start (and warm up) now, not at the first search: a node that
        takes over the AI move of a dead node must not spend its 5 s on starting a process."""
        executor = ProcessPoolExecutor(self.workers, mp_context=WORKER_START,
                                       initializer=start_worker,
                                       initargs=(os.getpid(), self.warm, self.nice,
                                                 self.idle_class))
        for _ in range(self.workers):
            executor.submit(int)
        return executor

    @property
    def queue_depth(self) -> int:
        return self._waiting

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (server/analysis/gate.py stops and continues them)."""
        if self._executor is None:
            return []
        return [p.pid for p in (self._executor._processes or {}).values()]

    @contextlib.asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        """Hold one of the ``workers`` slots (waiting, counted in the queue, for a free one)."""
        self._waiting += 1
        self.idle.clear()
        self.busy.set()
        try:
            await self._slots.acquire()
        except BaseException:
            self._waiting -= 1
            self._mark_idle()
            raise
        self._waiting -= 1
        self._busy += 1
        try:
            yield
        finally:
            self._busy -= 1
            self._slots.release()
            self._mark_idle()

    def _mark_idle(self) -> None:
        if self._busy == 0 and self._waiting == 0:
            self.busy.clear()
            self.idle.set()

    async def choose(self, variant: str, moves: Sequence[str], *, level: int,
                     time_ms: int | None, seed: int) -> Analysis:
        """Search for a move; `time_ms` is the budget when the pool keeps up (None: the
        level's own, which then is not cut)."""
        async with self._slot():
            if time_ms is not None:
                time_ms = busy_budget_ms(time_ms, self.workers, self._waiting)
            started = time.perf_counter()
            try:
                return await self._run(_search, variant, list(moves), level, time_ms, seed)
            finally:
                self.metrics.ai_time.observe(time.perf_counter() - started)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` (a picklable module-level function) in a worker when one is free."""
        async with self._slot():
            return await self._run(fn, *args)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        await self.ready.wait()
        for attempt in range(1, ATTEMPTS + 1):
            executor = self._executor
            assert executor is not None
            try:
                return await loop.run_in_executor(executor, fn, *args)
            except BrokenProcessPool:
                if attempt == ATTEMPTS:
                    raise
                log.warning("AI worker died (attempt %d); rebuilding the pool", attempt)
                await self._rebuild(executor)
        raise AssertionError("unreachable")

    async def _rebuild(self, broken: ProcessPoolExecutor) -> None:
        async with self._rebuild_lock:
            if self._executor is not broken:
                return  # another search already rebuilt it
            self._executor = self._new_executor()
            self.metrics.ai_rebuilds.inc()
        # In a thread: a broken executor's locks may be held by its dying manager thread, and
        # the event loop must never wait for them.
        self._reaper = asyncio.create_task(
            asyncio.to_thread(broken.shutdown, False, cancel_futures=True))

    async def close(self) -> None:
        """Stop the workers (a search in progress is abandoned, its room keeps its timer)."""
        if self._starting is not None:
            self._starting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._starting
        if self._executor is not None:
            await asyncio.to_thread(self._executor.shutdown, True, cancel_futures=True)


def _search(variant: str, moves: list[str], level: int, time_ms: int | None,
            seed: int) -> Analysis:
    return choose_move(variant, moves, level=level, time_ms=time_ms, seed=seed)
