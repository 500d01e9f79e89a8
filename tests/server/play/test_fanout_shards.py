"""server/play/fanout.py on a Redis Cluster: rooms on every shard, each read by its own reader task
(one shard connection per master), each room getting exactly its own messages."""

from __future__ import annotations

import asyncio

from server.platform.keys import new_room_id, state_key
from server.platform.store import create_cluster
from tests.server.play.fanouts import Inbox, running_fanout

MAX_MINTS = 1000  # random room ids until one lands on each master (a third of ids each)


def one_room_per_master(cluster) -> list[str]:
    rooms: dict[int, str] = {}
    for _ in range(MAX_MINTS):
        room_id = new_room_id()
        rooms.setdefault(cluster.master_of(state_key(room_id)).port, room_id)
        if len(rooms) == len(cluster.alive()) // 2:
            return list(rooms.values())
    raise AssertionError("no room id for some master")


async def test_rooms_on_every_shard_receive_their_own_messages(redis_cluster):
    rooms = one_room_per_master(redis_cluster)
    async with running_fanout(create_cluster(redis_cluster.url)) as fanout:
        inboxes = {room_id: Inbox() for room_id in rooms}
        for room_id, inbox in inboxes.items():
            await fanout.join(room_id, inbox)
        assert len(fanout.pubsub.node_pubsub_mapping) == len(rooms)  # a connection per shard
        for room_id in reversed(rooms):
            await fanout.publish(room_id, [{"type": "chat", "room": room_id}])
        for room_id, inbox in inboxes.items():
            message = await asyncio.wait_for(inbox.messages.get(), 10)
            assert message == {"type": "chat", "room": room_id}
            assert inbox.messages.empty()
