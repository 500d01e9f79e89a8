"""The floor servers of bench/floor.py move a move as the real node does: every socket of the
room, the mover's included, gets the event, through Redis when the server commits one."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
import websockets

from bench.floor import MODES, wait_listening
from tests.conftest import REPO_ROOT, free_port


@pytest.fixture(params=MODES)
def floor_server(request, redis_server) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "bench.floor_server", request.param, str(port),
         str(redis_server.port)], cwd=REPO_ROOT)
    try:
        wait_listening(port, process)
        yield f"ws://127.0.0.1:{port}/ws"
    finally:
        process.terminate()
        process.wait()


async def test_a_move_reaches_every_socket_of_its_room_and_no_other(floor_server):
    mover, opponent, elsewhere = [await websockets.connect(f"{floor_server}?room={room}")
                                  for room in ("floor-a", "floor-a", "floor-b")]
    await mover.send(json.dumps({"type": "move", "cell": "h8"}))
    for socket in (mover, opponent):
        event = json.loads(await asyncio.wait_for(socket.recv(), 5))
        assert event == {"type": "move", "room": "floor-a", "cell": "h8", "v": 1}
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(elsewhere.recv(), 0.3)
    for socket in (mover, opponent, elsewhere):
        await socket.close()
