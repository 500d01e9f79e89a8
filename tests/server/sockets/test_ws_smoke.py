"""Smoke: create a room over HTTP, two sockets play tic-tac-toe to a win."""

from __future__ import annotations

from tests.server.client import Player, create_room


async def test_two_players_play_tictactoe_to_a_win(arena_node):
    room = await create_room(arena_node.url, variant="tictactoe", your_side="first")
    lan = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    minh = await Player.join(arena_node.ws_url, room["room_id"], name="Minh")
    assert (lan.seat, minh.seat) == (1, 2) and minh.welcome["token"]
    for who, move in ((lan, "a1"), (minh, "a3"), (lan, "b1"), (minh, "b3")):
        assert (await who.move(move))["type"] == "move"
    await lan.move("c1")
    over = await minh.wait_for("game_over")
    assert over["result"]["winner"] == 1
