"""Property-based fuzz of the WebSocket protocol against a live node (hypothesis).

More than 10,000 random and mutated frames, in batches of 19 on fresh spectator sockets (19
frames and one marker fit the per-connection burst of 20, so the rate limit never answers in
place of the server's parser). Each batch must be answered frame by frame: a documented error
for every frame that is not a valid `ping` or `sync`, a `pong` for each valid ping, and nothing
undocumented; afterwards the node is up and the room is exactly as before. First frames (the
`hello`) are fuzzed the same way: `welcome` or a documented close code.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile.conftest import CLOSE_CODES, ERROR_CODES, public_state
from tests.server.client import WAIT_S, http

BATCH = 19
SOCKETS = 10                       # batches sent at once, one socket each
EXAMPLES = 53                      # 53 x 10 x 19 = 10,070 frames
HELLO_EXAMPLES = 30                # x 10 sockets = 300 first frames
MAX_CID = 64
MARKER = json.dumps({"type": "move", "move": "zz99", "cid": "fuzz-marker"})
ROOM_EVENTS = frozenset({
    "seat_taken", "game_started", "move", "game_over", "draw_offered", "draw_declined",
    "takeback_requested", "takeback_declined", "takeback", "rematch_offered",
    "rematch_declined", "rematch", "opening_choice",
})
TEMPLATES: list[dict[str, Any]] = [
    {"type": "move", "move": "h9", "cid": "m1"},
    {"type": "sync", "v": 1},
    {"type": "ping"},
    {"type": "resign"},
    {"type": "draw_offer"}, {"type": "draw_accept"}, {"type": "draw_decline"},
    {"type": "takeback_request"}, {"type": "takeback_accept"}, {"type": "takeback_decline"},
    {"type": "rematch_offer"}, {"type": "rematch_accept"}, {"type": "rematch_decline"},
    {"type": "claim_win", "cid": "c"},
    {"type": "opening_choice", "choice": "black"},
    {"type": "chat", "text": 7},
    {"type": "hello", "token": "A" * 32, "v": 3, "name": "Lan", "watch": True},
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=8)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid-looking message with fields replaced, dropped or added, then maybe cut or
    spliced as text."""
    message = dict(draw(st.sampled_from(TEMPLATES)))
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from([*message, "type", "cid", "v", "move", "text", "token"]))
        action = draw(st.sampled_from(["replace", "drop", "type"]))
        if action == "drop":
            message.pop(key, None)
        elif action == "type":
            message["type"] = draw(st.text(max_size=16) | st.sampled_from(
                [t["type"] for t in TEMPLATES]) | json_values)
        else:
            message[key] = draw(json_values)
    text = json.dumps(message)
    cut = draw(st.sampled_from(["whole", "truncate", "splice"]))
    if cut == "truncate":
        text = text[:draw(st.integers(0, len(text)))]
    elif cut == "splice":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=4)) + text[at:]
    return text


frames = st.one_of(
    mutated(),
    st.text(max_size=200),
    json_values.map(json.dumps),
    st.binary(max_size=64),
)


async def _gather(jobs) -> list:
    return await asyncio.gather(*jobs)


def valid_cid(message: dict[str, Any]) -> bool:
    cid = message.get("cid")
    return cid is None or (isinstance(cid, str) and 1 <= len(cid) <= MAX_CID)


def expected(frame: str | bytes) -> str:
    """What a spectator's frame must get: "pong", "history" (a valid sync), or "error"."""
    if isinstance(frame, bytes):
        return "error"
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        return "error"
    if not isinstance(message, dict) or not valid_cid(message):
        return "error"
    if message.get("type") == "ping":
        return "pong"
    v = message.get("v")
    if message.get("type") == "sync" and isinstance(v, int) and not isinstance(v, bool):
        return "history"
    return "error"


def is_valid_chat(frame: str | bytes) -> bool:
    """A spectator's chat line would be a `chat` answer, not an error: not sent by the fuzz."""
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError, TypeError):
        return False
    return isinstance(message, dict) and message.get("type") == "chat" \
        and isinstance(message.get("text"), str)


