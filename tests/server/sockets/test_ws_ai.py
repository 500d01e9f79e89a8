"""Games against the AI and AI-vs-AI demos, over real sockets (AI searches in worker processes)."""

from __future__ import annotations

import time

import pytest

from engine.board import Board
from server.rooms.outcomes import DEMO_RESTART_MS
from tests.server.client import Player, create_room, http
from tests.server.conftest import FAST_ENV


@pytest.mark.redis_cluster
async def test_game_against_the_ai_is_played_to_the_end(arena_node):
    room = await create_room(arena_node.url, variant="tictactoe", opponent="ai", ai_level=2,
                             your_side="second")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    snapshot = await me.wait_for("snapshot")  # the AI may have moved already
    board = Board.from_moves("tictactoe", snapshot["state"]["moves"])
    while not board.is_game_over():  # at most 9 plies
        if board.turn == 1:
            ai_move = await me.wait_for("move", lambda m: m["seat"] == 1)
            board.push_str(ai_move["move"])
        else:
            mine = await me.move(board.move_str(board.legal_moves()[0]))
            assert mine["type"] == "move"
            board.push_str(mine["move"])
    over = await me.wait_for("game_over")
    outcome = board.outcome()
    assert over["result"]["winner"] == outcome.winner


@pytest.mark.redis_cluster
async def test_ai_answers_a_human_move(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", opponent="ai", your_side="first")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    await me.move("h8")
    reply = await me.wait_for("move", lambda m: m["seat"] == 2)
    assert reply["ply"] == 2 and "cid" not in reply


async def test_the_ai_answers_no_sooner_than_the_configured_pause(arena_node):
    least_s = int(FAST_ENV["AI_THINK_MS"]) / 1000
    room = await create_room(arena_node.url, variant="gomoku", opponent="ai", your_side="first")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    for mine in ("h8", "a1"):  # the AI plays near the stones, never in the corner
        sent = time.monotonic()  # before the server stamps the move, so a lower bound
        await me.move(mine)
        await me.wait_for("move", lambda m: m["seat"] == 2)
        assert time.monotonic() - sent >= least_s


async def test_takeback_against_the_ai_is_granted_at_once(arena_node):
    room = await create_room(arena_node.url, variant="gomoku", opponent="ai", your_side="first")
    me = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    await me.move("h8")
    await me.wait_for("move", lambda m: m["seat"] == 2)
    taken = await me.command("takeback_request")
    assert taken["type"] == "takeback" and taken["moves"] == []


async def test_ai_vs_ai_demo_plays_itself_to_the_end_for_a_spectator(arena_node):
    status, room = await http("POST", f"{arena_node.url}/api/rooms",
                              {"variant": "tictactoe", "opponent": "ai_vs_ai", "ai_level": 1})
    assert status == 201 and room["seat"] is None and room["token"] is None
    spectator = await Player.join(arena_node.ws_url, room["room_id"])
    assert spectator.seat is None
    state = (await spectator.wait_for("snapshot"))["state"]
    result = state["result"] or (await spectator.wait_for("game_over", within=30))["result"]
    assert result["reason"] in ("line", "board_full")


async def test_a_watched_demo_starts_its_next_game_and_an_unwatched_one_rests(arena_node):
    demo = {"variant": "tictactoe", "opponent": "ai_vs_ai", "ai_level": 1}
    watched = await create_room(arena_node.url, **demo)
    unwatched = await create_room(arena_node.url, **demo)
    spectator = await Player.join(arena_node.ws_url, watched["room_id"])
    restart = await spectator.wait_for("rematch", within=(DEMO_RESTART_MS + 20_000) / 1000)
    assert restart["state"]["game_no"] == 2 and restart["state"]["status"] == "playing"
    status, resting = await http("GET", f"{arena_node.url}/api/rooms/{unwatched['room_id']}")
    assert (resting["game_no"], resting["status"]) == (1, "finished")

