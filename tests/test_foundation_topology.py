"""docker-compose.yml's topology on loopback: Redis (append-only, fsync always), nodes server-1
and server-2, and nginx running deploy/nginx.conf in front (see the `compose_topology` fixture).
"""

from __future__ import annotations

import json
import re

from tests.harness import http_get
from tests.server.client import Player, create_room, http

NODES = {"server-1", "server-2"}
MAX_SOCKETS = 12  # enough for round robin to reach both nodes whatever nginx's worker count


def nodes_answering(url: str, requests: int = 8) -> list[str]:
    return [json.loads(http_get(f"{url}/healthz")[1])["node"] for _ in range(requests)]


def test_load_balancer_spreads_requests_over_both_nodes(compose_topology) -> None:
    assert set(nodes_answering(compose_topology.url)) == NODES


def test_client_page_is_served_through_the_load_balancer(compose_topology) -> None:
    status, body = http_get(f"{compose_topology.url}/")
    assert status == 200
    assert b"<html" in body


def test_nodes_share_the_topologys_redis(compose_topology) -> None:
    client = compose_topology.redis.client()
    try:
        # Each node's store client keeps a connection open: both are Redis clients of this server.
        for node in compose_topology.nodes.values():
            assert node.health()[0] == 200
        assert client.config_get("appendfsync")["appendfsync"] == "always"
        assert len(client.client_list()) >= 1 + len(NODES)
    finally:
        client.close()


def test_service_continues_through_the_other_node_when_one_is_killed(compose_topology) -> None:
    compose_topology.nodes["server-1"].kill()
    answers = nodes_answering(compose_topology.url)
    assert set(answers) == {"server-2"}


def open_sockets(node) -> int:
    """The node's own count of open WebSockets (its /metrics), asked of the node directly."""
    text = http_get(f"{node.url}/metrics")[1].decode()
    assert "# TYPE caro_ws_connections gauge" in text
    match = re.search(r"^caro_ws_connections(?:\{[^}]*\})? (\d+)", text, re.MULTILINE)
    return int(match.group(1)) if match else 0  # a gauge never set has no sample yet


async def test_game_through_the_load_balancer_lands_on_both_nodes(compose_topology) -> None:
    """Two players and spectators connect through nginx until both nodes hold sockets of the
    room; every socket sees the whole game, and both nodes serve the finished room."""
    topology = compose_topology
    room = await create_room(topology.url, variant="tictactoe", your_side="first")
    room_id = room["room_id"]
    first = await Player.join(topology.ws_url, room_id, token=room["token"])
    second = await Player.join(topology.ws_url, room_id, name="Minh")
    sockets = [first, second]
    while len(sockets) < MAX_SOCKETS and not all(
        open_sockets(node) for node in topology.nodes.values()
    ):
        sockets.append(await Player.join(topology.ws_url, room_id, watch=True))
    assert all(open_sockets(node) > 0 for node in topology.nodes.values())
    assert second.seat == 2

    for player, move in ((first, "a1"), (second, "a3"), (first, "b1"), (second, "b3"),
                         (first, "c1")):
        assert (await player.move(move))["type"] == "move"
    for socket in sockets:
        assert (await socket.wait_for("game_over"))["result"]["winner"] == 1
        moves = [message["move"] for message in socket.received if message["type"] == "move"]
        assert moves == ["a1", "a3", "b1", "b3", "c1"]
        await socket.close()

    for node in topology.nodes.values():
        status, state = await http("GET", f"{node.url}/api/rooms/{room_id}")
        assert status == 200
        assert (state["status"], state["moves"]) == ("finished", ["a1", "a3", "b1", "b3", "c1"])


async def test_page_origin_passes_the_nodes_origin_check_behind_the_load_balancer(
    compose_topology,
) -> None:
    """A browser on the load balancer's page sends Origin = the balancer's address; nginx must
    forward the Host header with its port for the nodes' same-host check to accept it."""
    room = await create_room(compose_topology.url, variant="gomoku")
    player = await Player.join(compose_topology.ws_url, room["room_id"], token=room["token"],
                               origin=compose_topology.url)
    assert player.seat == room["seat"]
    await player.close()
