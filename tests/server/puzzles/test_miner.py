"""The miner of archived games: each game of a puzzle variant mined once, in archive order,
its proven puzzles added with the game they came from; one node mines at a time."""

from __future__ import annotations

import pytest
import redis.asyncio as redis

from engine.puzzles.mine import Budget
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.verify import problems
from server.platform.ai_pool import AiPool
from server.platform.keys import PUZZLE_MINER_LEASE
from server.platform.metrics import ArenaMetrics
from server.players.store_sql.archive import archive_game
from server.puzzles import catalogue
from server.puzzles.miner import PuzzleMiner
from tests.server.games import T0, finished_game

pytestmark = pytest.mark.slow

# Budgets a tenth of the shipped set's: the same proofs, a weaker search for rivals.
SMALL = Budget(scan=5_000, oracle=20_000, alternative=5_000, later=2_000, hold=20_000)

# The start of a self-play game: Black wins by force at move 9, White must find j7 at move 12.
GAME = "i7 i9 g7 h7 j6 k5 h6 i6 j4 i5 j5 j7".split()


def game(variant: str, moves: list[str]) -> dict:
    entry = finished_game(variant=variant)
    return entry | {"moves": moves, "move_times": [T0 + n for n in range(len(moves))]}


@pytest.fixture
async def client(redis_server):
    client = redis.Redis.from_url(redis_server.url, decode_responses=True)
    await client.delete(PUZZLE_MINER_LEASE)
    yield client
    await client.delete(PUZZLE_MINER_LEASE)
    await client.aclose()


@pytest.mark.timeout(600)
@pytest.mark.parametrize("sql_url", ["postgresql"], indirect=True)  # the mining costs seconds
async def test_archived_games_are_mined_once_in_order_and_their_puzzles_proven(engine, client):
    skipped = game("caro9", ["e5", "e6", "d5"])
    mined = game("gomoku", GAME)
    await archive_game(engine, skipped, T0 + 10)
    await archive_game(engine, mined, T0 + 20)
    metrics = ArenaMetrics()
    live = AiPool(1, metrics, warm=False)
    miner = PuzzleMiner(engine, client, metrics, live, 1, "node-a", SMALL)
    try:
        assert await miner.lease()
        assert await miner.mine_some() == 2
        assert await miner.mine_some() == 0  # the cursor is past both
    finally:
        await miner.close()
        await live.close()
    found = await catalogue.of_game(engine, mined["id"])
    assert found and all(item["ply"] >= 6 for item in found)
    for item in found:
        stored = await catalogue.load(engine, item["id"])
        assert stored.game_id == mined["id"]
        assert problems(Puzzle(stored.id, stored.variant, stored.moves, stored.goal,
                               stored.tree, stored.line, stored.themes, 0)) == []
    assert metrics.puzzle_games._value.get() == 1


async def test_one_node_mines_at_a_time(engine, client):
    metrics = ArenaMetrics()
    first = PuzzleMiner(engine, client, metrics, None, 1, "node-a")  # type: ignore[arg-type]
    second = PuzzleMiner(engine, client, metrics, None, 1, "node-b")  # type: ignore[arg-type]
    assert await first.lease() and not await second.lease()
    assert await first.lease()  # renewed by its holder
    await client.delete(PUZZLE_MINER_LEASE)  # the holder died and its lease lapsed
    assert await second.lease() and not await first.lease()
