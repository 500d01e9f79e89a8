"""Game analysis over HTTP against a live node: request, progress, the judged moves, reuse of a
stored analysis, the analysis board's position search, export by game id, errors and limits."""

from __future__ import annotations

import asyncio

import redis.asyncio as redis

from engine.formats import import_sgf
from server.platform.keys import analysis_key
from server.play.repository import record_key
from tests.server.client import Player, create_room, http
from tests.server.players.test_archive import archived

POLL_S, POLL_LIMIT = 0.2, 300  # at most a minute: the first request starts the workers


async def finished_game(node, variant: str, moves: list[str], loser_resigns: bool = False):
    room = await create_room(node.url, variant=variant, your_side="first")
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node.ws_url, room["room_id"])
    for ply, move in enumerate(moves):
        await (first if ply % 2 == 0 else second).move(move)
    if loser_resigns:
        await second.command("resign")
    await first.wait_for("game_over")
    return room["room_id"]


async def wait_done(node, game_id: str) -> dict:
    for _ in range(POLL_LIMIT):
        status, document = await http("GET", f"{node.url}/api/games/{game_id}/analysis")
        assert status == 200 and document["status"] in ("queued", "running", "done")
        if document["status"] == "done":
            return document
        await asyncio.sleep(POLL_S)
    raise AssertionError("the analysis did not finish")


async def test_a_finished_game_is_analysed_move_by_move_and_the_result_reused(arena_node):
    # Tic-tac-toe: O's edge reply b1 loses; the solver judges it exactly.
    moves = ["b2", "b1", "a1", "c3", "a3", "a2", "c1"]
    game_id = await finished_game(arena_node, "tictactoe", moves)
    url = f"{arena_node.url}/api/games/{game_id}/analysis"
    status, first = await http("POST", url)
    assert status == 202 and first["status"] in ("queued", "running")
    document = await wait_done(arena_node, game_id)
    assert [m["move"] for m in document["moves"]] == moves
    assert document["moves"][1]["judgement"] == "blunder"
    assert document["moves"][1]["result"] == "loss in 3"
    assert set(document["accuracy"]) == {"first", "second"} and document["progress"] == 1.0
    status, again = await http("POST", url)
    assert status == 200 and again == document


async def test_analysis_of_an_unknown_game_is_room_not_found(arena_node):
    status, data = await http("POST", f"{arena_node.url}/api/games/nosuchgame/analysis")
    assert (status, data["error"]) == (404, "room_not_found")


async def test_a_game_not_yet_analysed_reads_as_none(arena_node):
    game_id = await finished_game(arena_node, "gomoku", ["h8", "h9"], loser_resigns=True)
    status, document = await http("GET", f"{arena_node.url}/api/games/{game_id}/analysis")
    assert status == 200 and document["status"] == "none" and document["moves"] == []


async def test_a_games_archive_id_names_the_same_analysis_as_its_room(arena_node):
    room_id = await finished_game(arena_node, "tictactoe", ["b2", "b1", "a1", "c3", "a3", "a2",
                                                             "c1"])
    status, started = await http("POST", f"{arena_node.url}/api/games/{room_id}-1/analysis")
    assert status == 202
    status, by_room = await http("GET", f"{arena_node.url}/api/games/{room_id}/analysis")
    assert status == 200 and by_room["status"] != "none"
    status, data = await http("GET", f"{arena_node.url}/api/games/{room_id}-2/analysis")
    assert (status, data["error"]) == (404, "room_not_found")  # no second game in that room


async def test_the_analysis_board_returns_the_top_lines_of_a_position(arena_node):
    status, data = await http("POST", f"{arena_node.url}/api/analyse",
                              {"variant": "gomoku", "moves": ["h8", "h9", "i8", "i9", "j8", "j9"],
                               "multipv": 2})
    assert status == 200 and data["turn"] == 1
    assert data["forced_win"] == "vcf" and data["best"] in ("g8", "k8")
    assert len(data["lines"]) == 2 and data["lines"][0]["pv"][0] == data["best"]


async def test_the_analysis_board_refuses_bad_positions_with_their_codes(arena_node):
    url = f"{arena_node.url}/api/analyse"
    for body, code in (({"variant": "gomoku", "moves": ["h8", "h8"]}, "illegal_move"),
                       ({"variant": "gomoku", "moves": ["zz"]}, "bad_notation"),
                       ({"variant": "chess", "moves": []}, "bad_variant"),
                       ({"variant": "gomoku", "multipv": 9}, "bad_request"),
                       ({"variant": "gomoku", "moves": 5}, "bad_request")):
        status, data = await http("POST", url, body)
        assert (status, data["error"]) == (400, code), body


