"""The puzzle API of docs/protocol.md §2f over HTTP on a real node: the contract's shapes,
the solution kept until the attempt ends, and every refusal with its code."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from server.puzzles.service import STREAK_START, STREAK_STEP
from tests.harness import ServerFactory
from tests.server.conftest import FAST_ENV
from tests.server.puzzles.helpers import add_puzzles, answer_key, solve
from tests.server.puzzles.samples import defence, many, vcf
from tests.server.visitor import Visitor

PUBLIC = {"id", "variant", "moves", "to_move", "goal", "rating", "themes", "plays", "attempt",
          "player"}


@pytest.fixture(scope="module")
def node(tmp_path_factory, redis_server):
    """A node of its own with the sample puzzles beside the shipped ones."""
    factory = ServerFactory(Path(tmp_path_factory.mktemp("puzzles")), redis_server.url)
    node = factory.start("puzzles-1", env=FAST_ENV)
    asyncio.run(add_puzzles(node, [vcf(), defence(), *many(3)]))
    yield node
    factory.close()


@pytest.fixture
async def visitor(node):
    visitor = Visitor(node.url)
    yield visitor
    await visitor.close()


async def test_next_gives_a_position_and_a_task_but_no_solution(visitor):
    status, puzzle = await visitor.get("/api/puzzles/next?variant=gomoku")
    assert status == 200, puzzle
    assert set(puzzle) == PUBLIC
    assert puzzle["variant"] == "gomoku" and puzzle["goal"] in ("win", "defend")
    assert puzzle["to_move"] == ("black" if len(puzzle["moves"]) % 2 == 0 else "white")
    assert puzzle["attempt"] is None and puzzle["player"]["rating"] == 1500
    assert visitor.last_headers["Cache-Control"] == "no-store"


async def test_next_gives_the_same_puzzle_again_until_it_is_played(visitor, node):
    _status, first = await visitor.get("/api/puzzles/next?theme=vcf")
    _status, again = await visitor.get("/api/puzzles/next?theme=vcf")
    assert again["id"] == first["id"]
    line = await answer_key(node, first["id"])
    if len(line) > 1:  # (a one-move puzzle is solved by its first move)
        await visitor.post(f"/api/puzzles/{first['id']}/move", {"moves": [line[0]]})
        _status, still = await visitor.get("/api/puzzles/next?theme=vcf")
        assert still["id"] == first["id"] and still["attempt"]["status"] == "open"
    await visitor.post(f"/api/puzzles/{first['id']}/give-up")
    _status, other = await visitor.get("/api/puzzles/next?theme=vcf")
    assert other["id"] != first["id"]


async def test_solving_a_puzzle_rates_the_player_and_keeps_the_solution_till_the_end(
        visitor, node):
    puzzle = vcf()
    status, refused = await visitor.get(f"/api/puzzles/{puzzle.id}/solution")
    assert (status, refused["error"]) == (403, "puzzle_not_finished")
    status, first = await visitor.post(f"/api/puzzles/{puzzle.id}/move", {"moves": ["h7"]})
    assert (status, first) == (200, {"correct": True, "reply": "g6", "solved": False,
                                     "rating_change": None, "rating": None})
    status, refused = await visitor.get(f"/api/puzzles/{puzzle.id}/solution")
    assert (status, refused["error"]) == (403, "puzzle_not_finished")
    status, last = await visitor.post(f"/api/puzzles/{puzzle.id}/move",
                                      {"moves": ["h7", "g6", "l11"]})
    assert status == 200 and last["solved"] and last["rating_change"] > 0
    status, solution = await visitor.get(f"/api/puzzles/{puzzle.id}/solution")
    assert status == 200 and solution["line"] == ["h7", "g6", "l11"]
    assert solution["played"] == ["h7", "g6", "l11"] and solution["status"] == "solved"


async def test_a_wrong_move_fails_the_attempt_and_shows_the_solution(visitor):
    puzzle = defence()
    status, answer = await visitor.post(f"/api/puzzles/{puzzle.id}/move", {"moves": ["a1"]})
    assert status == 200
    assert answer["correct"] is False and answer["solved"] is False
    assert answer["reply"] is None and answer["rating_change"] < 0
    status, solution = await visitor.get(f"/api/puzzles/{puzzle.id}/solution")
    assert status == 200 and solution["line"] == ["j7"] and solution["status"] == "failed"


async def test_replaying_a_finished_attempt_is_refused(visitor, node):
    puzzle = many(3)[0]
    await solve(visitor, node, puzzle.id)
    for moves in ([puzzle.line[0]], list(puzzle.line)):
        status, refused = await visitor.post(f"/api/puzzles/{puzzle.id}/move", {"moves": moves})
        assert (status, refused["error"]) == (409, "puzzle_finished")


async def test_moves_meant_for_another_puzzle_are_out_of_step_or_illegal(visitor):
    first, second = many(3)[1], many(3)[2]
    await visitor.post(f"/api/puzzles/{first.id}/move", {"moves": [first.line[0]]})
    # The second puzzle's page sends the first one's moves so far: not this attempt's.
    status, refused = await visitor.post(f"/api/puzzles/{second.id}/move",
                                         {"moves": list(first.line)})
    assert (status, refused["error"]) == (409, "puzzle_out_of_step")
    status, refused = await visitor.post(f"/api/puzzles/{second.id}/move",
                                         {"moves": [second.moves[0]]})
    assert (status, refused["error"]) == (400, "illegal_move")


@pytest.mark.parametrize(("path", "body", "status", "code"), [
    ("/api/puzzles/nope/move", {"moves": ["h8"]}, 404, "puzzle_not_found"),
    ("/api/puzzles/{id}/move", {"moves": []}, 400, "bad_request"),
    ("/api/puzzles/{id}/move", {"moves": ["h7" * 3]}, 400, "bad_request"),
    ("/api/puzzles/{id}/move", {"move": "h7"}, 400, "bad_request"),
    ("/api/puzzles/{id}/move", {"moves": ["zz"]}, 400, "bad_notation"),
])
async def test_malformed_moves_are_refused_with_a_code(visitor, path, body, status, code):
    answer = await visitor.post(path.replace("{id}", many(3)[1].id), body)
    assert answer[0] == status and answer[1]["error"] == code, answer


@pytest.mark.parametrize(("query", "code"), [("variant=connect4", "bad_variant"),
                                             ("theme=mate", "bad_request"),
                                             ("streak=-1", "bad_request")])
async def test_a_bad_filter_is_refused(visitor, query, code):
    status, refused = await visitor.get(f"/api/puzzles/next?{query}")
    assert status == 400 and refused["error"] == code


async def test_a_streak_asks_for_puzzles_rated_by_its_length(visitor):
    _status, easy = await visitor.get("/api/puzzles/next?variant=gomoku&streak=0")
    _status, hard = await visitor.get("/api/puzzles/next?variant=gomoku&streak=12")
    assert abs(easy["rating"] - STREAK_START) <= abs(hard["rating"] - STREAK_START)
    assert abs(hard["rating"] - (STREAK_START + 12 * STREAK_STEP)) <= abs(
        easy["rating"] - (STREAK_START + 12 * STREAK_STEP))


async def test_the_daily_puzzle_is_the_same_for_everyone(visitor, node):
    other = Visitor(node.url)
    try:
        status, daily = await visitor.get("/api/puzzles/daily")
        assert status == 200 and {"id", "date", "moves", "goal"} <= set(daily)
        _status, theirs = await other.get("/api/puzzles/daily")
        assert theirs["id"] == daily["id"] and theirs["date"] == daily["date"]
    finally:
        await other.close()


async def test_history_lists_the_players_attempts_newest_first(visitor, node):
    puzzle = many(3)[2]
    await visitor.post(f"/api/puzzles/{puzzle.id}/give-up")
    status, history = await visitor.get("/api/puzzles/history")
    assert status == 200 and history["items"][0]["puzzle_id"] == puzzle.id
    assert history["items"][0]["status"] == "failed"
    assert history["player"]["attempts"] == len(history["items"])


async def test_a_games_puzzles_are_listed_by_ply(visitor, node):
    (mined,) = many(1, rows=-3, game_id="room1-1", ply=10)
    await add_puzzles(node, [mined])
    status, found = await visitor.get("/api/puzzles/from-game/room1-1")
    assert (status, found) == (200, {"game_id": "room1-1", "puzzles": [
        {"id": mined.id, "ply": 10, "goal": "win"}]})


async def test_the_puzzles_page_is_the_client(visitor):
    status, page = await visitor.get("/puzzles")
    assert status == 200 and "<html" in page.lower()
