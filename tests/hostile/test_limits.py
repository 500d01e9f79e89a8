"""Limits that hold against a hostile client: per-connection message rate, per-IP room
creation and open sockets, frame size (1009), foreign Origin (403), and handshakes that are
too slow (HTTP headers dribbled in, or a socket that never says hello)."""

from __future__ import annotations

import asyncio
import json
import random
import time

import aiohttp
import pytest
import websockets

from server.platform.settings import Settings
from tests.hostile.conftest import public_state, start_game
from tests.server.client import Player

BURST, PER_SECOND = 20, 10       # server/sockets/connection.py: messages per connection
ROOMS_PER_MINUTE = Settings().room_creations_per_minute  # per client IP, over all nodes
AUTH_TIMEOUT_S = 10


def loopback_address() -> str:
    """A loopback source address of its own (127.x.y.z), i.e. a client IP nobody else uses."""
    return f"127.{random.randint(2, 254)}.{random.randint(0, 255)}.{random.randint(1, 254)}"


async def create_from(url: str, source_ip: str) -> tuple[int, dict]:
    connector = aiohttp.TCPConnector(local_addr=(source_ip, 0))
    async with aiohttp.ClientSession(connector=connector) as session:
        async with session.post(f"{url}/api/rooms", json={"variant": "tictactoe"}) as response:
            return response.status, await response.json()


async def test_a_message_flood_gets_at_most_the_burst_plus_the_rate_then_is_closed(
        hostile_node):
    game = await start_game(hostile_node)
    flooder = await Player.join(hostile_node.ws_url, game.room_id, watch=True)
    started = time.monotonic()
    for _ in range(100):
        await flooder.send(type="ping")
    code, _ = await flooder.closed()
    elapsed = time.monotonic() - started
    pongs = sum(m["type"] == "pong" for m in flooder.received)
    limited = [m for m in flooder.received if m.get("code") == "rate_limited"]
    assert code == 4429
    assert limited
    assert pongs <= BURST + PER_SECOND * elapsed + 1


async def test_room_creation_is_limited_per_client_ip_and_other_ips_are_unaffected(
        server_factory, redis_factory):
    """The default limit, on a node whose Redis (where the counts live) is its own."""
    node = server_factory.start("room-limit", redis_url=redis_factory.start().url,
                                env={"AI_WORKERS": "1",
                                     "ROOM_CREATIONS_PER_MINUTE": str(ROOMS_PER_MINUTE)})
    flooding, bystander = loopback_address(), loopback_address()
    created = 0
    for _ in range(2 * ROOMS_PER_MINUTE):
        status, body = await create_from(node.url, flooding)
        if status != 201:
            break
        created += 1
    assert (status, body["error"]) == (429, "rate_limited")
    assert created == ROOMS_PER_MINUTE  # in any minute, and the test takes seconds
    assert (await create_from(node.url, bystander))[0] == 201


@pytest.mark.redis_cluster
async def test_room_creation_limit_holds_across_nodes_sharing_one_redis(
        server_factory, nodes_redis_url):
    """Two nodes, one Redis (or Redis Cluster), one address creating on both in turn: the
    limit in all, not twice it (the counts live in Redis, server/platform/ip_limits.py)."""
    env = {"AI_WORKERS": "1", "ROOM_CREATIONS_PER_MINUTE": "4"}
    nodes = [server_factory.start(f"limit-{n}", redis_url=nodes_redis_url, env=env)
             for n in (1, 2)]
    flooding = loopback_address()
    statuses = [(await create_from(nodes[n % 2].url, flooding))[0] for n in range(8)]
    assert statuses == [201] * 4 + [429] * 4
    assert (await create_from(nodes[1].url, loopback_address()))[0] == 201


