"""Finished analyses kept with their archived games in SQL (server/store_sql/analyses.py)."""

from __future__ import annotations

from server.store_sql.analyses import StoredAnalysis, load_analysis, save_analysis
from server.store_sql.archive import archive_game
from tests.store.games import T0, finished_game


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
