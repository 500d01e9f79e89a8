"""`server.platform.store.STORE_ERRORS`: what the loops and post-commit steps catch to survive a
Redis outage also covers what a cluster client raises when no node answers (a RedisClusterException,
which is not a RedisError: caught as a RedisError it would end a background loop for good)."""

from __future__ import annotations

import pytest

from server.platform.store import STORE_ERRORS, create_cluster
from tests.harness import free_port


async def test_a_cluster_client_with_no_node_answering_raises_a_store_error():
    client = create_cluster(f"redis+cluster://127.0.0.1:{free_port()}")
    try:
        with pytest.raises(STORE_ERRORS):
            await client.get("any")
    finally:
        await client.aclose()