async def test_a_handshake_dribbled_in_byte_by_byte_is_cut_off(hostile_node):
    host, port = hostile_node.url.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    request = (f"GET /ws/{'x' * 12} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nX-Slow: " + "a" * 60)
    closed = False
    for byte in request.encode():  # one byte a second: ~90 s if never cut off
        writer.write(bytes([byte]))
        try:
            closed = await asyncio.wait_for(reader.read(1024), timeout=1.0) == b""
        except TimeoutError:
            continue
        except ConnectionError:
            closed = True
        if closed:
            break
    writer.close()
    assert closed, "the server waited for the whole slow request"


async def test_open_sockets_per_client_ip_are_capped_and_other_ips_are_unaffected(
        server_factory):
    node = server_factory.start("socket-cap", env={"AI_WORKERS": "1", "MAX_SOCKETS_PER_IP": "3"})
    room = await create_from(node.url, loopback_address())
    url = f"{node.ws_url}/ws/{room[1]['room_id']}"
    crowd, bystander = loopback_address(), loopback_address()
    held = [await websockets.connect(url, local_addr=(crowd, 0)) for _ in range(3)]
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(url, local_addr=(crowd, 0))
    assert refused.value.response.status_code == 429
    assert json.loads(refused.value.response.body)["error"] == "rate_limited"
    other = await websockets.connect(url, local_addr=(bystander, 0))
    await held.pop().close()
    again = await eventually_connects(url, crowd)
    for socket in (*held, other, again):
        await socket.close()


async def eventually_connects(url: str, source_ip: str) -> websockets.ClientConnection:
    """A socket from `source_ip` once the node has counted a closed one out (bounded)."""
    for _ in range(50):
        try:
            return await websockets.connect(url, local_addr=(source_ip, 0))
        except websockets.InvalidStatus:
            await asyncio.sleep(0.1)
    raise AssertionError(f"{source_ip} stayed refused after closing a socket")


@pytest.mark.parametrize("hello_first", [True, False], ids=["after-hello", "before-hello"])
async def test_a_frame_over_4096_bytes_closes_with_1009_and_one_at_4096_does_not(
        hostile_node, hello_first):
    game = await start_game(hostile_node)
    before = await public_state(hostile_node, game.room_id)
    socket = await Player.join(hostile_node.ws_url, game.room_id, hello=hello_first,
                               token=game.first_token)
    at_limit = json.dumps({"type": "chat", "text": "é" * 1000, "pad": ""}, ensure_ascii=False)
    at_limit = at_limit.replace('"pad": ""', '"pad": "' + "x" * (4096 - len(at_limit.encode()))
                                + '"')
    assert len(at_limit.encode()) == 4096
    if hello_first:
        await socket.send_raw(at_limit)
        assert (await socket.wait_for("error"))["code"] == "chat_too_long"
    await socket.send_raw(at_limit + " ")
    code, _ = await socket.closed()
    assert code == 1009
    assert await public_state(hostile_node, game.room_id) == before


@pytest.mark.parametrize("origin", [
    "https://evil.example",
    "http://127.0.0.1:1",           # same host, another port: another origin
    "null",                         # sandboxed frames and file:// pages
])
async def test_a_websocket_from_a_foreign_origin_is_refused_with_403(hostile_node, origin):
    game = await start_game(hostile_node)
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(f"{hostile_node.ws_url}/ws/{game.room_id}", origin=origin)
    response = refused.value.response
    assert response.status_code == 403
    assert json.loads(response.body)["error"] == "origin_forbidden"


async def test_a_socket_that_never_says_hello_is_closed_with_auth_timeout(hostile_node):
    game = await start_game(hostile_node)
    silent = await Player.join(hostile_node.ws_url, game.room_id, hello=False)
    started = time.monotonic()
    code, reason = await silent.closed(within=AUTH_TIMEOUT_S + 10)
    assert code == 4401 and reason == "auth_timeout"
    assert time.monotonic() - started >= AUTH_TIMEOUT_S - 1
    assert silent.received[-1]["code"] == "auth_timeout"
