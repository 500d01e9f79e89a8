"""The presence refresh (server/play/presence.py): every few seconds a node writes its own
entries and reads every node's, so that the sockets of a node that died stop counting. Two
`Presence` objects play two nodes on one real Redis; the refresh is called directly instead of
waiting for its timer. A node on one Redis server refreshes on a lane of its own
(server/platform/redis_lane.py), one on a cluster or the embedded store through the client's
pipeline: both ways are run, the lane in both of Redis's protocols (RESP3 reads a hash as a
map, RESP2, redis-py's default before version 8, as a flat list)."""

from __future__ import annotations

import json

import pytest
import redis.asyncio as redis

from server.platform.clock import now_ms
from server.platform.keys import presence_key
from server.platform.redis_lane import CommandLane
from server.play.lifetime import STALE_MS
from server.play.presence import Presence

ROOM = "presencerefresh"


class Node:
    """A node's presence, with the presence messages it published to the room."""

    def __init__(self, client: redis.Redis, node_id: str, lane: CommandLane | None) -> None:
        self.published: list[dict] = []
        self.presence = Presence(client, node_id, 600, self._publish, self._load, 60_000,
                                 lane=lane)

    async def _publish(self, _room_id: str, messages: list[dict]) -> None:
        self.published += messages

    @staticmethod
    async def _load(_room_id: str) -> None:
        return None  # a room nobody created: no seat is an AI, no claim to work out


@pytest.fixture(params=[("lane", 3), ("lane", 2), ("pipeline", 3)],
                ids=["lane-resp3", "lane-resp2", "pipeline"])
async def nodes(request, redis_server):
    way, protocol = request.param
    client = redis.from_url(redis_server.url, decode_responses=True, protocol=protocol)
    await client.delete(presence_key(ROOM))
    lane = CommandLane.of(client) if way == "lane" else None
    yield Node(client, "node-a", lane), Node(client, "node-b", None)
    await Node(client, "closing", lane).presence.aclose()
    await client.aclose()


async def test_a_refresh_counts_the_sockets_of_every_live_node(nodes):
    node_a, node_b = nodes
    await node_a.presence.connected(ROOM, 1)
    await node_b.presence.connected(ROOM, 2)
    await node_b.presence.connected(ROOM, None)
    await node_a.presence._refresh([ROOM])
    totals, _seen = await node_a.presence.totals(ROOM)
    assert (totals["1"], totals["2"], totals["s"]) == (1, 1, 1)


async def test_a_refresh_drops_the_sockets_of_a_node_that_stopped_refreshing(nodes):
    node_a, node_b = nodes
    await node_b.presence.connected(ROOM, 2)
    await node_a.presence.connected(ROOM, 1)
    assert node_a.published[-1]["players"] == {"1": True, "2": True}
    stale = {"1": 0, "2": 1, "s": 0, "ts": now_ms() - STALE_MS - 1000}
    await node_a.presence.redis.hset(presence_key(ROOM), "node-b", json.dumps(stale))
    await node_a.presence._refresh([ROOM])
    assert node_a.published[-1]["players"] == {"1": True, "2": False}


async def test_a_refresh_renews_this_nodes_own_entry(nodes):
    node_a, _node_b = nodes
    await node_a.presence.connected(ROOM, 1)
    before = now_ms()
    old = {"1": 1, "2": 0, "s": 0, "ts": before - STALE_MS - 1000}
    await node_a.presence.redis.hset(presence_key(ROOM), "node-a", json.dumps(old))
    await node_a.presence._refresh([ROOM])
    entry = json.loads(await node_a.presence.redis.hget(presence_key(ROOM), "node-a"))
    assert entry == {"1": 1, "2": 0, "s": 0, "ts": entry["ts"]}
    assert entry["ts"] >= before
