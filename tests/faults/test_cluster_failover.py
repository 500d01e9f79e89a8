"""A Redis Cluster master killed (-9) during play: its replica takes over, both nodes follow the
new topology by themselves, the game on that shard resumes, and no move a client saw
acknowledged is lost (each commit waited for its replica: REDIS_WAIT_REPLICAS=1, the default on
a cluster; the metric `caro_unreplicated_commits` shows every move before the kill was confirmed by
the replica, and counts the commits after it, which the promoted master had no replica for)."""

from __future__ import annotations

import asyncio
import json
import time

from server.platform.keys import state_key
from tests.faults.conftest import FAST_ENV
from tests.faults.two_node_game import FIRST, finish_and_check, start_game
from tests.redis_cluster import RedisClusterProcesses
from tests.server.client import Player, create_room, metric

RECOVERY_S = 30.0
RETRY_EVERY_S = 0.2


async def play_once_recovered(mover: Player, opponent: Player, move: str,
                              acknowledged: list[str]) -> int:
    """The move, retried while the cluster fails over (a refused move changed nothing);
    returns how many tries were refused."""
    deadline = time.monotonic() + RECOVERY_S
    refused = 0
    while True:
        event = await mover.move(move)
        if event["type"] == "move":
            acknowledged.append(move)
            await opponent.wait_for("move", lambda m, v=event["v"]: m["v"] == v)
            return refused
        assert event["type"] == "error", event
        refused += 1
        assert time.monotonic() < deadline, f"no recovery within {RECOVERY_S} s: {event}"
        await asyncio.sleep(RETRY_EVERY_S)


async def test_a_killed_master_is_replaced_and_the_game_on_its_shard_keeps_every_move(
        tmp_path, server_factory):
    cluster = RedisClusterProcesses.start(tmp_path)
    try:
        game = await start_game(server_factory, cluster.url)
        rid = game.room_id

        # every move so far was confirmed by the shard's replica before it was answered
        for node in game.nodes:
            assert await metric(node.url, "caro_unreplicated_commits_total") == 0
        dead = cluster.master_of(state_key(rid))
        dead.kill()
        promoted = cluster.wait_for_failover(state_key(rid), dead)
        assert promoted is not dead

        await play_once_recovered(game.first, game.second, FIRST[3], game.acknowledged)
        await finish_and_check(game)
        # the promoted master has no replica (its old master stays dead): each commit since
        # waited REDIS_WAIT_MS in vain and was counted
        assert await metric(game.nodes[0].url, "caro_unreplicated_commits_total") > 0
    finally:
        cluster.stop()


async def test_healthz_is_ok_once_a_replica_serves_the_killed_masters_slots(
        tmp_path, server_factory):
    cluster = RedisClusterProcesses.start(tmp_path)
    try:
        node = server_factory.start("node-a", redis_url=cluster.url, env=FAST_ENV)
        room = await create_room(node.url, variant="gomoku", your_side="first")
        dead = cluster.master_of(state_key(room["room_id"]))
        dead.kill()
        cluster.wait_for_failover(state_key(room["room_id"]), dead)
        # the node's client still knows the dead node: it must not count against the cluster
        status, body = node.health()
        assert status == 200, body
        assert json.loads(body)["redis"] is True
    finally:
        cluster.stop()
