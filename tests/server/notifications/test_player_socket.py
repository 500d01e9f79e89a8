"""`/ws/me`, the player's own socket (docs/protocol.md §3b), and the notifications API (§2e):
what a tab gets when it opens, live, and after marking read; and every refusal."""

from __future__ import annotations

import json

import pytest
import websockets

from tests.server.client import WAIT_S, http
from tests.server.notifications.helpers import game_won_while_away, unread_becomes
from tests.server.visitor import Visitor


async def test_a_tab_opens_with_who_it_is_and_the_newest_notifications(visitors):
    visitor = visitors()
    status, me = await visitor.get("/api/me")
    tab = await visitor.player_socket()
    assert tab.welcome["player_id"] == me["player_id"] and tab.welcome["username"] is None
    snapshot = await tab.wait_for("notifications")
    assert snapshot == {"type": "notifications", "unread": 0, "items": []}
    await tab.close()


async def test_a_game_ended_while_away_reaches_the_open_tab_and_is_kept_unread(visitors):
    visitor = visitors()
    await visitor.get("/api/me")
    tab = await visitor.player_socket()
    room_id = await game_won_while_away(visitor)

    item = (await tab.wait_for("notification"))["item"]
    assert item["kind"] == "game_ended" and item["read"] is False
    assert item["data"]["room_id"] == room_id and item["data"]["outcome"] == "win"
    assert item["data"]["reason"] == "resign" and item["data"]["game_id"] == f"{room_id}-1"
    status, page = await visitor.get("/api/notifications")
    assert status == 200 and page["unread"] == 1 and page["items"] == [item]
    await tab.close()


async def test_a_player_watching_their_game_end_gets_no_notice(visitors):
    host, guest = visitors(), visitors()
    status, room = await host.post("/api/rooms", {"variant": "gomoku", "your_side": "first"})
    status, joined = await guest.post(f"/api/rooms/{room['room_id']}/join")
    host_room = await host.socket(room["room_id"], token=room["token"])
    guest_room = await guest.socket(room["room_id"], token=joined["token"])
    tab = await host.player_socket()
    await tab.wait_for("notifications")
    assert (await guest_room.command("resign"))["type"] == "game_over"
    await host_room.wait_for("game_over")
    # Then a game the host is away from: its notice is the first to arrive.
    away = await game_won_while_away(host)
    item = (await tab.wait_for("notification"))["item"]
    assert item["data"]["room_id"] == away
    for socket in (host_room, guest_room, tab):
        await socket.close()


async def test_marking_read_updates_every_tab_of_the_player(visitors):
    visitor = visitors()
    await visitor.get("/api/me")
    await game_won_while_away(visitor)
    await game_won_while_away(visitor)
    await unread_becomes(visitor, 2)
    one, two = await visitor.player_socket(), await visitor.player_socket()
    snapshot = await one.wait_for("notifications")
    assert snapshot["unread"] == 2
    first = snapshot["items"][-1]["id"]

    status, answer = await visitor.post("/api/notifications/read", {"ids": [first]})
    assert status == 200 and answer == {"unread": 1}
    for tab in (one, two):
        assert await tab.wait_for("read") == {"type": "read", "ids": [first], "unread": 1}
    status, answer = await visitor.post("/api/notifications/read", {})
    assert answer == {"unread": 0}
    assert (await two.wait_for("read", lambda m: m["unread"] == 0))["ids"] != [first]
    await one.close()
    await two.close()


async def test_notifications_page_through_with_the_next_cursor(visitors):
    visitor = visitors()
    await visitor.get("/api/me")
    for _ in range(3):
        await game_won_while_away(visitor)
    await unread_becomes(visitor, 3)
    status, first = await visitor.get("/api/notifications?limit=2")
    assert len(first["items"]) == 2 and first["next"] == first["items"][-1]["id"]
    status, rest = await visitor.get(f"/api/notifications?limit=2&before={first['next']}")
    assert len(rest["items"]) == 1 and rest["next"] is None


async def test_the_tab_answers_ping_and_refuses_anything_else(visitors):
    visitor = visitors()
    await visitor.get("/api/me")
    tab = await visitor.player_socket()
    await tab.send(type="ping")
    assert "now" in await tab.wait_for("pong")
    await tab.send(type="hello")
    assert (await tab.wait_for("error"))["code"] == "unknown_type"
    await tab.send_raw("not json")
    assert (await tab.wait_for("error"))["code"] == "bad_message"
    await tab.send_raw(json.dumps([1, 2]))
    assert (await tab.wait_for("error"))["code"] == "bad_message"
    await tab.close()


async def test_a_tab_without_an_identity_is_refused(arena_node):
    socket = await websockets.connect(f"{arena_node.ws_url}/ws/me", open_timeout=WAIT_S)
    message = json.loads(await socket.recv())
    assert message["type"] == "error" and message["code"] == "not_authenticated"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await socket.recv()
    assert closed.value.rcvd.code == 4401


async def test_a_tab_from_a_foreign_origin_is_refused(arena_node):
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(f"{arena_node.ws_url}/ws/me", open_timeout=WAIT_S,
                                 additional_headers={"Origin": "https://evil.example"})
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize("query", ["limit=0", "limit=51", "limit=x", "before=abc"])
async def test_a_bad_page_query_is_refused(arena_node, query):
    status, error = await http("GET", f"{arena_node.url}/api/notifications?{query}")
    assert status == 400 and error["error"] == "bad_request"


@pytest.mark.parametrize("body", [{"ids": "all"}, {"ids": [1.5]}, {"ids": list(range(51))}])
async def test_a_bad_read_body_is_refused(arena_node, body):
    status, error = await http("POST", f"{arena_node.url}/api/notifications/read", body)
    assert status == 400 and error["error"] == "bad_request"


async def test_a_tab_flooding_its_socket_is_refused_then_closed(visitors):
    visitor = visitors()
    await visitor.get("/api/me")
    tab = await visitor.player_socket()
    for _ in range(80):
        await tab.send(type="ping")
    code, _reason = await tab.closed()
    refused = [m for m in tab.received if m["type"] == "error"]
    assert code == 4429 and refused and {m["code"] for m in refused} == {"rate_limited"}


async def test_player_and_room_sockets_share_the_address_cap(inprocess_node):
    node = await inprocess_node(MAX_SOCKETS_PER_IP="2")
    visitor = Visitor(node.url)
    try:
        status, room = await visitor.post("/api/rooms", {"variant": "gomoku"})
        in_room = await visitor.socket(room["room_id"], token=room["token"])
        tab = await visitor.player_socket()
        with pytest.raises(websockets.InvalidStatus) as refused:
            await visitor.player_socket()
        assert refused.value.response.status_code == 429
        await in_room.close()
        await tab.close()
    finally:
        await visitor.close()
