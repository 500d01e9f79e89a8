"""Server test fixtures: a game server node (real process, real Redis) tuned for fast tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from tests.harness import ServerFactory, ServerNode
from tests.server.visitor import Visitor

# Short AI searches, a short abandonment delay, a quick AI-vs-AI pace and a short pause before
# the AI's answer keep the suite fast; the behaviour under test is the same as with the defaults.
# Every test talks from 127.0.0.1 to one Redis: the per-address chat limit (tested with nodes of
# their own) is off.
FAST_ENV = {"AI_MAX_TIME_MS": "60", "CLAIM_AFTER_S": "2", "AI_PACE_MS": "50", "AI_THINK_MS": "200",
            "AI_WORKERS": "1", "ROOM_CREATIONS_PER_MINUTE": "0", "CHAT_PER_IP_PER_MINUTE": "0",
            "ANALYSES_PER_MINUTE": "0", "BOARD_SEARCHES_PER_MINUTE": "0",
            "ANALYSIS_NODES": "20000"}


@pytest.fixture(scope="session")
def arena_node(tmp_path_factory: pytest.TempPathFactory,
               nodes_redis_url: str) -> Iterator[ServerNode]:
    """One shared node for tests that do not kill or restart anything (one per kind of Redis:
    a test marked `redis_cluster` gets the node on the cluster too)."""
    factory = ServerFactory(Path(tmp_path_factory.mktemp("arena")), nodes_redis_url)
    yield factory.start("arena-1", env=FAST_ENV)
    factory.close()


@pytest.fixture
async def visitors(arena_node) -> AsyncIterator[Callable[[], Visitor]]:
    """`visitors()` -> a new Visitor (its own cookie jar: one browser) of `arena_node`, closed
    after the test."""
    made: list[Visitor] = []

    def make() -> Visitor:
        made.append(Visitor(arena_node.url))
        return made[-1]
    yield make
    for visitor in made:
        await visitor.close()
