"""Rated games through a real node: ratings applied by the archive, profiles, games, leaderboard."""

from __future__ import annotations

import secrets

import pytest

from tests.server.client import Player, http
from tests.server.finished import end_game, finish_game, open_game
from tests.server.players.test_archive import archived
from tests.server.visitor import Visitor

PASSWORD = "correct horse battery"


async def account(visitor: Visitor) -> str:
    username = f"r_{secrets.token_hex(5)}"
    status, _ = await visitor.post("/api/account/register",
                                   {"username": username, "password": PASSWORD})
    assert status == 201
    return username


async def test_a_rated_game_moves_both_ratings_once_and_the_game_shows_the_change(
        arena_node, visitors):
    alice, bob = visitors(), visitors()
    alice_name, bob_name = await account(alice), await account(bob)
    state = await finish_game(arena_node.url, alice, bob, rated=True)  # bob resigns
    game = await archived(arena_node.url, state["game_id"])
    _, alice_profile = await alice.get(f"/api/players/{alice_name}")
    _, bob_profile = await bob.get(f"/api/players/{bob_name.upper()}")
    won, lost = alice_profile["ratings"]["gomoku"], bob_profile["ratings"]["gomoku"]
    assert game["rated"] and game["rating_changes"]["1"]["diff"] > 0 > \
        game["rating_changes"]["2"]["diff"]
    assert won["games"] == lost["games"] == 1 and won["rating"] > 1500 > lost["rating"]
    assert won["provisional"] and alice_profile["record"] == {"wins": 1, "draws": 0,
                                                              "losses": 0}
    assert [rating for _at, rating in alice_profile["history"]["gomoku"]] == [won["rating"]]
    assert (await alice.get("/api/me"))[1]["ratings"]["gomoku"]["rating"] == won["rating"]


async def test_the_seats_of_a_rated_room_name_both_accounts_with_their_ratings(
        arena_node, visitors):
    alice, bob = visitors(), visitors()
    alice_name, bob_name = await account(alice), await account(bob)
    first = await finish_game(arena_node.url, alice, bob, rated=True)
    await archived(arena_node.url, first["game_id"])
    _, created = await alice.post("/api/rooms", {"variant": "gomoku", "rated": True,
                                                 "your_side": "first"})
    _, joined = await bob.post(f"/api/rooms/{created['room_id']}/join", {})
    seats = joined["state"]["seats"]
    assert (seats["1"]["username"], seats["2"]["username"]) == (alice_name, bob_name)
    assert seats["1"]["rating"] > 1500 > seats["2"]["rating"]
    assert seats["1"]["provisional"] and seats["2"]["provisional"]
    _, other_game = await bob.post("/api/rooms", {"variant": "renju",
                                                 "your_side": "first"})
    assert (other_game["state"]["seats"]["1"]["rating"],
            other_game["state"]["seats"]["1"]["provisional"]) == (1500, True)


async def test_a_rematch_of_a_rated_game_starts_from_the_ratings_it_left(arena_node, visitors):
    alice, bob = visitors(), visitors()
    await account(alice)
    await account(bob)
    game = await open_game(arena_node.url, alice, bob, rated=True)
    ended = await end_game(game)  # bob resigns
    ws_base = arena_node.url.replace("http://", "ws://", 1)
    one = await Player.join(ws_base, game.room_id, token=game.first_token)
    two = await Player.join(ws_base, game.room_id, token=game.second_token)
    try:
        assert (await one.command("rematch_offer"))["type"] == "rematch_offered"
        rematch = await two.command("rematch_accept")
    finally:
        await one.close()
        await two.close()
    changes = (await archived(arena_node.url, ended["game_id"]))["rating_changes"]
    seats = rematch["state"]["seats"]  # swapped: bob opens the rematch
    assert (seats["2"]["rating"], seats["1"]["rating"]) == \
        (changes["1"]["after"], changes["2"]["after"])


async def test_registering_claims_the_games_played_before_it(arena_node, visitors):
    me = visitors()
    states = [await finish_game(arena_node.url, me) for _ in range(3)]
    for state in states:
        await archived(arena_node.url, state["game_id"])
    name = await account(me)
    _, first = await me.get(f"/api/players/{name}/games?limit=2")
    _, rest = await me.get(f"/api/players/{name}/games?limit=2&before={first['next']}")
    listed = [game["id"] for game in first["games"] + rest["games"]]
    assert listed == [state["game_id"] for state in reversed(states)] and rest["next"] is None


async def test_your_games_lists_an_anonymous_players_finished_games(arena_node, visitors):
    me = visitors()
    state = await finish_game(arena_node.url, me)
    await archived(arena_node.url, state["game_id"])
    _, mine = await me.get("/api/me/games")
    (game,) = mine["games"]
    assert (game["id"], game["seat"], game["outcome"]) == (state["game_id"], 1, "w")


async def test_unknown_player_is_404_player_not_found(arena_node):
    status, body = await http("GET", f"{arena_node.url}/api/players/nobody_here_1")
    assert (status, body["error"]) == (404, "player_not_found")


@pytest.mark.parametrize("query", ["before=notacursor", "limit=0", "limit=1000", "limit=x"])
async def test_a_bad_games_page_query_is_a_bad_request(arena_node, visitors, query):
    me = visitors()
    name = await account(me)
    status, body = await me.get(f"/api/players/{name}/games?{query}")
    assert (status, body["error"]) == (400, "bad_request")


async def test_the_profile_page_is_served_at_at_username(arena_node):
    status, text = await http("GET", f"{arena_node.url}/@/somebody")
    assert status == 200 and "<html" in text.lower()


async def test_a_rated_game_in_the_lobby_is_shown_as_rated(arena_node, visitors):
    alice = visitors()
    await account(alice)
    _, room = await alice.post("/api/rooms", {"variant": "caro9", "rated": True,
                                              "public": True})
    _, lobby = await http("GET", f"{arena_node.url}/api/rooms?open=1&variant=caro9")
    (listed,) = [r for r in lobby["rooms"] if r["room_id"] == room["room_id"]]
    assert listed["rated"] is True


async def test_a_rated_quickplay_meets_a_rated_player_and_not_a_casual_one(arena_node,
                                                                         visitors):
    casual, rated_host, rated_guest = visitors(), visitors(), visitors()
    for player in (rated_host, rated_guest):
        await account(player)
    body = {"variant": "custom-11x11-k5-freestyle"}
    _, casual_room = await casual.post("/api/quickplay", body)
    _, host_room = await rated_host.post("/api/quickplay", body | {"rated": True})
    _, guest_room = await rated_guest.post("/api/quickplay", body | {"rated": True})
    assert not host_room["matched"] and host_room["room_id"] != casual_room["room_id"]
    assert guest_room["matched"] and guest_room["room_id"] == host_room["room_id"]
    assert guest_room["state"]["rated"]
