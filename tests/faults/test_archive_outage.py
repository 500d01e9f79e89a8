"""PostgreSQL down while rated games end: the games still finish (Redis has them), the outbox
holds them, and when the database is back every game is archived, and rated, exactly once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator

import pytest

from server.platform.keys import OUTBOX_PREFIX
from tests.faults.conftest import FAST_ENV, eventually
from tests.harness import PostgresServer
from tests.server.finished import end_game, finish_game, open_game
from tests.server.visitor import Visitor

GAMES = 100
AT_ONCE = 10
CATCH_UP_S = 60.0
PASSWORD = "correct horse battery"


@pytest.fixture
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer.create().start()
    yield server
    server.close()


def equals(read: Callable[[], int], wanted: int) -> Callable[[], Awaitable[bool]]:
    async def check() -> bool:
        return read() == wanted
    return check


async def in_batches(jobs: list[Awaitable], size: int = AT_ONCE) -> list:
    done = []
    for start in range(0, len(jobs), size):
        done += await asyncio.gather(*jobs[start:start + size])
    return done


@pytest.mark.slow
async def test_games_finished_while_postgres_is_down_are_archived_and_rated_once(
        redis_factory, server_factory, postgres):
    redis_server = redis_factory.start(appendonly=True)
    url = postgres.create_database()
    database = url.rsplit("/", 1)[1]

    def count(sql: str) -> int:
        return int(postgres.psql(sql, database=database))

    env = FAST_ENV | {"DATABASE_URL": url}
    nodes = server_factory.start_many(["node-a", "node-b"], redis_url=redis_server.url, env=env)
    alice, bob = Visitor(nodes[0].url), Visitor(nodes[1].url)
    try:
        for visitor, name in ((alice, "alice"), (bob, "bob")):
            await visitor.post("/api/account/register", {"username": name, "password": PASSWORD})
        before = await finish_game(nodes[0].url)  # the archive works before the outage
        assert await eventually(equals(lambda: count("SELECT count(*) FROM games"), 1), 15)
        # Rated games need the accounts' sessions (in SQL) to start: they start before.
        games = await in_batches([open_game(nodes[n % 2].url, alice, bob, rated=True)
                                  for n in range(GAMES)])
    finally:
        await alice.close()
        await bob.close()

    postgres.stop()
    finished = await in_batches([end_game(game) for game in games])
    client = redis_server.client()
    (outbox,) = client.keys(OUTBOX_PREFIX + "*")  # the database's stream, the only one
    assert client.xlen(outbox) == GAMES  # every game waits in the outbox

    postgres.start()
    assert await eventually(equals(lambda: client.xlen(outbox), 0), CATCH_UP_S, every=0.2)
    ids = postgres.psql("SELECT id FROM games", database=database).split()
    assert sorted(ids) == sorted([before["game_id"]] + [s["game_id"] for s in finished])
    assert count("SELECT count(*) FROM games WHERE rated") == GAMES
    assert count("SELECT min(games) FROM ratings") == count("SELECT max(games) FROM ratings") \
        == GAMES
    assert count("SELECT count(*) FROM rating_history") == 2 * GAMES
