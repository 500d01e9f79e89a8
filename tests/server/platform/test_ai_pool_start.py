"""A pool starts its workers only once the engine is compiled ahead, and says it is warming
until then (server/platform/ai_pool.py, server/platform/engine_warmup.py).
The cold compile itself, in a real node, is tests/client/test_cold_engine.py."""

from __future__ import annotations

import asyncio

from server.platform.ai_pool import AiPool
from server.platform.engine_warmup import EngineWarmup
from server.platform.metrics import ArenaMetrics

START_TIMEOUT_S = 60.0
SETTLE_S = 0.5


class CompileGate:
    """An engine compile that ends when the test says so (`ensure` is the pool's only use)."""

    needed = True

    def __init__(self) -> None:
        self.done = asyncio.Event()

    async def ensure(self) -> None:
        await self.done.wait()


async def test_no_worker_starts_and_searches_wait_until_the_engine_is_compiled() -> None:
    gate = CompileGate()
    pool = AiPool(1, ArenaMetrics(), warm=False, warmup=gate)  # type: ignore[arg-type]
    try:
        asked = asyncio.create_task(pool.call(int, "7"))
        await asyncio.sleep(SETTLE_S)
        assert (pool.worker_pids(), pool.warming, asked.done()) == ([], True, False)
        gate.done.set()
        assert await asyncio.wait_for(asked, START_TIMEOUT_S) == 7
        assert not pool.warming
    finally:
        await pool.close()


async def test_a_pool_closed_while_the_engine_compiles_starts_no_worker() -> None:
    pool = AiPool(1, ArenaMetrics(), warm=False, warmup=CompileGate())  # type: ignore[arg-type]
    await pool.close()
    assert pool.worker_pids() == []


async def test_a_warm_cache_is_not_compiled_again_and_the_workers_start_at_once() -> None:
    """The session's cache is warm (tests/conftest.py compiles it first)."""
    warmup = EngineWarmup()
    pool = AiPool(1, ArenaMetrics(), warm=False, warmup=warmup)
    try:
        assert not warmup.needed
        assert len(pool.worker_pids()) == 1
    finally:
        await pool.close()
