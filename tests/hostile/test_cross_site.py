"""Cross-site request forgery: a foreign page can make a visitor's browser POST to us, but only
as a "simple" request (text/plain, a form) or with its own Origin. Both are refused before
anything changes: a room is not created, a free seat is not taken."""

from __future__ import annotations

import pytest

from tests.hostile.conftest import public_state
from tests.server.client import create_room, http

SIMPLE_TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]


@pytest.mark.parametrize("content_type", SIMPLE_TYPES)
async def test_a_post_that_is_not_json_is_refused_with_415(hostile_node, content_type):
    status, body = await http("POST", f"{hostile_node.url}/api/rooms",
                              raw=b'{"variant": "gomoku", "public": true}',
                              headers={"Content-Type": content_type})
    assert (status, body["error"]) == (415, "bad_content_type")


async def test_a_text_plain_join_does_not_take_the_free_seat(hostile_node):
    room = await create_room(hostile_node.url, variant="gomoku")
    status, body = await http("POST", f"{hostile_node.url}/api/rooms/{room['room_id']}/join",
                              raw=b"{}", headers={"Content-Type": "text/plain"})
    assert (status, body["error"]) == (415, "bad_content_type")
    assert (await public_state(hostile_node, room["room_id"]))["status"] == "waiting"


@pytest.mark.parametrize("origin", ["https://evil.example", "http://127.0.0.1:1", "null"])
async def test_a_post_from_a_foreign_origin_is_refused_with_403(hostile_node, origin):
    room = await create_room(hostile_node.url, variant="gomoku")
    for path in ("/api/rooms", "/api/quickplay", f"/api/rooms/{room['room_id']}/join"):
        status, body = await http("POST", f"{hostile_node.url}{path}", {"variant": "gomoku"},
                                  headers={"Origin": origin})
        assert (status, body["error"]) == (403, "origin_forbidden"), path
    assert (await public_state(hostile_node, room["room_id"]))["status"] == "waiting"


async def test_a_json_post_from_the_servers_own_page_is_accepted(hostile_node):
    status, body = await http("POST", f"{hostile_node.url}/api/rooms", {"variant": "gomoku"},
                              headers={"Origin": hostile_node.url})
    assert status == 201 and body["seat"] in (1, 2)
