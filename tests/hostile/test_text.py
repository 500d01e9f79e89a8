"""Hostile text: lone UTF-16 surrogates, control and bidirectional-override characters in
names, chat lines and cids. Each is refused with its documented code where it arrives (HTTP
`400 bad_request`, socket `bad_message`), commands' sockets stay open, and nothing is stored."""

from __future__ import annotations

import pytest

from tests.hostile.conftest import public_state, start_game
from tests.server.client import Player, create_room, http

LONE_SURROGATE = '"\\ud800"'  # JSON text: an escaped lone surrogate, valid JSON syntax
BAD_NAMES = ["x\n\nc3 c2 c1", "nul\u0000", "\u202eevil", "tab\there", "line\u2028sep",
             "iso\u2066late"]


async def post_raw(node, path: str, body: str) -> tuple[int, dict]:
    return await http("POST", f"{node.url}{path}", raw=body.encode())


@pytest.mark.parametrize("path", ["/api/rooms", "/api/quickplay", "join"])
async def test_a_lone_surrogate_in_a_name_is_a_bad_request(hostile_node, path):
    if path == "join":
        room = await create_room(hostile_node.url, variant="gomoku")
        path = f"/api/rooms/{room['room_id']}/join"
    status, body = await post_raw(hostile_node, path,
                                  f'{{"variant": "gomoku", "name": {LONE_SURROGATE}}}')
    assert (status, body["error"]) == (400, "bad_request")


async def test_utf8_bytes_of_a_surrogate_in_a_body_are_a_bad_request(hostile_node):
    raw = b'{"variant": "gomoku", "name": "\xed\xa0\x80"}'
    status, body = await http("POST", f"{hostile_node.url}/api/rooms", raw=raw)
    assert (status, body["error"]) == (400, "bad_request")


@pytest.mark.parametrize("name", BAD_NAMES)
async def test_a_name_with_control_or_bidi_override_characters_is_refused(hostile_node, name):
    status, body = await http("POST", f"{hostile_node.url}/api/quickplay",
                              {"variant": "gomoku", "name": name})
    assert (status, body["error"]) == (400, "bad_request")


async def test_a_right_to_left_name_is_accepted_and_trimmed(hostile_node):
    room = await create_room(hostile_node.url, variant="gomoku", name="  سارة  ")
    assert room["state"]["seats"][str(room["seat"])]["name"] == "سارة"


@pytest.mark.parametrize("name", ["\ud800", *BAD_NAMES])
async def test_a_hello_with_a_bad_name_is_bad_message_and_takes_no_seat(hostile_node, name):
    room = await create_room(hostile_node.url, variant="gomoku")
    before = await public_state(hostile_node, room["room_id"])
    guest = await Player.join(hostile_node.ws_url, room["room_id"], hello=False)
    await guest.send_raw(f'{{"type": "hello", "name": {_json_string(name)}}}')
    code, _ = await guest.closed()
    assert code == 4400 and guest.received[-1]["code"] == "bad_message"
    assert await public_state(hostile_node, room["room_id"]) == before


def _json_string(text: str) -> str:
    """`text` as a JSON string with every non-ASCII character escaped (so a lone surrogate
    travels as the six characters of its escape, as a hostile client would send it)."""
    return '"' + "".join(c if " " <= c < "\x7f" and c not in '"\\' else f"\\u{ord(c):04x}"
                         for c in text) + '"'


@pytest.mark.parametrize("frame", [
    '{"type": "chat", "text": "\\ud800"}',
    '{"type": "chat", "text": "hi", "cid": "\\udfff"}',
    '{"type": "move", "move": "h9", "cid": "\\ud800x"}',
    '{"type": "chat", "text": "two\\nlines"}',
    '{"type": "chat", "text": "\\u202egnol"}',
], ids=["chat-surrogate", "chat-cid-surrogate", "move-cid-surrogate", "chat-newline",
        "chat-override"])
async def test_hostile_text_in_a_command_is_bad_message_and_the_socket_stays_open(
        hostile_node, frame):
    game = await start_game(hostile_node)
    before = await public_state(hostile_node, game.room_id)
    second = await Player.join(hostile_node.ws_url, game.room_id, token=game.second_token)
    await second.send_raw(frame)
    error = await second.wait_for("error")
    assert error["code"] == "bad_message"
    await second.send(type="ping")
    assert (await second.wait_for("pong"))["type"] == "pong"
    after = await public_state(hostile_node, game.room_id)
    assert after == before
    await second.close()


async def test_a_chat_line_may_hold_direction_marks(hostile_node):
    game = await start_game(hostile_node)
    second = await Player.join(hostile_node.ws_url, game.room_id, token=game.second_token)
    text = "\u200fمرحبا h8\u200e"
    event = await second.command("chat", text=text)
    assert (event["type"], event["text"]) == ("chat", text)
    later = await Player.join(hostile_node.ws_url, game.room_id, watch=True)
    history = await later.wait_for("chat_history", lambda m: m["channel"] == "players")
    assert history["lines"][-1]["text"] == text
    await second.close()
