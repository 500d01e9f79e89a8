"""PostgreSQL down while games end: the games still finish (Redis has them), the outbox holds
them, and when the database is back every game is archived exactly once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator

import pytest

from server.archive_entry import OUTBOX_KEY
from tests.faults.conftest import FAST_ENV, eventually
from tests.harness import PostgresServer
from tests.server.finished import finish_game

GAMES = 100
AT_ONCE = 10
CATCH_UP_S = 60.0


@pytest.fixture
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer.create().start()
    yield server
    server.close()


def equals(read: Callable[[], int], wanted: int) -> Callable[[], Awaitable[bool]]:
    async def check() -> bool:
        return read() == wanted
    return check


def archived_count(postgres: PostgresServer, database: str) -> int:
    return int(postgres.psql("SELECT count(*) FROM games", database=database))


@pytest.mark.slow
async def test_games_finished_while_postgres_is_down_are_archived_once_when_it_returns(
        redis_factory, server_factory, postgres):
    redis_server = redis_factory.start(appendonly=True)
    url = postgres.create_database()
    database = url.rsplit("/", 1)[1]
    env = FAST_ENV | {"DATABASE_URL": url}
    nodes = server_factory.start_many(["node-a", "node-b"], redis_url=redis_server.url, env=env)
    before = await finish_game(nodes[0].url)  # the archive works before the outage
    assert await eventually(equals(lambda: archived_count(postgres, database), 1), 15)

    postgres.stop()
    finished = []
    for start in range(0, GAMES, AT_ONCE):
        finished += await asyncio.gather(*(finish_game(nodes[n % 2].url)
                                           for n in range(start, start + AT_ONCE)))
    client = redis_server.client()
    assert client.xlen(OUTBOX_KEY) == GAMES  # every game waits in the outbox

    postgres.start()
    assert await eventually(equals(lambda: client.xlen(OUTBOX_KEY), 0), CATCH_UP_S, every=0.2)
    ids = postgres.psql("SELECT id FROM games", database=database).split()
    assert sorted(ids) == sorted([before["game_id"]] + [s["game_id"] for s in finished])
