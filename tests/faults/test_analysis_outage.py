"""PostgreSQL down while a game ends and is analysed: the analysis runs on the game Redis
has, and when the database is back the outbox archives the game with its analysis, which
then outlives the Redis copy."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server.platform.keys import analysis_key
from tests.faults.conftest import FAST_ENV
from tests.harness import PostgresServer
from tests.server.analysis.test_analysis_api import finished_game, wait_done
from tests.server.client import http
from tests.server.players.test_archive import archived

MOVES = ["b2", "b1", "a1", "c3", "a3", "a2", "c1"]


@pytest.fixture
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer.create().start()
    yield server
    server.close()


async def test_an_analysis_done_before_its_game_is_archived_is_kept_with_it(
        redis_factory, server_factory, postgres):
    redis_server = redis_factory.start()
    env = FAST_ENV | {"DATABASE_URL": postgres.create_database()}
    node = server_factory.start("node-analysis-outage", redis_url=redis_server.url, env=env)

    postgres.stop()
    room_id = await finished_game(node, "tictactoe", MOVES)
    url = f"{node.url}/api/games/{room_id}-1/analysis"
    assert (await http("POST", url))[0] == 202
    document = await wait_done(node, f"{room_id}-1")

    postgres.start()
    await archived(node.url, f"{room_id}-1")
    redis_server.client().delete(analysis_key(room_id, 1))  # as after RECORD_TTL_S
    status, kept = await http("GET", url)
    assert status == 200 and kept == document
