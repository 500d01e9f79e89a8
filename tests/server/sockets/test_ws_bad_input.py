"""Every kind of bad input gets its protocol error, changes nothing and leaves the server up."""

from __future__ import annotations

import aiohttp
import pytest

from tests.server.client import Player, create_room, http


@pytest.fixture
async def game(arena_node):
    """A tic-tac-toe game in progress: seat 1 played b2, seat 2 is to move."""
    room = await create_room(arena_node.url, variant="tictactoe", your_side="first")
    first = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(arena_node.ws_url, room["room_id"])
    await first.move("b2")
    return room, first, second


async def room_version(node, room_id: str) -> int:
    status, state = await http("GET", f"{node.url}/api/rooms/{room_id}")
    assert status == 200
    return state["v"]


@pytest.mark.parametrize(("raw", "code"), [
    ("{not json", "bad_message"),
    ("[1, 2]", "bad_message"),
    ('{"no_type": 1}', "bad_message"),
    ('{"type": "fly"}', "unknown_type"),
    ('{"type": "move"}', "bad_message"),
    ('{"type": "move", "move": 42}', "bad_message"),
    ('{"type": "move", "move": "zz9"}', "bad_notation"),
    ('{"type": "move", "move": "b2"}', "illegal_move"),
    ('{"type": "move", "move": "d1"}', "illegal_move"),
    ('{"type": "move", "move": "a4"}', "illegal_move"),
    ('{"type": "chat"}', "bad_message"),
    ('{"type": "draw_accept"}', "nothing_pending"),
    ('{"type": "rematch_offer"}', "game_not_over"),
    ('{"type": "sync"}', "bad_message"),
    ('{"type": "hello"}', "bad_message"),
    ('{"type": "move", "move": "a1", "cid": 7}', "bad_message"),
])
async def test_bad_message_gets_its_error_code_and_changes_nothing(arena_node, game, raw, code):
    room, first, second = game
    before = await room_version(arena_node, room["room_id"])
    await second.send_raw(raw)
    error = await second.wait_for("error")
    assert error["code"] == code
    assert await room_version(arena_node, room["room_id"]) == before


async def test_move_out_of_turn_is_refused(arena_node, game):
    room, first, second = game
    assert (await first.move("a1"))["code"] == "not_your_turn"


async def test_move_after_the_game_is_over_is_refused(arena_node, game):
    room, first, second = game
    await second.command("resign")
    assert (await first.move("a1"))["code"] == "game_over"


async def test_wrong_token_is_refused_and_the_socket_closed(arena_node, game):
    room, first, second = game
    intruder = await Player.join(arena_node.ws_url, room["room_id"], hello=False)
    await intruder.send(type="hello", token="not-the-token")
    assert (await intruder.wait_for("error"))["code"] == "bad_token"
    assert (await intruder.closed())[0] == 4401


async def test_unknown_room_is_refused_with_room_not_found(arena_node):
    socket = await Player.join(arena_node.ws_url, "nosuchroom00", hello=False)
    await socket.send(type="hello")
    assert (await socket.wait_for("error"))["code"] == "room_not_found"
    assert (await socket.closed())[0] == 4404


async def test_first_message_not_a_hello_closes_with_4400(arena_node, game):
    room, first, second = game
    socket = await Player.join(arena_node.ws_url, room["room_id"], hello=False)
    await socket.send(type="move", move="a1")
    assert (await socket.wait_for("error"))["code"] == "not_authenticated"
    assert (await socket.closed())[0] == 4400


async def test_frame_over_4_kib_closes_with_1009_and_changes_nothing(arena_node, game):
    room, first, second = game
    before = await room_version(arena_node, room["room_id"])
    await second.send_raw('{"type": "chat", "text": "' + "x" * 5000 + '"}')
    assert (await second.closed())[0] == 1009
    assert await room_version(arena_node, room["room_id"]) == before
    assert (await first.move("a1"))["code"] == "not_your_turn"  # the server is still serving


async def test_message_flood_is_rate_limited_then_closed(arena_node, game):
    room, first, second = game
    for _ in range(100):
        await second.send(type="ping")
    code, _reason = await second.closed()
    assert code == 4429
    assert any(m.get("code") == "rate_limited" for m in second.received)


async def test_chat_flood_is_rate_limited(arena_node, game):
    room, first, second = game
    for index in range(7):
        await second.send(type="chat", text=f"spam {index}")
    assert (await second.wait_for("error"))["code"] == "rate_limited"


async def test_overlong_chat_is_refused(arena_node, game):
    room, first, second = game
    assert (await second.command("chat", text="x" * 301))["code"] == "chat_too_long"


async def test_forbidden_origin_gets_403_origin_forbidden(arena_node, game):
    room, first, second = game
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as info:
            await session.ws_connect(f"{arena_node.url}/ws/{room['room_id']}",
                                     headers={"Origin": "https://evil.example"})
    assert info.value.status == 403


async def test_same_host_origin_is_allowed(arena_node, game):
    room, first, second = game
    host = arena_node.url.removeprefix("http://")
    watcher = await Player.join(arena_node.ws_url, room["room_id"], origin=f"http://{host}",
                                watch=True)
    assert watcher.welcome["type"] == "welcome"


@pytest.mark.slow
async def test_no_hello_within_ten_seconds_closes_with_auth_timeout(arena_node, game):
    room, first, second = game
    socket = await Player.join(arena_node.ws_url, room["room_id"], hello=False)
    assert (await socket.wait_for("error", within=15))["code"] == "auth_timeout"
    assert (await socket.closed())[0] == 4401


async def test_binary_frame_is_a_bad_message(arena_node, game):
    room, first, second = game
    await second.send_raw(b"\x00\x01")
    assert (await second.wait_for("error"))["code"] == "bad_message"
