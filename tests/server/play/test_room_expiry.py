"""How long a room is kept, as docs/protocol.md §4 says (server/play/lifetime.py): never while a
socket is open on it on any node; once nobody has it open, ROOM_TTL_S after its last change or
its last socket's close, whichever is later, for a finished game's room, and ROOM_TTL_S + 60 s
for a waiting room, with no slack.

Two real nodes with a 2-second ROOM_TTL_S, on a Redis of their own and again on a Redis Cluster
of their own (every node of a deployment must share ROOM_TTL_S: they attend each other's
timers). A finished room's end is watched happen; a waiting room's (62 s) is read from Redis,
which keeps the instant it will forget each key (PTTL)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

from server.platform.keys import chat_history_key, presence_key, state_key
from tests.harness import RedisFactory, ServerFactory, ServerNode
from tests.redis_cluster import RedisClusterProcesses
from tests.server.client import Player, create_room, http
from tests.server.conftest import FAST_ENV

pytestmark = pytest.mark.redis_cluster

ROOM_TTL_S = 2
WAITING_GRACE_S = 60  # docs/protocol.md §4: a waiting room is kept ROOM_TTL_S + 60 s
LATE_S = 1.0  # how late a check may see an instant on a busy machine
POLL_S = 0.05


@dataclass
class Deployment:
    nodes: list[ServerNode]
    store: redis.Redis | redis.RedisCluster  # for reading what Redis keeps

    def room_keys(self, room_id: str) -> list[str]:
        """The keys a room is forgotten with (its game records have RECORD_TTL_S of their own)."""
        return [state_key(room_id), presence_key(room_id), chat_history_key(room_id, "players")]


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory, redis_kind: str,
               redis_factory: RedisFactory) -> Iterator[Deployment]:
    base = Path(tmp_path_factory.mktemp("expiry"))
    if redis_kind == "cluster":
        cluster = RedisClusterProcesses.start(base)
        url, store, stop = cluster.url, cluster.client(), cluster.stop
    else:
        server = redis_factory.start()
        url, store, stop = server.url, redis.Redis.from_url(server.url, decode_responses=True), \
            server.stop
    factory = ServerFactory(base, url)
    try:
        nodes = factory.start_many(["expiry-1", "expiry-2"],
                                   env=FAST_ENV | {"ROOM_TTL_S": str(ROOM_TTL_S)})
        yield Deployment(nodes, store)
    finally:
        factory.close()
        store.close()
        stop()


async def finished_game(node: ServerNode) -> tuple[str, Player, Player]:
    """A game of two players on `node` that the second resigned, both still connected."""
    room = await create_room(node.url, variant="gomoku", your_side="first")
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node.ws_url, room["room_id"])
    await first.move("h8")
    assert (await second.command("resign"))["type"] == "game_over"
    return room["room_id"], first, second


async def room_status(node: ServerNode, room_id: str) -> int:
    status, _ = await http("GET", f"{node.url}/api/rooms/{room_id}")
    return status


async def forgotten_after(node: ServerNode, room_id: str, since: float) -> float:
    """Seconds from `since` (time.monotonic) until the room is answered 404 (measured when the
    answer arrives, so never early); fails once ROOM_TTL_S + LATE_S have passed."""
    while time.monotonic() < since + ROOM_TTL_S + LATE_S:
        if await room_status(node, room_id) == 404:
            return time.monotonic() - since
        await asyncio.sleep(POLL_S)
    raise AssertionError(f"room {room_id} still there {ROOM_TTL_S + LATE_S} s after {since}")


def assert_kept_for(deployment: Deployment, room_id: str, ttl_s: int, since: float) -> None:
    """Redis will forget the room `ttl_s` after an instant between `since` (time.monotonic)
    and now: no sooner, no later."""
    left_ms = deployment.store.pttl(state_key(room_id))
    elapsed_ms = (time.monotonic() - since) * 1000
    assert ttl_s * 1000 - elapsed_ms <= left_ms <= ttl_s * 1000


async def test_a_finished_room_is_forgotten_room_ttl_after_its_last_socket_closes(deployment):
    node = deployment.nodes[0]
    room_id, first, second = await finished_game(node)
    await first.command("chat", text="gg")
    await asyncio.sleep(ROOM_TTL_S + 0.5)  # the game ended under open sockets: kept meanwhile
    assert await room_status(node, room_id) == 200
    await first.close()
    closed = time.monotonic()
    await second.close()
    assert ROOM_TTL_S <= await forgotten_after(node, room_id, closed)
    assert deployment.store.exists(*deployment.room_keys(room_id)) == 0


async def test_a_finished_room_is_kept_while_a_socket_is_open_on_any_node(deployment):
    one, two = deployment.nodes
    room_id, first, second = await finished_game(one)  # it finished under open sockets
    watcher = await Player.join(two.ws_url, room_id, watch=True)
    await first.close()
    await second.close()
    await asyncio.sleep(ROOM_TTL_S + 0.5)
    assert await room_status(one, room_id) == 200
    closed = time.monotonic()
    await watcher.close()
    assert ROOM_TTL_S <= await forgotten_after(one, room_id, closed)


async def test_a_room_finished_with_nobody_there_is_forgotten_room_ttl_after(deployment):
    node = deployment.nodes[0]
    room = await create_room(node.url, variant="gomoku", your_side="first")
    cancelled = time.monotonic()
    status, _ = await http("POST", f"{node.url}/api/rooms/{room['room_id']}/cancel",
                           {"token": room["token"]})
    assert status == 200
    assert ROOM_TTL_S <= await forgotten_after(node, room["room_id"], cancelled)


async def test_a_waiting_room_nobody_opened_is_kept_room_ttl_and_60_s(deployment):
    created = time.monotonic()
    room = await create_room(deployment.nodes[0].url, variant="gomoku", your_side="first")
    assert_kept_for(deployment, room["room_id"], ROOM_TTL_S + WAITING_GRACE_S, created)


async def test_a_waiting_room_is_kept_room_ttl_and_60_s_after_its_host_leaves(deployment):
    node = deployment.nodes[0]
    room = await create_room(node.url, variant="gomoku", your_side="first")
    host = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    await host.command("chat", text="anyone?")
    await asyncio.sleep(1)
    left = time.monotonic()
    await host.close()
    await asyncio.sleep(0.5)  # the server sees the close
    assert_kept_for(deployment, room["room_id"], ROOM_TTL_S + WAITING_GRACE_S, left)
    state_left_ms = deployment.store.pttl(state_key(room["room_id"]))
    for key in deployment.room_keys(room["room_id"]):  # its presence and chat go with it
        assert 0 < deployment.store.pttl(key) <= state_left_ms
