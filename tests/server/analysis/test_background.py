"""Analyses give way to live searches: the background pool's workers are stopped while the
live pool works and continued when it is idle (server/analysis/gate.py), with real
processes."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from server.analysis.gate import BackgroundGate
from server.platform.ai_pool import AiPool
from server.platform.metrics import ArenaMetrics

SETTLE_S = 0.3


def states(pool: AiPool) -> set[str]:
    """The scheduler states (R, S, T, ...) of the pool's worker processes."""
    found = set()
    for pid in pool.worker_pids():
        status = Path(f"/proc/{pid}/status").read_text()
        found.add(status.split("State:")[1].split()[0])
    return found


async def test_background_workers_stop_while_a_live_search_runs_and_continue_after():
    metrics = ArenaMetrics()
    live = AiPool(1, metrics, warm=False)
    background = AiPool(1, metrics, warm=False, gauges=False)
    await asyncio.gather(live.call(int), background.call(int))
    gate = BackgroundGate(live, background)
    try:
        job = asyncio.create_task(background.call(time.sleep, 3 * SETTLE_S))
        await asyncio.sleep(SETTLE_S)
        assert "T" not in states(background)
        search = asyncio.create_task(live.call(time.sleep, 2 * SETTLE_S))
        await asyncio.sleep(SETTLE_S)
        assert states(background) == {"T"}
        await search
        await asyncio.sleep(SETTLE_S)
        assert "T" not in states(background)
        await asyncio.wait_for(job, timeout=30)
    finally:
        await gate.close()
        await asyncio.gather(live.close(), background.close())


async def test_background_workers_run_in_the_idle_scheduling_class_live_ones_do_not():
    metrics = ArenaMetrics()
    live = AiPool(1, metrics, warm=False)
    background = AiPool(1, metrics, warm=False, gauges=False, idle_class=True)
    try:
        await asyncio.gather(live.call(int), background.call(int))
        policies = [{os.sched_getscheduler(pid) for pid in pool.worker_pids()}
                    for pool in (live, background)]
        assert policies == [{os.SCHED_OTHER}, {os.SCHED_IDLE}]
    finally:
        await asyncio.gather(live.close(), background.close())
