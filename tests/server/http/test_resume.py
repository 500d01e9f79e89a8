"""An unfinished game follows its account: listed on another device, resumed there."""

from __future__ import annotations

import secrets

import pytest

from tests.server.finished import end_game, open_game
from tests.server.visitor import Visitor

PASSWORD = "correct horse battery"


async def two_devices(visitors) -> tuple[Visitor, Visitor]:
    phone, laptop, username = visitors(), visitors(), f"d_{secrets.token_hex(5)}"
    await phone.post("/api/account/register", {"username": username, "password": PASSWORD})
    await laptop.post("/api/account/login", {"username": username, "password": PASSWORD})
    return phone, laptop


@pytest.mark.redis_cluster
async def test_a_game_opened_on_one_device_is_listed_and_resumed_on_another(arena_node,
                                                                            visitors):
    phone, laptop = await two_devices(visitors)
    game = await open_game(arena_node.url, phone)
    _, listed = await laptop.get("/api/me/rooms")
    status, resumed = await laptop.post(f"/api/rooms/{game.room_id}/resume")
    assert [room["room_id"] for room in listed["rooms"]] == [game.room_id]
    assert listed["rooms"][0]["seats"]["1"]["username"] is not None  # names the players
    assert status == 200 and resumed["seat"] == 1 and resumed["token"] != game.first_token
    socket = await laptop.socket(game.room_id, token=resumed["token"])
    try:
        assert socket.seat == 1 and (await socket.move("h8"))["type"] == "move"
    finally:
        await socket.close()


async def test_the_first_devices_token_still_holds_the_seat_after_a_resume(arena_node,
                                                                          visitors):
    phone, laptop = await two_devices(visitors)
    game = await open_game(arena_node.url, phone)
    await laptop.post(f"/api/rooms/{game.room_id}/resume")
    socket = await phone.socket(game.room_id, token=game.first_token)
    try:
        assert socket.seat == 1
    finally:
        await socket.close()


async def test_someone_else_cannot_resume_a_seat(arena_node, visitors):
    phone, _laptop = await two_devices(visitors)
    game = await open_game(arena_node.url, phone)
    status, body = await visitors().post(f"/api/rooms/{game.room_id}/resume")
    assert (status, body["error"]) == (400, "not_a_player")


async def test_a_finished_game_leaves_the_unfinished_list(arena_node, visitors):
    phone, laptop = await two_devices(visitors)
    await end_game(await open_game(arena_node.url, phone))
    assert (await laptop.get("/api/me/rooms"))[1]["rooms"] == []
