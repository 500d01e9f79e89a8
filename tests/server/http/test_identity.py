"""A player identity without sign-up: an HttpOnly cookie issued on the first visit."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as redis

from server.http.identity import player_id_of
from server.play.repository import state_key
from tests.server.visitor import Visitor


@pytest.fixture
async def visitor(arena_node) -> AsyncIterator[Visitor]:
    visitor = Visitor(arena_node.url)
    yield visitor
    await visitor.close()


async def test_first_visit_gets_an_http_only_lax_identity_cookie(visitor):
    status, me = await visitor.get("/api/me")
    cookie = visitor.set_cookies()["caro_player"]
    assert status == 200 and re.fullmatch(r"[0-9a-f]{24}", me["player_id"])
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and not cookie["secure"]
    assert me["username"] is None and me["ratings"] == {}


async def test_the_cookie_keeps_the_same_identity_and_is_not_issued_again(visitor):
    _, first = await visitor.get("/api/me")
    _, second = await visitor.get("/api/me")
    assert second["player_id"] == first["player_id"]
    assert "caro_player" not in visitor.set_cookies()


@pytest.mark.parametrize("page", ["/", "/puzzles", "/tournaments", "/leaderboard"])
async def test_any_page_of_the_app_brings_the_identity_its_first_requests_share(visitor, page):
    status, _ = await visitor.get(page)
    assert status == 200 and "caro_player" in visitor.set_cookies()
    answers = await asyncio.gather(*(visitor.get("/api/me") for _ in range(3)))
    assert {me["player_id"] for _, me in answers} == {player_id_of(visitor.cookie("caro_player"))}


async def test_static_files_issue_no_identity(visitor):
    status, _ = await visitor.get("/static/index.html")
    assert status == 200 and "caro_player" not in visitor.set_cookies()


async def test_the_player_id_is_not_the_cookie_secret(visitor):
    _, me = await visitor.get("/api/me")
    assert visitor.cookie("caro_player") not in json.dumps(me)


async def test_two_visitors_get_different_identities(arena_node, visitor):
    other = Visitor(arena_node.url)
    try:
        assert (await visitor.get("/api/me"))[1]["player_id"] \
            != (await other.get("/api/me"))[1]["player_id"]
    finally:
        await other.close()


async def test_identity_cookie_is_secure_when_the_page_came_over_https(server_factory):
    node = server_factory.start(env={"TRUST_PROXY": "1"})
    visitor = Visitor(node.url)
    try:
        await visitor.get("/api/me", headers={"X-Forwarded-Proto": "https"})
        assert visitor.set_cookies()["caro_player"]["secure"]
    finally:
        await visitor.close()


async def test_a_room_links_each_seat_to_its_players_identity(arena_node, visitor, redis_url):
    _, me = await visitor.get("/api/me")
    status, room = await visitor.post("/api/rooms", {"variant": "gomoku", "your_side": "first"})
    joiner = Visitor(arena_node.url)
    client = redis.from_url(redis_url, decode_responses=True)
    try:
        _, joiner_me = await joiner.get("/api/me")
        socket = await joiner.socket(room["room_id"])
        record = json.loads(await client.hget(state_key(room["room_id"]), "data"))
        await socket.close()
    finally:
        await joiner.close()
        await client.aclose()
    assert status == 201
    assert record["seats"]["1"]["player_id"] == me["player_id"]
    assert record["seats"]["2"]["player_id"] == joiner_me["player_id"]


async def test_the_public_room_state_names_no_identity(visitor):
    _, me = await visitor.get("/api/me")
    _, room = await visitor.post("/api/rooms", {"variant": "gomoku"})
    _, state = await visitor.get(f"/api/rooms/{room['room_id']}")
    assert me["player_id"] not in json.dumps(state)


async def test_the_identity_cookie_alone_holds_no_seat(visitor):
    _, room = await visitor.post("/api/rooms", {"variant": "gomoku", "opponent": "ai"})
    socket = await visitor.socket(room["room_id"])
    try:
        assert socket.seat is None
        reply = await socket.move("h8")
        assert reply["type"] == "error" and reply["code"] == "not_a_player"
    finally:
        await socket.close()


async def test_a_rated_room_from_an_anonymous_player_is_refused(visitor):
    status, data = await visitor.post("/api/rooms", {"variant": "gomoku", "rated": True})
    assert (status, data["error"]) == (400, "not_rated_eligible")
