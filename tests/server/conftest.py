"""Server test fixtures: a game server node (real process, real Redis) tuned for fast tests, and
`engine`, a migrated SQL archive (PostgreSQL and SQLite, see `sql_url`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer
from sqlalchemy.ext.asyncio import AsyncEngine

from server.app import create_app
from server.platform.settings import Settings
from server.players.store_sql import migrate
from server.players.store_sql.database import open_database
from tests.harness import RedisServer, ServerFactory, ServerNode
from tests.server.visitor import Visitor

# Short AI searches, a short abandonment delay, a quick AI-vs-AI pace and a short pause before
# the AI's answer keep the suite fast; the behaviour under test is the same as with the defaults.
# Every test talks from 127.0.0.1 to one Redis: the per-address chat limit (tested with nodes of
# their own) is off.
FAST_ENV = {"AI_MAX_TIME_MS": "60", "CLAIM_AFTER_S": "2", "AI_PACE_MS": "50", "AI_THINK_MS": "200",
            "AI_WORKERS": "1", "ROOM_CREATIONS_PER_MINUTE": "0", "CHAT_PER_IP_PER_MINUTE": "0",
            "ANALYSES_PER_MINUTE": "0", "BOARD_SEARCHES_PER_MINUTE": "0",
            "CHALLENGES_PER_MINUTE": "0", "REPORTS_PER_HOUR": "0", "ANALYSIS_NODES": "20000",
            "PUZZLE_WORKERS": "0", "PUZZLE_MOVES_PER_MINUTE": "0", "PUZZLES_PER_MINUTE": "0",
            "TOURNAMENTS_PER_HOUR": "0"}


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


@dataclass(frozen=True, slots=True)
class InProcessNode:
    """A node served by this test's own event loop: it reads the clock of server/platform/clock.py,
    which the test can set (`with clock.frozen() as now: ... now.advance(s)`)."""

    url: str
    ws_url: str


INPROCESS_CLOSE_TIMEOUT_S = 60.0


@pytest.fixture
async def inprocess_node(tmp_path: Path, redis_server: RedisServer
                         ) -> AsyncIterator[Callable[..., Awaitable[InProcessNode]]]:
    """`await inprocess_node(**env)` -> the real app (real Redis, an SQLite file in tmp_path
    unless `env` names a DATABASE_URL, real sockets on a loopback port) served in-process with
    FAST_ENV plus `env`; closed after the test. Each node started is `inprocess-<n>`, sharing
    the Redis (and the database, given one): a deployment of several nodes in one process."""
    servers: list[TestServer] = []

    async def start(**env: str) -> InProcessNode:
        settings = Settings.from_env(FAST_ENV | env | {
            "REDIS_URL": redis_server.url, "DATA_DIR": str(tmp_path),
            "NODE_ID": f"inprocess-{len(servers) + 1}"})
        servers.append(TestServer(create_app(settings), host="127.0.0.1"))
        await servers[-1].start_server()
        base = str(servers[-1].make_url("")).rstrip("/")
        return InProcessNode(base, base.replace("http://", "ws://", 1))
    yield start
    for server in servers:
        # Bounded: a node that cannot shut down fails this test instead of hanging the run.
        async with asyncio.timeout(INPROCESS_CLOSE_TIMEOUT_S):
            await server.close()


@pytest.fixture
async def engine(sql_url: str) -> AsyncIterator[AsyncEngine]:
    engine = open_database(sql_url)
    await migrate.upgrade(engine)
    yield engine
    await engine.dispose()