async def send_batch(ws_url: str, room_id: str, batch: list[str | bytes]) -> list[dict]:
    """The replies to `batch` on a new spectator socket, up to the marker's error."""
    async with websockets.connect(f"{ws_url}/ws/{room_id}", open_timeout=WAIT_S) as socket:
        await socket.send(json.dumps({"type": "hello", "watch": True}))
        for frame in batch:
            await socket.send(frame)
        await socket.send(MARKER)
        replies: list[dict] = []
        async with asyncio.timeout(WAIT_S):
            while True:
                message = json.loads(await socket.recv())
                if message.get("cid") == "fuzz-marker":
                    return replies
                replies.append(message)


def check_replies(batch: list[str | bytes], replies: list[dict]) -> None:
    answers = [m for m in replies if m["type"] not in ("welcome", "presence", "chat_history")]
    # The opening's snapshot comes before the answers to the frames.
    assert answers and answers[0]["type"] == "snapshot"
    answers = answers[1:]
    for message in answers:
        kind = message["type"]
        assert kind in {"error", "pong", "snapshot"} | ROOM_EVENTS, message
        if kind == "error":
            assert message["code"] in ERROR_CODES, message
            assert message["code"] != "internal_error", message
    kinds = [expected(frame) for frame in batch]
    assert sum(m["type"] == "error" for m in answers) == kinds.count("error")
    assert sum(m["type"] == "pong" for m in answers) == kinds.count("pong")


async def test_ten_thousand_random_frames_get_documented_answers_and_change_nothing(
        hostile_node, module_game):
    room_id = module_game.room_id
    before = await public_state(hostile_node, room_id)
    sent = 0

    batch = st.lists(frames.filter(lambda f: not is_valid_chat(f)),
                     min_size=BATCH, max_size=BATCH)

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])
    @given(st.lists(batch, min_size=SOCKETS, max_size=SOCKETS))
    def batches(group: list[list[str | bytes]]) -> None:
        nonlocal sent
        replies = asyncio.run(_gather(send_batch(hostile_node.ws_url, room_id, b)
                                      for b in group))
        for one_batch, its_replies in zip(group, replies, strict=True):
            check_replies(one_batch, its_replies)
            sent += len(one_batch)

    await asyncio.to_thread(batches)
    assert sent >= 10_000
    status, health = await http("GET", f"{hostile_node.url}/healthz")
    assert status == 200 and hostile_node.alive
    assert await public_state(hostile_node, room_id) == before


hellos = st.one_of(
    mutated(),
    st.text(max_size=100),
    st.fixed_dictionaries({"type": st.just("hello")}, optional={
        "token": json_values | st.text(min_size=30, max_size=34), "v": json_values,
        "name": json_values, "watch": json_values}).map(json.dumps),
    st.binary(max_size=32),
)


async def open_with(ws_url: str, room_id: str, first: str | bytes) -> tuple[str, int | None]:
    """("welcome", None) or ("closed", close code) for a socket whose first frame is `first`."""
    async with websockets.connect(f"{ws_url}/ws/{room_id}", open_timeout=WAIT_S) as socket:
        await socket.send(first)
        try:
            async with asyncio.timeout(WAIT_S):
                while True:
                    message = json.loads(await socket.recv())
                    if message["type"] == "welcome":
                        return "welcome", None
                    assert message["type"] == "error", message
                    assert message["code"] in ERROR_CODES, message
        except websockets.ConnectionClosed as closed:
            return "closed", closed.rcvd.code if closed.rcvd else None


async def test_random_first_frames_get_welcome_or_a_documented_close_and_take_no_seat(
        hostile_node, module_game):
    room_id = module_game.room_id
    before = await public_state(hostile_node, room_id)

    @settings(max_examples=HELLO_EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(hellos, min_size=SOCKETS, max_size=SOCKETS))
    def first_frames(group: list[str | bytes]) -> None:
        outcomes = asyncio.run(_gather(open_with(hostile_node.ws_url, room_id, first)
                                       for first in group))
        for first, (outcome, code) in zip(group, outcomes, strict=True):
            assert outcome == "welcome" or code in CLOSE_CODES, (first, code)

    await asyncio.to_thread(first_frames)
    assert await public_state(hostile_node, room_id) == before
