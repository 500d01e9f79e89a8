"""Redis restarted under two live nodes (gracefully, and kill -9 with `appendfsync always`): the
nodes reconnect by themselves, the players' sockets keep working across nodes, and no move a
client saw acknowledged is lost."""

from __future__ import annotations

import pytest

from tests.faults.conftest import FAST_ENV, eventually, moves_seen, room_state
from tests.server.client import Player, create_room, http

RECOVERY_S = 20.0
# Seat 1 fills the bottom row from a1, seat 2 row 3: seat 1's fifth stone (e1) wins.
FIRST = ["a1", "b1", "c1", "d1", "e1"]
SECOND = ["a3", "b3", "c3", "d3"]


async def healthy(node) -> bool:
    try:
        status, _ = await http("GET", f"{node.url}/healthz")
    except OSError:
        return False
    return status == 200


async def play(mover: Player, opponent: Player, move: str, acknowledged: list[str]) -> None:
    """One move: the mover sees it acknowledged (its own `move` event) and the opponent, on
    the other node, receives it through Redis pub/sub."""
    event = await mover.move(move)
    assert event["type"] == "move", event
    acknowledged.append(move)
    await opponent.wait_for("move", lambda m: m["v"] == event["v"])


@pytest.mark.parametrize("crash", [False, True], ids=["graceful", "kill-9"])
async def test_nodes_reconnect_to_a_restarted_redis_and_keep_every_acknowledged_move(
        redis_factory, server_factory, crash):
    redis = redis_factory.start(appendonly=True)
    node_a = server_factory.start("node-a", redis_url=redis.url, env=FAST_ENV)
    node_b = server_factory.start("node-b", redis_url=redis.url, env=FAST_ENV)
    room = await create_room(node_a.url, variant="gomoku", your_side="first")
    rid = room["room_id"]
    first = await Player.join(node_a.ws_url, rid, token=room["token"])
    second = await Player.join(node_b.ws_url, rid)
    acknowledged: list[str] = []
    for n in range(3):
        await play(first, second, FIRST[n], acknowledged)
        await play(second, first, SECOND[n], acknowledged)

    if crash:
        redis.kill()
    else:
        redis.stop()
    refused = await first.move(FIRST[3])
    assert refused["type"] == "error", "a move cannot be acknowledged while Redis is down"
    redis.start()

    for node in (node_a, node_b):
        assert await eventually(lambda node=node: healthy(node), RECOVERY_S, every=0.2)
    await play(first, second, FIRST[3], acknowledged)
    await play(second, first, SECOND[3], acknowledged)
    await play(first, second, FIRST[4], acknowledged)
    over = await second.wait_for("game_over")
    assert over["result"]["winner"] == 1

    state = await room_state(node_b.url, rid)
    assert state["moves"] == acknowledged
    assert moves_seen(first) == moves_seen(second) == acknowledged
