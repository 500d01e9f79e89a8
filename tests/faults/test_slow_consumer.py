"""A client that stops reading does not hold up the room, and is cut off once its bounded
buffer is full (server/sockets/writer.py: UNSENT_LIMIT bytes the kernel has not taken)."""

from __future__ import annotations

import asyncio
import json
import secrets
import socket

import websockets

from tests.faults.conftest import eventually, moves_seen, room_state
from tests.server.client import Player, create_room, metric

# Spectators whose chat makes the room busy: 5 lines each of 300 random characters (random,
# so that permessage-deflate does not shrink them to nothing).
CHATTERS = 120
# The players alternate along rows 1..4: each row alternates colours, so nobody gets five.
CELLS = [f"{chr(97 + col)}{row}" for row in range(1, 5) for col in range(15)]


async def stalled_socket(ws_url: str, room_id: str) -> websockets.ClientConnection:
    """A spectator with a tiny receive buffer that never reads after its hello: the library
    stops reading the TCP socket once a frame is queued, the kernel buffer fills, and the
    server's writes to it stay in the server's memory."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    host, port = ws_url.removeprefix("ws://").split(":")
    sock.connect((host, int(port)))
    slow = await websockets.connect(f"{ws_url}/ws/{room_id}", sock=sock, max_queue=1,
                                    ping_interval=None)
    await slow.send(json.dumps({"type": "hello", "watch": True}))
    return slow


async def test_a_client_that_stops_reading_is_cut_off_and_the_room_plays_on(server_factory):
    # The chat limits would stop the chatters long before the room is busy: not the subject.
    node = server_factory.start("slow-consumer-node", env={"CHAT_PER_IP_PER_MINUTE": "0",
                                                           "CHAT_PER_ROOM_PER_MINUTE": "0"})
    room = await create_room(node.url, variant="gomoku", your_side="first")
    rid = room["room_id"]
    first = await Player.join(node.ws_url, rid, token=room["token"])
    second = await Player.join(node.ws_url, rid)
    chatters = [await Player.join(node.ws_url, rid, watch=True) for _ in range(CHATTERS)]
    slow = await stalled_socket(node.ws_url, rid)
    everyone = CHATTERS + 3
    assert await eventually(lambda: _connections(node.url, everyone), within=10)

    ply = 0
    for n, chatter in enumerate(chatters, start=1):
        # One line after the other: this test is about reading, not writing, and the stalled
        # socket's backlog should grow steadily between the checks below.
        for _ in range(5):
            reply = await chatter.command("chat", text=secrets.token_urlsafe(225))
            assert reply["type"] == "chat", reply
        if n % 10:
            continue
        # The room goes on for everyone who reads: each move reaches the opponent.
        for _ in range(2):
            mover, other = (first, second)[ply % 2], (second, first)[ply % 2]
            event = await mover.move(CELLS[ply])
            assert event["type"] == "move", event
            await other.wait_for("move", lambda m, v=event["v"]: m["v"] == v)
            ply += 1
        if await _connections(node.url, everyone - 1):
            break
    else:
        raise AssertionError("the client that stopped reading was never cut off")

    assert await eventually(lambda: _closed(slow), within=10)
    assert "cutting off a socket that does not read" in node.log()
    state = await room_state(node.url, rid)
    assert moves_seen(first) == moves_seen(second) == state["moves"]
    assert len(state["moves"]) == ply


async def _connections(url: str, count: int) -> bool:
    return await metric(url, "caro_ws_connections") == count


async def _closed(slow: websockets.ClientConnection) -> bool:
    """Read what the server managed to send; True once the connection is over."""
    try:
        await asyncio.wait_for(slow.recv(), 0.5)
    except websockets.ConnectionClosed:
        return True
    except TimeoutError:
        return False
    return False
