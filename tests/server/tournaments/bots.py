"""Tournament players driven through the real API and sockets, as a browser tab would: an
account, its own socket (/ws/me) for the "paired" notification, the seat token from
`GET /api/rooms/{id}/seat`, and the room socket to play random legal tic-tac-toe moves."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

import websockets

from tests.server.client import Player
from tests.server.visitor import Visitor

CELLS = [f"{col}{row}" for col in "abc" for row in (1, 2, 3)]
GAME = {"variant": "tictactoe", "clock": {"initial_s": 60, "increment_s": 0}}
PLAY_WITHIN_S = 120  # a whole tournament of a few short games


@dataclass
class Bot:
    visitor: Visitor
    username: str
    rng: random.Random
    notified: set[str] = field(default_factory=set)   # rooms a notification named
    played: list[str] = field(default_factory=list)   # rooms played, in order
    tab: Player | None = None
    think_s: float = 0.0  # before each move: long enough games for a node to die mid-game

    @classmethod
    async def sign_up(cls, base_url: str, n: int) -> Bot:
        visitor = Visitor(base_url)
        username = await visitor.sign_up(f"b{n}")
        bot = cls(visitor, username, random.Random(n))
        bot.tab = await visitor.player_socket()
        return bot

    async def move_to(self, base_url: str) -> None:
        """Talk to another node from now on (the session cookie is valid on every node)."""
        if self.tab is not None:
            await self.tab.close()
        self.visitor.base_url = base_url
        self.tab = await self.visitor.player_socket()

    async def join(self, tournament_id: str, **body: Any) -> None:
        status, answer = await self.visitor.post(f"/api/tournaments/{tournament_id}/join", body)
        assert status == 200, answer

    async def play_tournament(self, tournament_id: str, within_s: float = PLAY_WITHIN_S
                              ) -> None:
        """Play each game the tournament pairs this bot in, until it has finished."""
        async with asyncio.timeout(within_s):
            while True:
                status, page = await self.visitor.get(f"/api/tournaments/{tournament_id}")
                assert status == 200, page
                if page["status"] == "finished":
                    return
                room_id = (page["me"] or {}).get("room_id")
                if room_id and room_id not in self.played:
                    await self.play(room_id)
                else:
                    await self.notification(within=0.5)

    async def notification(self, within: float) -> None:
        try:
            if self.tab is None:  # a busy node or machine dropped it: reopen, as a tab does
                self.tab = await self.visitor.player_socket()
            item = (await self.tab.wait_for(
                "notification", lambda m: m["item"]["kind"] == "tournament_game",
                within=within))["item"]
        except TimeoutError:
            return
        except (OSError, websockets.ConnectionClosed):
            self.tab = None
            await asyncio.sleep(within)
            return
        self.notified.add(item["data"]["room_id"])

    async def play(self, room_id: str) -> None:
        status, seat = await self.visitor.get(f"/api/rooms/{room_id}/seat")
        if status != 200 and seat["error"] in ("room_not_found", "not_a_player"):
            await asyncio.sleep(0.1)  # paired a moment ago: the room is being made
            return
        assert status == 200, seat
        try:
            socket = await self.visitor.socket(room_id, token=seat["token"])
        except (OSError, TimeoutError, websockets.ConnectionClosed):
            return  # a busy node dropped the connection: the next look reconnects
        self.played.append(room_id)
        try:
            state = (await socket.wait_for("snapshot"))["state"]
            moves, mine = list(state["moves"]), socket.seat
            over = state["status"] == "finished"
            while not over:
                if 1 + len(moves) % 2 == mine and len(moves) < len(CELLS):
                    free = [c for c in CELLS if c not in moves]
                    await asyncio.sleep(self.think_s)
                    answer = await socket.command("move", move=self.rng.choice(free))
                    if answer["type"] == "move":
                        moves.append(answer["move"])
                    elif answer["code"] == "game_not_started":  # the opponent is not seated yet
                        await socket.next(within=PLAY_WITHIN_S)
                    else:  # the game ended meanwhile (the opponent's forfeit, say)
                        assert answer["code"] == "game_over", answer
                        over = True
                    continue
                message = await socket.next(within=PLAY_WITHIN_S)
                if message["type"] == "move" and message["seat"] != mine:
                    moves.append(message["move"])
                over = message["type"] == "game_over"
        except websockets.ConnectionClosed:
            self.played.remove(room_id)  # reconnect on the next look, as a tab does
        finally:
            await socket.close()

    async def close(self) -> None:
        if self.tab is not None:
            await self.tab.close()
        await self.visitor.close()
