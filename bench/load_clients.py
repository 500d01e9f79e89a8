"""The load generator's clients: real WebSocket players, spectators, AI opponents, idle sockets.

Each client speaks docs/protocol.md through the `websockets` library. Both players of a game
live in the same process, so the move latency (the mover sends -> the opponent receives the
`move` event) is measured on one clock. A player answers its turn after a random think time
around `think_s`; a game that ends is followed by a rematch, so the load stays steady.
After the run every client's board is compared with the stored one (`GET /api/rooms/{id}`).
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import websockets

OPEN_TIMEOUT_S = 60.0
MAX_HANDSHAKES = 25          # concurrent opening handshakes per generator process
ROOMS_PER_SOURCE_IP = 25     # below the server's 30 rooms per minute per client IP


@dataclass(slots=True)
class Tally:
    """What one generator process measured; summed over processes by the parent."""

    latencies_ms: list[float] = field(default_factory=list)
    ai_latencies_ms: list[float] = field(default_factory=list)
    sent_s: list[float] = field(default_factory=list)  # each move's send time (perf_counter)
    moves: int = 0
    ai_moves: int = 0
    errors: collections.Counter = field(default_factory=collections.Counter)
    boards_checked: int = 0
    boards_wrong: int = 0
    sockets: int = 0
    cpu_s: float = 0.0

    @property
    def error_count(self) -> int:
        """Errors of every kind (a kind counted but never seen reads 0, not as an error)."""
        return sum(self.errors.values())

    @property
    def clean(self) -> bool:
        """No error and every board equal to its stored room: what a run must show to pass."""
        return self.error_count == 0 and self.boards_wrong == 0


def merge(tallies: list[Tally]) -> Tally:
    """The tallies of all generator processes as one."""
    merged = Tally()
    for tally in tallies:
        merged.latencies_ms += tally.latencies_ms
        merged.ai_latencies_ms += tally.ai_latencies_ms
        merged.sent_s += tally.sent_s
        merged.moves += tally.moves
        merged.ai_moves += tally.ai_moves
        merged.errors.update(tally.errors)
        merged.boards_checked += tally.boards_checked
        merged.boards_wrong += tally.boards_wrong
        merged.sockets += tally.sockets
        merged.cpu_s += tally.cpu_s
    return merged


class SourceAddresses:
    """Loopback source addresses (127.0.1.x) to spread room creations over: the server allows
    30 rooms per minute per client IP, as it would for many people behind different IPs."""

    def __init__(self, worker: int) -> None:
        self._next = itertools.count(worker * 1000)
        self._ip = ""
        self._used = ROOMS_PER_SOURCE_IP

    def take(self) -> str:
        if self._used >= ROOMS_PER_SOURCE_IP:
            n = next(self._next)
            self._ip, self._used = f"127.{1 + n // 64516}.{1 + n // 254 % 254}.{1 + n % 254}", 0
        self._used += 1
        return self._ip


async def create_room(http_url: str, source_ip: str, body: dict[str, Any]) -> dict[str, Any]:
    connector = aiohttp.TCPConnector(local_addr=(source_ip, 0))
    async with aiohttp.ClientSession(connector=connector) as session:
        async with session.post(f"{http_url}/api/rooms", json=body) as response:
            data = await response.json()
            if response.status != 201:
                raise RuntimeError(f"room creation refused: {response.status} {data}")
            return data


async def fetch_state(session: aiohttp.ClientSession, http_url: str, room_id: str) -> dict:
    async with session.get(f"{http_url}/api/rooms/{room_id}") as response:
        return await response.json()


def grid_cell(rows: int, cols: int, index: int) -> str:
    return f"{chr(97 + index % cols)}{index // cols + 1}"


class Game:
    """The shared view of one room inside this process: latency bookkeeping for its players."""

    def __init__(self, room_id: str, tally: Tally, ai: bool) -> None:
        self.room_id = room_id
        self.tally = tally
        self.ai = ai
        self.sent_at: dict[tuple[int, int], float] = {}   # (game_no, ply) -> send time
        self.clients: list[Client] = []

    def moved(self, game_no: int, ply: int, by_ai: bool) -> None:
        """The opponent of the mover received the move of `ply`; an AI's move answers the
        human move before it, so its latency runs from that move's sending."""
        sent = self.sent_at.pop((game_no, ply - 1 if by_ai else ply), None)
        if sent is None:
            return
        elapsed_ms = (time.perf_counter() - sent) * 1000
        if by_ai:
            self.tally.ai_latencies_ms.append(elapsed_ms)
            self.tally.ai_moves += 1
        else:
            self.tally.latencies_ms.append(elapsed_ms)
            self.tally.sent_s.append(sent)
            self.tally.moves += 1


