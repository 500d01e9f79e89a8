"""Background searches (game analyses) give way to live ones.

The analysis workers run at nice 15, but on a small host that was not enough: with two
analyses running, a live level-4 search on two cores reached 0.25-0.45 of its usual nodes
(bench/analysis.py). So the analysis pool follows the live pool: while a live search runs or
waits, the analysis workers are stopped (SIGSTOP) and continued (SIGCONT) when the live pool
is idle again. Under a live load that never pauses, analyses still run ``RUN_S`` after every
``PAUSE_MAX_S`` stopped, so they finish, slower, instead of starving (and looking abandoned).
Analyses are bounded by nodes, not time, so a stopped search loses nothing but wall time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal

from ..platform.ai_pool import AiPool
from ..platform.waiting import set_within

log = logging.getLogger(__name__)

PAUSE_MAX_S = 3.0
RUN_S = 0.5


class BackgroundGate:
    def __init__(self, live: AiPool, background: AiPool) -> None:
        self.live = live
        self.background = background
        self._task = asyncio.create_task(self._follow(), name="background-gate")

    async def _follow(self) -> None:
        while True:
            await self.live.busy.wait()
            self._signal(signal.SIGSTOP)
            if not await set_within(self.live.idle, PAUSE_MAX_S):
                self._signal(signal.SIGCONT)
                await asyncio.sleep(RUN_S)  # a share of the CPU, so analyses do not starve
                continue
            self._signal(signal.SIGCONT)

    def _signal(self, sig: signal.Signals) -> None:
        for pid in self.background.worker_pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)

    async def close(self) -> None:
        """Stop following and leave the background workers running (so they can exit)."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._signal(signal.SIGCONT)
