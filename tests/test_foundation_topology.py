"""docker-compose.yml's topology on loopback: Redis (append-only, fsync always), nodes server-1
and server-2, and nginx running deploy/nginx.conf in front (see the `compose_topology` fixture).
"""

from __future__ import annotations

import json

from tests.conftest import http_get

NODES = {"server-1", "server-2"}


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