class Client:
    """One socket: a player (seat 1 or 2) or a spectator (seat None)."""

    def __init__(self, game: Game | None, tally: Tally, think_s: float,
                 deflate: bool = True) -> None:
        self.game = game
        self.deflate = deflate
        self.tally = tally
        self.think_s = think_s
        self.socket: websockets.ClientConnection | None = None
        self.seat: int | None = None
        self.moves: list[str] = []
        self.game_no = 1
        self.status = "waiting"
        self.turn = 1
        self.board: dict[str, Any] = {}
        self.playing = False          # False after the run: no new moves
        self.closing = False
        self._pending: asyncio.Task | None = None

    async def connect(self, ws_url: str, room_id: str, source_ip: str,
                      hello: dict[str, Any], gate: asyncio.Semaphore) -> None:
        async with gate:
            self.socket = await websockets.connect(
                f"{ws_url}/ws/{room_id}", open_timeout=OPEN_TIMEOUT_S, ping_interval=None,
                max_size=2**20, local_addr=(source_ip, 0),
                compression="deflate" if self.deflate else None)
            await self.socket.send(json.dumps({"type": "hello", **hello}))
            while True:
                message = json.loads(await asyncio.wait_for(self.socket.recv(), OPEN_TIMEOUT_S))
                self.on_message(message)
                if message["type"] == "snapshot":
                    break
        self.tally.sockets += 1

    async def read(self) -> None:
        assert self.socket is not None
        try:
            async for text in self.socket:
                self.on_message(json.loads(text))
        except websockets.ConnectionClosed as closed:
            if not self.closing:
                self.tally.errors[f"closed {closed.rcvd.code if closed.rcvd else '-'}"] += 1
            return
        if not self.closing:
            self.tally.errors["closed by server"] += 1

    def on_message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.seat = message["seat"]
        elif kind == "snapshot":
            self._load(message["state"])
        elif kind == "game_started":
            self.status = "playing"
            self._maybe_move(message["turn"])
        elif kind == "move":
            self.moves.append(message["move"])
            if self.game is not None and self.seat is not None and message["seat"] != self.seat:
                self.game.moved(self.game_no, message["ply"], by_ai="cid" not in message)
            self._maybe_move(message["turn"])
        elif kind == "game_over":
            self.status = "finished"
            if self.playing and (self.seat == 1 or (self.game is not None and self.game.ai)):
                self._send({"type": "rematch_offer"})
        elif kind == "rematch_offered":
            if self.seat is not None and message["seat"] != self.seat and self.playing:
                self._send({"type": "rematch_accept"})
        elif kind == "rematch":
            if self.seat is not None:
                self.seat = 3 - self.seat
            self._load(message["state"])
        elif kind == "error":
            self.tally.errors[message["code"]] += 1

    def _load(self, state: dict[str, Any]) -> None:
        self.board = state["board"]
        self.moves = list(state["moves"])
        self.game_no = state["game_no"]
        self.status = state["status"]
        if self.status == "playing":
            self._maybe_move(state["turn"])

    def _maybe_move(self, turn: int) -> None:
        self.turn = turn
        if self.playing and self.seat == turn and self.status == "playing" \
                and (self._pending is None or self._pending.done()):
            self._pending = asyncio.create_task(self._move_later())

    def start(self) -> None:
        self.playing = True
        self._maybe_move(self.turn)

    async def _move_later(self) -> None:
        game_no = self.game_no
        await asyncio.sleep(random.uniform(0.5, 1.5) * self.think_s)
        if not self.playing or self.status != "playing" or self.turn != self.seat \
                or self.game_no != game_no:
            return  # the game ended (and maybe a rematch began) while thinking
        taken = set(self.moves)
        rows, cols = self.board["rows"], self.board["cols"]
        free = [c for c in (grid_cell(rows, cols, i) for i in range(rows * cols))
                if c not in taken]
        if not free:
            return
        assert self.game is not None
        ply = len(self.moves) + 1
        self.game.sent_at[(self.game_no, ply)] = time.perf_counter()
        self._send({"type": "move", "move": random.choice(free), "cid": f"m{ply}"})

    def _send(self, message: dict[str, Any]) -> None:
        assert self.socket is not None
        asyncio.create_task(self._send_now(json.dumps(message)))

    async def _send_now(self, text: str) -> None:
        try:
            await self.socket.send(text)  # type: ignore[union-attr]
        except websockets.ConnectionClosed:
            self.tally.errors["send on closed socket"] += 1

    async def close(self) -> None:
        self.closing = True
        if self.socket is not None:
            await self.socket.close()
