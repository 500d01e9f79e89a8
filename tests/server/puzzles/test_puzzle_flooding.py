"""Flooding the puzzle API: past the per-address limits (counted in Redis, so across nodes)
moves and new puzzles are refused with `rate_limited`, and the attempt is unchanged."""

from __future__ import annotations

from server.players.store_sql.database import open_database
from server.puzzles import catalogue
from tests.server.puzzles.samples import many
from tests.server.visitor import Visitor


async def test_moves_and_puzzles_past_the_limit_are_rate_limited(inprocess_node, tmp_path):
    node = await inprocess_node(PUZZLE_MOVES_PER_MINUTE="3", PUZZLES_PER_MINUTE="2")
    engine = open_database(f"sqlite:///{tmp_path / 'caro-arena.sqlite3'}")
    puzzles = many(3, rows=-4)
    try:
        await catalogue.add(engine, puzzles, 1)
    finally:
        await engine.dispose()
    visitor = Visitor(node.url)
    try:
        for _ in range(2):
            assert (await visitor.get("/api/puzzles/next"))[0] == 200
        status, refused = await visitor.get("/api/puzzles/next")
        assert (status, refused["error"]) == (429, "rate_limited")
        first = puzzles[0]
        path = f"/api/puzzles/{first.id}/move"
        assert (await visitor.post(path, {"moves": [first.line[0]]}))[0] == 200
        for puzzle in puzzles[1:]:
            assert (await visitor.post(f"/api/puzzles/{puzzle.id}/give-up"))[0] == 200
        status, refused = await visitor.post(path, {"moves": list(first.line)})
        assert (status, refused["error"]) == (429, "rate_limited")
        status, puzzle = await visitor.get(f"/api/puzzles/{first.id}")
        assert status == 429  # the page's own reload counts too
    finally:
        await visitor.close()
