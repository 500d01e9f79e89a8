"""`caro-arena serve` without REDIS_URL: the same game server on the in-process store."""

from __future__ import annotations

from tests.server.client import Player, create_room
from tests.server.conftest import FAST_ENV
from tests.server.finished import finish_game
from tests.server.players.test_archive import archived


async def test_embedded_store_node_plays_a_game_against_the_ai(server_factory):
    node = server_factory.start("node-embedded", embedded=True, env=FAST_ENV)
    room = await create_room(node.url, variant="connect4", opponent="ai", your_side="first")
    me = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    assert (await me.move("4"))["type"] == "move"
    reply = await me.wait_for("move", lambda m: m["seat"] == 2)
    assert reply["ply"] == 2
    assert "embedded in-process store" in node.log_path.read_text()


async def test_embedded_store_node_archives_finished_games_in_its_sqlite_file(server_factory):
    node = server_factory.start("node-embedded", embedded=True, env=FAST_ENV)
    state = await finish_game(node.url)
    game = await archived(node.url, state["game_id"])
    assert game["moves"] == state["moves"]