async def test_a_game_exports_by_id_as_sgf(arena_node):
    game_id = await finished_game(arena_node, "caro", ["h8", "h9", "i8"], loser_resigns=True)
    for some_id in (game_id, f"{game_id}-1"):  # its room's id, its archive id
        status, text = await http("GET", f"{arena_node.url}/api/games/{some_id}/export?format=sgf")
        assert status == 200 and import_sgf(text).moves == ("h8", "h9", "i8")


async def test_analysis_requests_are_rate_limited_per_address(server_factory, redis_factory):
    """On a Redis of its own: the per-address counts live there (server/platform/ip_limits.py)."""
    node = server_factory.start("node-analysis-limited", redis_url=redis_factory.start().url,
                                env={"ANALYSES_PER_MINUTE": "2"})
    statuses = []
    for _ in range(3):
        status, data = await http("POST", f"{node.url}/api/games/nosuchgame/analysis")
        statuses.append(status)
    assert statuses == [404, 404, 429] and data["error"] == "rate_limited"


async def test_board_positions_have_their_own_limit_per_address(server_factory, redis_factory):
    node = server_factory.start("node-board-limited", redis_url=redis_factory.start().url,
                                env={"ANALYSES_PER_MINUTE": "1", "BOARD_SEARCHES_PER_MINUTE": "3"})
    statuses = []
    for moves in ([], ["b2"], ["b2", "a1"], ["b2", "a1", "c3"]):
        status, data = await http("POST", f"{node.url}/api/analyse",
                                  {"variant": "tictactoe", "moves": moves})
        statuses.append(status)
    assert statuses == [200, 200, 200, 429] and data["error"] == "rate_limited"
    status, _ = await http("POST", f"{node.url}/api/games/nosuchgame/analysis")
    assert status == 404  # the game analysis limit is another one, not used up


async def test_a_pasted_psq_record_imports_as_moves_for_the_board(arena_node):
    text = "Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n9,8,0\r\nfirst.zip\r\nsecond.zip\r\n-1\r\n"
    status, data = await http("POST", f"{arena_node.url}/api/import",
                              {"format": "psq", "text": text, "variant": "caro"})
    assert status == 200 and data["variant"] == "caro" and data["moves"] == ["h8", "i8"]


async def test_an_imported_text_record_keeps_the_opening_it_was_played_under(arena_node):
    text = '[Variant "renju"]\n[Opening "swap2: place_two, white"]\n\nh8 h9 i9 g9 j10\n'
    status, data = await http("POST", f"{arena_node.url}/api/import",
                              {"format": "text", "text": text})
    assert status == 200
    assert (data["opening"], data["opening_choices"]) == ("swap2", ["place_two", "white"])


async def test_a_malformed_record_import_is_a_bad_record(arena_node):
    status, data = await http("POST", f"{arena_node.url}/api/import",
                              {"format": "sgf", "text": "(;GM[1];B[aa])"})
    assert (status, data["error"]) == (400, "bad_record")


async def test_an_archived_game_whose_redis_record_expired_is_still_analysed(arena_node,
                                                                              redis_url):
    room_id = await finished_game(arena_node, "tictactoe", ["b2", "b1", "a1", "c3", "a3", "a2",
                                                            "c1"])
    game_id = f"{room_id}-1"
    await archived(arena_node.url, game_id)
    client = redis.from_url(redis_url)
    try:  # as after RECORD_TTL_S: only the SQL archive has the game
        await client.delete(record_key(room_id, 1), record_key(room_id, "last"))
    finally:
        await client.aclose()
    status, started = await http("POST", f"{arena_node.url}/api/games/{game_id}/analysis")
    assert status == 202 and started["status"] in ("queued", "running")
    document = await wait_done(arena_node, game_id)
    assert document["moves"][1]["judgement"] == "blunder"


async def test_an_archived_games_analysis_is_kept_after_the_redis_copy_expired(arena_node,
                                                                               redis_url):
    moves = ["b2", "b1", "a1", "c3", "a3", "a2", "c1"]
    room_id = await finished_game(arena_node, "tictactoe", moves)
    game_id = f"{room_id}-1"
    await archived(arena_node.url, game_id)
    url = f"{arena_node.url}/api/games/{game_id}/analysis"
    assert (await http("POST", url))[0] == 202
    document = await wait_done(arena_node, game_id)
    client = redis.from_url(redis_url)
    try:
        await client.delete(analysis_key(room_id, 1))  # as after RECORD_TTL_S
        status, kept = await http("GET", url)
        assert status == 200 and kept == document
        assert [m["move"] for m in kept["moves"]] == moves
        status, again = await http("POST", url)
        assert status == 200 and again == document
        assert not await client.exists(analysis_key(room_id, 1))  # no new run was queued
    finally:
        await client.aclose()
