"""The least a node could do per move: the servers `bench/floor.py` measures.

Each is an aiohttp WebSocket server on uvloop, as the real node is, whose sockets join a room by
`?room=` and whose every frame is a "move": its JSON is decoded and a small event is written to
every socket of the room (the mover's included, as the real node echoes a move), straight to
the transport as `server/sockets/writer.py` does. What they add to that:

- `bare`: nothing. The framework's floor: one frame in and a frame out to each socket.
- `redis-py`: the move is committed as the real node commits it, one EVALSHA of a script that
  reads and writes the room's hash and PUBLISHes the event, through redis-py; the event reaches
  the room's sockets from the node's pub/sub connection (`PubSub.get_message`).
- `protocol`: the same commit and pub/sub, on two asyncio protocols of hiredis's parser: the
  replies resolve their futures and the pub/sub messages are written out from `data_received`,
  with no task and no timeout per message.
- `node-io`: the same commit and pub/sub through the node's own Redis layers: the client of
  server/platform/store.py, the commit batcher on its lane (server/platform/redis_batch.py,
  redis_lane.py) and the room fan-out (server/play/fanout.py).

No rules, no sessions, no presence, no metrics: the real node's cost per move minus these is
what its own code costs (docs/performance.md, "the floor").

    python -m bench.floor_server MODE PORT [REDIS_PORT]
"""

from __future__ import annotations

import asyncio
import collections
import json
import sys
from typing import Any

import hiredis
import redis.asyncio as redis
import uvloop
from aiohttp import web

from server.platform.keys import room_channel
from server.platform.redis_batch import CommandBatcher
from server.platform.redis_lane import CommandLane
from server.platform.settings import Settings
from server.platform.store import create_redis
from server.play.fanout import Fanout, RoomMessage
from server.sockets.writer import text_frame

COMMIT = """
redis.call('HMGET', KEYS[1], 'v', 'x')
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'data', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
"""
STATE = "x" * 600  # about the size of a room's stored state early in a game
ROOMS = web.AppKey("rooms", dict)
COMMITS = web.AppKey("commits", Any)


def event(room: str, v: int, frame: str) -> str:
    cell = json.loads(frame).get("cell")
    return json.dumps([{"type": "move", "room": room, "cell": cell, "v": v}])


def deliver(sockets: list[Any], published: bytes | str) -> None:
    for item in json.loads(published):
        frame = text_frame(json.dumps(item).encode())
        for transport in sockets:
            transport.write(frame)


class Replies(asyncio.Protocol):
    """A Redis connection whose replies resolve the futures of its commands, in order."""

    def __init__(self) -> None:
        self.reader = hiredis.Reader()
        self.waiting: collections.deque[asyncio.Future] = collections.deque()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            self.waiting.popleft().set_result(reply)

    def execute(self, *args: Any) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(future)
        self.transport.write(hiredis.pack_command(args))  # type: ignore[union-attr]
        return future


class Messages(asyncio.Protocol):
    """A pub/sub connection whose messages are delivered from `data_received`."""

    def __init__(self, rooms: dict[str, list[Any]]) -> None:
        self.rooms = rooms
        self.reader = hiredis.Reader()
        self.transport: asyncio.Transport | None = None
        self.confirmations: dict[bytes, asyncio.Future] = {}

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def subscribe(self, channel: str) -> asyncio.Future:
        """Resolved once Redis confirms: nothing published afterwards is missed."""
        confirmed = self.confirmations[channel.encode()] = \
            asyncio.get_running_loop().create_future()
        self.transport.write(hiredis.pack_command(("SUBSCRIBE", channel)))  # type: ignore[union-attr]
        return confirmed

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            if reply[0] == b"message":
                deliver(self.rooms.get(reply[1].decode(), ()), reply[2])
            elif reply[0] == b"subscribe":
                self.confirmations.pop(reply[1]).set_result(None)


