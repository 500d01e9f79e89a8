"""A small protocol client for the server tests: HTTP calls and one WebSocket per player.

Real connections only (aiohttp for HTTP, the `websockets` library for sockets), speaking
docs/protocol.md. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from typing import Any

import aiohttp
import websockets
from prometheus_client.parser import text_string_to_metric_families

WAIT_S = 15.0


async def http(method: str, url: str, body: Any = None, *, raw: bytes | None = None,
               headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """(status, parsed JSON or text) of one request. Bodies are sent as JSON (a POST without
    one as `{}`), a `raw` body too unless `headers` say otherwise."""
    if body is None and method != "GET":
        body = {}
    async with aiohttp.ClientSession() as session:
        kwargs: dict[str, Any] = {"json": body}
        if raw is not None:
            kwargs = {"data": raw,
                      "headers": {"Content-Type": "application/json"} | (headers or {})}
        elif headers:
            kwargs["headers"] = headers
        async with session.request(method, url, **kwargs) as response:
            text = await response.text()
            if response.content_type == "application/json":
                return response.status, json.loads(text)
            return response.status, text


async def metric(base_url: str, name: str, **labels: str) -> float:
    """The sample `name` with exactly `labels` (none: the unlabelled one) of the node's
    /metrics (0 when absent), read by the Prometheus text parser."""
    status, text = await http("GET", f"{base_url}/metrics")
    assert status == 200
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and sample.labels == labels:
                return sample.value
    return 0.0


async def create_room(base_url: str, **body: Any) -> dict[str, Any]:
    status, data = await http("POST", f"{base_url}/api/rooms", body)
    assert status == 201, data
    return data


class Player:
    """One socket in one room; `received` keeps every message in arrival order."""

    def __init__(self, socket: websockets.ClientConnection) -> None:
        self.socket = socket
        self.received: list[dict[str, Any]] = []
        self._cursor = 0
        self.welcome: dict[str, Any] = {}

    @classmethod
    async def join(cls, ws_base: str, room_id: str, *, hello: bool = True,
                   origin: str | None = None, **fields: Any) -> Player:
        """Connect to `room_id` and (unless `hello=False`) say hello and wait for `welcome`."""
        headers = {"Origin": origin} if origin else None
        socket = await websockets.connect(f"{ws_base}/ws/{room_id}", additional_headers=headers,
                                          open_timeout=WAIT_S, max_size=2**20)
        player = cls(socket)
        if hello:
            await player.send(type="hello", **fields)
            player.welcome = await player.wait_for("welcome")
        return player

    @property
    def seat(self) -> int | None:
        return self.welcome.get("seat")

    @property
    def last_v(self) -> int:
        versions = [m["v"] for m in self.received if "v" in m and m["type"] != "welcome"]
        return max(versions, default=-1)

    async def send(self, **message: Any) -> None:
        await self.socket.send(json.dumps(message))

    async def send_raw(self, data: str | bytes) -> None:
        await self.socket.send(data)

    async def next(self, within: float = WAIT_S) -> dict[str, Any]:
        if self._cursor < len(self.received):
            self._cursor += 1
            return self.received[self._cursor - 1]
        message = json.loads(await asyncio.wait_for(self.socket.recv(), within))
        self.received.append(message)
        self._cursor += 1
        return message

    async def wait_for(self, kind: str, where: Callable[[dict], bool] | None = None,
                       within: float = WAIT_S) -> dict[str, Any]:
        """The next message of type `kind` (matching `where`), skipping others, within
        `within` seconds in all (no single message wait is cut shorter than that)."""
        async with asyncio.timeout(within):
            while True:
                message = await self.next(within)
                if message["type"] == kind and (where is None or where(message)):
                    return message

    async def command(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send a command with a fresh cid; return the event or error that echoes it."""
        cid = f"{kind}-{secrets.token_hex(4)}"
        await self.send(type=kind, cid=cid, **fields)
        async with asyncio.timeout(WAIT_S):
            while True:
                message = await self.next()
                if message.get("cid") == cid:
                    return message

    async def move(self, move: str) -> dict[str, Any]:
        return await self.command("move", move=move)

    async def closed(self, within: float = WAIT_S) -> tuple[int | None, str]:
        """Wait for the server to close the socket; (close code, reason)."""
        async with asyncio.timeout(within):
            try:
                while True:
                    self.received.append(json.loads(await self.socket.recv()))
            except websockets.ConnectionClosed as closed:
                rcvd = closed.rcvd
                return (rcvd.code, rcvd.reason) if rcvd else (None, "")

    async def close(self) -> None:
        await self.socket.close()


def winning_line(board: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Moves for seat 1 to make k in a row on the bottom row while seat 2 plays elsewhere
    (for gravity games: a vertical four in column 1 against column 2)."""
    k = board["k"]
    if board["gravity"]:
        return ["1"] * k, ["2"] * (k - 1)
    first = [f"{chr(97 + col)}1" for col in range(k)]
    second = [f"{chr(97 + col)}3" for col in range(k - 1)]
    return first, second
