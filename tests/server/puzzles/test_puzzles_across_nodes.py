"""Puzzle attempts on two nodes sharing one Redis and one PostgreSQL: an attempt started on
one node goes on on the other, and the same move sent to both at once is counted once, so
the player's and the puzzle's ratings change exactly once per attempt."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa

from server.players.store_sql.database import open_database
from server.players.store_sql.schema import puzzle_attempts, puzzle_ratings, puzzles
from tests.server.conftest import FAST_ENV
from tests.server.puzzles.helpers import add_puzzles, database_url
from tests.server.puzzles.samples import many
from tests.server.visitor import Visitor

pytestmark = pytest.mark.slow


@pytest.fixture
def two_nodes(server_factory, postgres_server):
    env = FAST_ENV | {"DATABASE_URL": postgres_server.create_database()}
    return server_factory.start_many(["node-a", "node-b"], env=env)


async def post_on(visitor: Visitor, base_url: str, path: str, body: dict) -> tuple[int, dict]:
    visitor.base_url = base_url
    return await visitor.post(path, body)


async def stored(node) -> tuple[dict, dict, int]:
    """Each puzzle's plays, each player's rated attempts, and the attempts that ended."""
    engine = open_database(database_url(node))
    try:
        async with engine.connect() as connection:
            plays = dict((await connection.execute(
                sa.select(puzzles.c.id, puzzles.c.plays))).all())
            rated = dict((await connection.execute(
                sa.select(puzzle_ratings.c.player_id, puzzle_ratings.c.attempts))).all())
            ended = await connection.scalar(sa.select(sa.func.count()).select_from(
                puzzle_attempts).where(puzzle_attempts.c.status != "open"))
    finally:
        await engine.dispose()
    return plays, rated, int(ended or 0)


async def test_an_attempt_goes_on_on_the_other_node_and_is_rated_once(two_nodes):
    node_a, node_b = two_nodes
    (puzzle,) = many(1)
    await add_puzzles(node_a, [puzzle])
    visitor = Visitor(node_a.url)
    try:
        path = f"/api/puzzles/{puzzle.id}/move"
        status, first = await post_on(visitor, node_a.url, path, {"moves": [puzzle.line[0]]})
        assert status == 200 and first["reply"] == puzzle.line[1]
        status, last = await post_on(visitor, node_b.url, path, {"moves": list(puzzle.line)})
        assert status == 200 and last["solved"] and last["rating_change"] > 0
        status, again = await post_on(visitor, node_a.url, path, {"moves": list(puzzle.line)})
        assert (status, again["error"]) == (409, "puzzle_finished")
        plays, rated, ended = await stored(node_a)
        assert plays[puzzle.id] == 1 and list(rated.values()) == [1] and ended == 1
    finally:
        await visitor.close()


async def test_the_same_moves_sent_to_both_nodes_at_once_count_once(two_nodes):
    node_a, node_b = two_nodes
    raced = many(5, rows=2)
    await add_puzzles(node_a, raced)
    first, second = Visitor(node_a.url), Visitor(node_b.url)
    try:
        await first.get("/api/me")
        second.session.cookie_jar.update_cookies(
            {m.key: m.value for m in first.session.cookie_jar})  # one player, two tabs
        for puzzle in raced:
            path = f"/api/puzzles/{puzzle.id}/move"
            for moves in ([puzzle.line[0]], list(puzzle.line)):
                answers = await asyncio.gather(first.post(path, {"moves": moves}),
                                               second.post(path, {"moves": moves}))
                accepted = [body for status, body in answers if status == 200]
                refused = [body["error"] for status, body in answers if status != 200]
                assert len(accepted) == 1, answers
                assert refused[0] in ("puzzle_out_of_step", "puzzle_finished")
        plays, rated, ended = await stored(node_a)
        assert all(plays[p.id] == 1 for p in raced)
        assert list(rated.values()) == [5] and ended == 5
    finally:
        await first.close()
        await second.close()
