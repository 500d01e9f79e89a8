"""A Redis Cluster master killed (-9) during play: its replica takes over, both nodes follow the
new topology by themselves, the game on that shard resumes, and no move a client saw
acknowledged is lost (each commit waited for its replica: REDIS_WAIT_REPLICAS=1, the default on
a cluster; the metric `caro_unreplicated_commits` shows every move before the kill was confirmed by
the replica, and counts the commits after it, which the promoted master had no replica for)."""

from __future__ import annotations

import asyncio
import json
import time

from server.keys import state_key
from tests.faults.conftest import FAST_ENV, moves_seen, room_state
from tests.redis_cluster import RedisClusterProcesses
from tests.server.client import Player, create_room, metric

RECOVERY_S = 30.0
RETRY_EVERY_S = 0.2
# Seat 1 fills the bottom row from a1, seat 2 row 3: seat 1's fifth stone (e1) wins.
FIRST = ["a1", "b1", "c1", "d1", "e1"]
SECOND = ["a3", "b3", "c3", "d3"]


async def play(mover: Player, opponent: Player, move: str, acknowledged: list[str]) -> None:
    """One move, acknowledged to the mover (its own `move` event), seen by the opponent."""
    event = await mover.move(move)
    assert event["type"] == "move", event
    acknowledged.append(move)
    await opponent.wait_for("move", lambda m: m["v"] == event["v"])


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
        node_a = server_factory.start("node-a", redis_url=cluster.url, env=FAST_ENV)
        node_b = server_factory.start("node-b", redis_url=cluster.url, env=FAST_ENV)
        room = await create_room(node_a.url, variant="gomoku", your_side="first")
        rid = room["room_id"]
        first = await Player.join(node_a.ws_url, rid, token=room["token"])
        second = await Player.join(node_b.ws_url, rid)
        acknowledged: list[str] = []
        for n in range(3):
            await play(first, second, FIRST[n], acknowledged)
            await play(second, first, SECOND[n], acknowledged)

        # every move so far was confirmed by the shard's replica before it was answered
        for node in (node_a, node_b):
            assert await metric(node.url, "caro_unreplicated_commits_total") == 0
        dead = cluster.master_of(state_key(rid))
        dead.kill()
        promoted = cluster.wait_for_failover(state_key(rid), dead)
        assert promoted is not dead

        await play_once_recovered(first, second, FIRST[3], acknowledged)
        await play(second, first, SECOND[3], acknowledged)
        await play(first, second, FIRST[4], acknowledged)
        over = await second.wait_for("game_over")
        assert over["result"]["winner"] == 1

        state = await room_state(node_b.url, rid)
        assert state["moves"] == acknowledged
        # the promoted master has no replica (its old master stays dead): each commit since
        # waited REDIS_WAIT_MS in vain and was counted
        assert await metric(node_a.url, "caro_unreplicated_commits_total") > 0
        assert moves_seen(first) == moves_seen(second) == acknowledged
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
