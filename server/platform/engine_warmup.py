"""The engine is compiled ahead, in a process of its own, before a node's AI workers start.

On a cold numba cache (a fresh clone, a new image, an engine upgrade, another kind of CPU) a
worker that compiles the engine answers its first move only after one to two and a half minutes,
and keeps the ~1.3 GB compiling took for its whole life; a worker that loads compiled code is
ready in a second or two and holds ~270 MB (docs/performance.md, "The first game against the
computer"). So a node never lets its workers compile: `EngineWarmup.ensure()` checks the cache
(`engine.precompile.is_warm`) and, when it is cold, compiles in one spawned process that exits
when done; the pools (server/platform/ai_pool.py) start their workers after it. Meanwhile the
node serves pages and games: /healthz and each socket's `welcome` say the AI is "warming".
`make run` and the Docker image's build compile before any node starts, so there the check
finds the cache warm.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import sys
import threading
import time

from engine.precompile import compile_ahead, is_warm

log = logging.getLogger(__name__)

COMPILE_TIMEOUT_S = 1800.0  # far beyond the minutes it takes; then the workers compile
COMPILE_NICE = 5  # as the AI workers: the node's event loop comes first
COMPILER = multiprocessing.get_context("spawn")  # the workers' own way: the same code and paths
PARENT_CHECK_S = 1.0


def exit_with_node(node_pid: int) -> None:
    """End this process once its node is gone. A child blocked on a queue, or compiling, never
    hears of a node killed with -9, and would otherwise hold its memory (hundreds of MiB)."""
    while os.getppid() == node_pid:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)


def _compile(node_pid: int) -> None:
    """The compiling process: progress lines go to the node's log (its stderr)."""
    threading.Thread(target=exit_with_node, args=(node_pid,), daemon=True).start()
    with contextlib.suppress(OSError):
        os.nice(COMPILE_NICE)
    compile_ahead(sys.stderr)


def _cache_is_warm() -> bool:
    try:
        return is_warm()
    except Exception:  # noqa: BLE001 - an unreadable cache is compiled again
        log.exception("checking the AI engine's compiled code failed; compiling it again")
        return False


class EngineWarmup:
    """The node's compile-ahead, run once for all its pools. The cache is checked when the node
    builds its services (a stamp and some file names: milliseconds), so on a warm cache the
    workers start at boot, as they always did."""

    def __init__(self) -> None:
        self.needed = not _cache_is_warm()
        self._task: asyncio.Task[None] | None = None

    async def ensure(self) -> None:
        """Return once the engine's cache is warm, at once when it already was. When compiling
        fails or hangs, this returns too (logged): the workers then compile as they load."""
        if not self.needed:
            return
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="engine-warmup")
        await asyncio.shield(self._task)  # a pool that stops waiting stops no one else's wait

    async def _run(self) -> None:
        try:
            await self._compile()
        except Exception:  # noqa: BLE001 - then the workers compile as they load: slow, not broken
            log.exception("compiling the AI engine ahead failed; each AI worker compiles it "
                          "as it starts")

    async def _compile(self) -> None:
        log.warning("the AI engine is not compiled for this machine yet: compiling it in a "
                    "process of its own before the AI workers start (first start only, a few "
                    "minutes; /healthz says \"ai\": \"warming\" meanwhile)")
        started = time.monotonic()
        process = COMPILER.Process(target=_compile, args=(os.getpid(),), name="engine-compile",
                                   daemon=True)
        process.start()
        try:
            await asyncio.to_thread(process.join, COMPILE_TIMEOUT_S)
        finally:
            if process.is_alive():  # the node stops, or compiling hangs
                process.kill()
        if process.exitcode != 0:
            raise RuntimeError(f"the compiling process ended with exit code {process.exitcode}")
        log.info("AI engine compiled ahead in %.0f s", time.monotonic() - started)

    async def close(self) -> None:
        """Stop a compile still running (the node stops)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
