"""An AI worker process killed in the middle of a search: the pool is rebuilt and the move
still comes."""

from __future__ import annotations

from engine.levels import TOP
from tests.faults.conftest import FAST_ENV, eventually, room_state
from tests.server.client import Player, create_room, metric


async def test_ai_move_still_comes_when_its_worker_is_killed_mid_search(server_factory):
    node = server_factory.start("ai-worker-node", env=FAST_ENV | {"AI_MAX_TIME_MS": "3000"})
    room = await create_room(node.url, variant="gomoku", opponent="ai", ai_level=TOP,
                             your_side="first")
    me = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    await me.move("c13")  # off the opening book: a real search
    # Generous: on a loaded machine the node and its worker get a small share of a core.
    assert await eventually(lambda: _busy(node.url), within=30), \
        f"the AI search did not start: {await room_state(node.url, room['room_id'])}"
    workers = node.ai_workers()
    assert len(workers) == 1
    workers[0].kill()

    reply = await me.wait_for("move", lambda m: m["seat"] == 2, within=30)
    assert reply["ply"] == 2
    assert await metric(node.url, "caro_ai_pool_rebuilds_total") == 1
    assert (await room_state(node.url, room["room_id"]))["moves"] == ["c13", reply["move"]]
    assert [p.pid for p in node.ai_workers()] != [workers[0].pid]


async def _busy(url: str) -> bool:
    return await metric(url, "caro_ai_busy_workers") >= 1
