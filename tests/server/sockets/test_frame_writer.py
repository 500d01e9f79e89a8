"""Room sockets write their frames themselves (server/sockets/writer.py): the frame a server
sends, as a real WebSocket client parses it, and the fan-out's JSON bytes shared as they came."""

from __future__ import annotations

import json

import pytest
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from server.platform.compact_json import encode
from server.play.fanout import room_messages
from server.sockets.writer import text_frame


def parsed(data: bytes) -> Frame:
    """`data` read by the `websockets` client's own frame parser (unmasked: server to client)."""
    reader = StreamReader()
    reader.feed_data(data)
    parser = Frame.parse(reader.read_exact, mask=False)
    try:
        while True:
            next(parser)
    except StopIteration as done:
        return done.value


@pytest.mark.parametrize("size", [0, 1, 125, 126, 65_535, 65_536, 70_000])
def test_a_frame_of_any_length_is_one_final_text_frame(size: int) -> None:
    payload = b"x" * size
    frame = parsed(text_frame(payload))
    assert (frame.opcode, frame.fin, frame.rsv1, frame.data) == (Opcode.TEXT, True, False, payload)


def test_a_message_is_encoded_as_compact_utf8_json() -> None:
    message = {"type": "chat", "name": "Đức", "text": "chơi hay", "seat": None}
    assert encode(message) == json.dumps(message, separators=(",", ":"),
                                         ensure_ascii=False).encode()


def test_the_fan_out_keeps_each_published_item_as_its_own_bytes() -> None:
    published = '[{"type":"move","v":7,"move":"h8"},{"type":"game_over","v":8,"name":"Đức"}]'
    first, second = room_messages(published)
    assert first.message == {"type": "move", "v": 7, "move": "h8"}
    assert first.data == b'{"type":"move","v":7,"move":"h8"}'
    assert json.loads(second.data) == second.message == json.loads(published)[1]
