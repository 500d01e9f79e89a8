"""Per-client limits see the real client behind the load balancer (TRUST_PROXY), and cannot be
dodged with a forged X-Forwarded-For when clients reach a node directly."""

from __future__ import annotations

import aiohttp
import pytest

from server.http.proxy import forwarded_client

LIMIT_ONE_ROOM = {"ROOM_CREATIONS_PER_MINUTE": "1"}


async def create_room_from(base_url: str, forwarded_for: str) -> int:
    async with aiohttp.ClientSession() as session, session.post(
        f"{base_url}/api/rooms", json={"variant": "tictactoe"},
        headers={"X-Forwarded-For": forwarded_for},
    ) as response:
        return response.status


@pytest.mark.parametrize(
    ("forwarded_for", "trust_proxy", "expected"),
    [
        ("203.0.113.7", True, "203.0.113.7"),
        ("6.6.6.6, 203.0.113.7", True, "203.0.113.7"),  # the client wrote the first entry
        ("", True, "10.0.0.2"),
        ("203.0.113.7", False, "10.0.0.2"),
    ],
)
def test_client_is_the_last_forwarded_hop_only_when_the_proxy_is_trusted(
    forwarded_for: str, trust_proxy: bool, expected: str
) -> None:
    assert forwarded_client("10.0.0.2", forwarded_for, trust_proxy) == expected


async def test_behind_a_trusted_proxy_each_client_has_its_own_room_limit(server_factory) -> None:
    node = server_factory.start("behind-lb", env=LIMIT_ONE_ROOM | {"TRUST_PROXY": "1"})
    assert await create_room_from(node.url, "198.51.100.1") == 201
    assert await create_room_from(node.url, "198.51.100.1") == 429
    assert await create_room_from(node.url, "198.51.100.2") == 201


async def test_forged_forwarded_for_does_not_dodge_the_limit_on_a_direct_node(
    server_factory, redis_factory,
) -> None:
    # A Redis of its own: the count of 127.0.0.1 lives there (server/platform/ip_limits.py).
    node = server_factory.start("direct", redis_url=redis_factory.start().url, env=LIMIT_ONE_ROOM)
    assert await create_room_from(node.url, "198.51.100.1") == 201
    assert await create_room_from(node.url, "198.51.100.2") == 429
