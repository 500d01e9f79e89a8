"""Finished analyses kept with their archived games in SQL (server/players/store_sql/analyses.py),
and the node's store that reads Redis, then SQL (server/analysis/store.py), on a real
Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import redis.asyncio as redis

from engine.review import REVIEW_VERSION
from server.analysis.store import ArchivedAnalysisStore, RedisAnalysisStore
from server.platform.keys import analysis_key
from server.players.store_sql.analyses import StoredAnalysis, load_analysis, save_analysis
from server.players.store_sql.archive import archive_game
from tests.server.games import T0, finished_game


def analysis(judgement: str, version: int = 1) -> StoredAnalysis:
    document = {"status": "done", "progress": 1.0, "updated_at": T0,
                "moves": [{"ply": 0, "move": "h8", "score": 12, "best": "h8", "pv": ["h8", "h9"],
                           "judgement": judgement}],
                "accuracy": {"first": 97.5, "second": 88.0}}
    return StoredAnalysis(document, version, {"nodes": 400_000, "ms": 5_000}, T0 + 90_000)


async def test_an_archived_games_analysis_reads_back_whole(engine):
    game = finished_game()
    await archive_game(engine, game, now=T0)
    assert await save_analysis(engine, game["id"], analysis("best"))
    assert await load_analysis(engine, game["id"]) == analysis("best")


async def test_a_game_not_archived_keeps_no_analysis(engine):
    game = finished_game()
    assert not await save_analysis(engine, game["id"], analysis("best"))
    assert await load_analysis(engine, game["id"]) is None


async def test_saving_again_replaces_the_games_analysis(engine):
    game = finished_game()
    await archive_game(engine, game, now=T0)
    await save_analysis(engine, game["id"], analysis("best"))
    assert await save_analysis(engine, game["id"], analysis("mistake", version=2))
    stored = await load_analysis(engine, game["id"])
    assert stored == analysis("mistake", version=2)


@pytest.fixture
async def store(engine, redis_url) -> AsyncIterator[ArchivedAnalysisStore]:
    client = redis.from_url(redis_url)
    yield ArchivedAnalysisStore(RedisAnalysisStore(client, 60), engine, {"nodes": 1, "ms": 1})
    await client.aclose()


async def forget_in_redis(store: ArchivedAnalysisStore, game: dict) -> None:
    """As after RECORD_TTL_S."""
    await store.live.redis.delete(analysis_key(game["room_id"], game["game_no"]))


async def test_an_analysis_done_before_its_game_is_archived_is_kept_when_it_is(store, engine):
    game = finished_game()
    document = analysis("best").document
    await store.save(game["room_id"], 1, document)
    assert await load_analysis(engine, game["id"]) is None  # no archived game to keep it with
    await archive_game(engine, game, now=T0)
    await store.archived(game["room_id"], 1)  # what the outbox does after archiving
    await forget_in_redis(store, game)
    assert await store.load(game["room_id"], 1) == document


async def test_an_analysis_done_after_its_game_is_archived_outlives_the_redis_copy(store,
                                                                                  engine):
    game = finished_game()
    await archive_game(engine, game, now=T0)
    await store.save(game["room_id"], 1, analysis("best").document)
    await forget_in_redis(store, game)
    assert await store.load(game["room_id"], 1) == analysis("best").document
    assert (await load_analysis(engine, game["id"])).engine_version == REVIEW_VERSION


async def test_an_unfinished_analysis_is_not_kept(store, engine):
    game = finished_game()
    await archive_game(engine, game, now=T0)
    await store.save(game["room_id"], 1, analysis("best").document | {"status": "running"})
    assert await load_analysis(engine, game["id"]) is None


async def test_an_analysis_by_an_older_review_reads_as_none(store, engine):
    game = finished_game()
    await archive_game(engine, game, now=T0)
    await save_analysis(engine, game["id"], analysis("best", version=REVIEW_VERSION - 1))
    assert await store.load(game["room_id"], 1) is None
