"""Redis restarted under two live nodes (gracefully, and kill -9 with `appendfsync always`): the
nodes reconnect by themselves, the players' sockets keep working across nodes, and no move a
client saw acknowledged is lost."""

from __future__ import annotations

import pytest

from tests.faults.conftest import eventually
from tests.faults.two_node_game import FIRST, finish_and_check, play, start_game
from tests.server.client import http

RECOVERY_S = 20.0


async def healthy(node) -> bool:
    try:
        status, _ = await http("GET", f"{node.url}/healthz")
    except OSError:
        return False
    return status == 200


@pytest.mark.parametrize("crash", [False, True], ids=["graceful", "kill-9"])
async def test_nodes_reconnect_to_a_restarted_redis_and_keep_every_acknowledged_move(
        redis_factory, server_factory, crash):
    redis = redis_factory.start(appendonly=True)
    game = await start_game(server_factory, redis.url)

    if crash:
        redis.kill()
    else:
        redis.stop()
    refused = await game.first.move(FIRST[3])
    assert refused["type"] == "error", "a move cannot be acknowledged while Redis is down"
    redis.start()

    for node in game.nodes:
        assert await eventually(lambda node=node: healthy(node), RECOVERY_S, every=0.2)
    await play(game.first, game.second, FIRST[3], game.acknowledged)
    await finish_and_check(game)
