"""AI workers do not outlive their node: a node killed with -9 alone (not its process group,
as when a supervisor kills only the main process) leaves no search process behind."""

from __future__ import annotations

import asyncio
import signal

import psutil


async def test_ai_workers_exit_when_their_node_is_killed(server_factory):
    node = server_factory.start("orphan-check-node", env={"AI_WORKERS": "2"})
    workers = node.ai_workers()
    assert len(workers) == 2
    node.process.send_signal(signal.SIGKILL)
    node.process.wait(timeout=10)
    _, alive = await asyncio.to_thread(psutil.wait_procs, workers, timeout=15)
    assert alive == []