async def websocket(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(heartbeat=30)
    await ws.prepare(request)
    room, rooms, commit = request.query["room"], request.app[ROOMS], request.app[COMMITS]
    sockets = rooms.get(room)
    if sockets is None:
        sockets = rooms[room] = []
        await commit.subscribe(room)
    sockets.append(request.transport)
    v = 0
    try:
        async for message in ws:
            v += 1
            await commit.move(room, v, message.data, sockets)
    finally:
        sockets.remove(request.transport)
    return ws


class Bare:
    async def subscribe(self, room: str) -> None:
        pass

    async def move(self, room: str, v: int, frame: str, sockets: list[Any]) -> None:
        deliver(sockets, event(room, v, frame))


class RedisPy:
    def __init__(self, port: int, rooms: dict[str, list[Any]]) -> None:
        self.client = redis.Redis(port=port, max_connections=10_000)
        self.rooms = rooms

    async def start(self) -> None:
        self.sha = await self.client.script_load(COMMIT)
        self.pubsub = self.client.pubsub()
        await self.pubsub.subscribe("anchor")
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            message = await self.pubsub.get_message(timeout=1.0)
            if message and message["type"] == "message":
                deliver(self.rooms.get(message["channel"].decode(), ()), message["data"])

    async def subscribe(self, room: str) -> None:
        await self.pubsub.subscribe(room)

    async def move(self, room: str, v: int, frame: str, sockets: list[Any]) -> None:
        await self.client.evalsha(self.sha, 1, f"state:{room}", v, STATE, room,
                                  event(room, v, frame))


class OnProtocols:
    def __init__(self, port: int, rooms: dict[str, list[Any]]) -> None:
        self.port, self.rooms = port, rooms

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        _, self.replies = await loop.create_connection(Replies, "127.0.0.1", self.port)
        self.sha = (await self.replies.execute("SCRIPT", "LOAD", COMMIT)).decode()
        _, self.messages = await loop.create_connection(lambda: Messages(self.rooms),
                                                        "127.0.0.1", self.port)

    async def subscribe(self, room: str) -> None:
        await self.messages.subscribe(room)

    async def move(self, room: str, v: int, frame: str, sockets: list[Any]) -> None:
        await self.replies.execute("EVALSHA", self.sha, 1, f"state:{room}", v, STATE, room,
                                   event(room, v, frame))


class RoomSockets:
    """A room's sockets as a subscriber of the node's fan-out."""

    def __init__(self, sockets: list[Any]) -> None:
        self.sockets = sockets

    def deliver(self, messages: list[RoomMessage]) -> None:
        for message in messages:
            frame = text_frame(message.data)
            for transport in self.sockets:
                transport.write(frame)

    def resync(self) -> None:
        pass


class NodeLayers:
    def __init__(self, port: int, rooms: dict[str, list[Any]]) -> None:
        self.client = create_redis(Settings(redis_url=f"redis://127.0.0.1:{port}/0"))
        self.rooms = rooms

    async def start(self) -> None:
        self.sha = await self.client.script_load(COMMIT)
        self.batcher = CommandBatcher(self.client, lane=CommandLane.of(self.client))
        self.fanout = Fanout(self.client)
        self.reader = asyncio.create_task(self.fanout.run())

    async def subscribe(self, room: str) -> None:
        await self.fanout.join(room, RoomSockets(self.rooms[room]))

    async def move(self, room: str, v: int, frame: str, sockets: list[Any]) -> None:
        await self.batcher.execute("EVALSHA", self.sha, 1, f"state:{room}", v, STATE,
                                   room_channel(room), event(room, v, frame))


SERVERS = {"redis-py": RedisPy, "protocol": OnProtocols, "node-io": NodeLayers}


def app(mode: str, redis_port: int | None) -> web.Application:
    application = web.Application()
    rooms: dict[str, list[Any]] = {}
    application[ROOMS] = rooms
    if mode == "bare":
        application[COMMITS] = Bare()
    else:
        commits = SERVERS[mode](redis_port, rooms)
        application[COMMITS] = commits

        async def start(_app: web.Application) -> None:
            await commits.start()

        application.on_startup.append(start)
    application.router.add_get("/ws", websocket)
    return application


if __name__ == "__main__":
    mode, port = sys.argv[1], int(sys.argv[2])
    redis_port = int(sys.argv[3]) if len(sys.argv) > 3 else None
    web.run_app(app(mode, redis_port), host="127.0.0.1", port=port, print=None,
                access_log=None, loop=uvloop.new_event_loop())
