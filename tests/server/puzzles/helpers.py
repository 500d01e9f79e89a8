"""A node's puzzles as a test sees them: added to its SQL store, and their answer key read
from it (the server never sends the line before an attempt ends)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.puzzles.puzzle import Puzzle
from server.players.store_sql.database import open_database
from server.puzzles import catalogue
from tests.harness import ServerNode


def database_url(node: ServerNode) -> str:
    """The node's DATABASE_URL, or the SQLite file its DATA_DIR holds."""
    url = node.extra_env.get("DATABASE_URL")
    return url or f"sqlite:///{node.log_path.parent / 'caro-arena.sqlite3'}"


async def add_puzzles(node: ServerNode, puzzles: Iterable[Puzzle]) -> None:
    engine = open_database(database_url(node))
    try:
        await catalogue.add(engine, puzzles, 1)
    finally:
        await engine.dispose()


async def answer_key(node: ServerNode, puzzle_id: str) -> tuple[str, ...]:
    """The player's part of the puzzle's solution, with the replies."""
    engine = open_database(database_url(node))
    try:
        stored = await catalogue.load(engine, puzzle_id)
    finally:
        await engine.dispose()
    assert stored is not None
    return stored.line


async def solve(visitor, node: ServerNode, puzzle_id: str) -> dict:
    """Play the solution through; returns the last answer."""
    line = await answer_key(node, puzzle_id)
    answer: dict = {}
    for ply in range(0, len(line), 2):
        status, answer = await visitor.post(f"/api/puzzles/{puzzle_id}/move",
                                            {"moves": list(line[:ply + 1])})
        assert status == 200 and answer["correct"], answer
    assert answer["solved"]
    return answer
