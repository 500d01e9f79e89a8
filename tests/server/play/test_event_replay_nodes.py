"""The event-replay property over real sockets: two nodes on one real Redis, the players on
different nodes, a spectator on a third socket. After every command the spectator's events,
applied to its first snapshot (tests/server/event_reducer.py), equal GET /api/rooms/{id}."""

from __future__ import annotations

import asyncio
import random

from engine.board import Board
from tests.server.client import Player, create_room, http
from tests.server.conftest import FAST_ENV
from tests.server.event_reducer import apply_event

GAMES = 4
STEPS = 30
PACE_S = 0.1  # keeps each socket under its 10 messages a second
COMMANDS = ("resign", "draw_offer", "draw_accept", "draw_decline", "takeback_request",
            "takeback_accept", "takeback_decline", "rematch_offer", "rematch_accept",
            "rematch_decline")


class Replica:
    """A spectator's view of the room: its snapshot with every event since applied."""

    def __init__(self, spectator: Player, snapshot: dict) -> None:
        self.spectator = spectator
        self.state = snapshot

    async def catch_up(self, v: int) -> dict:
        async with asyncio.timeout(15):
            while self.state["v"] < v:
                message = await self.spectator.next()
                if "v" in message and message["type"] != "snapshot":
                    self.state = apply_event(self.state, message)
        return self.state


def random_command(rng: random.Random, state: dict) -> tuple[str, dict]:
    """(type, fields) of a random command: mostly a legal move, else chat, offers, answers."""
    roll = rng.random()
    if roll < 0.6 and state["status"] == "playing":
        board = Board.from_moves(state["variant"], state["moves"])
        return "move", {"move": board.move_str(rng.choice(board.legal_moves()))}
    if roll < 0.7:
        return "chat", {"text": rng.choice(["gg", "hi", "one more?"])}
    return rng.choice(COMMANDS), {}


async def play_game(rng: random.Random, node_a, node_b) -> set[str]:
    clock = rng.choice([None, {"initial_s": 600, "increment_s": 1}])
    room = await create_room(node_a.url, variant=rng.choice(["tictactoe", "caro9"]),
                             your_side="first", clock=clock)
    room_id = room["room_id"]
    spectator = await Player.join(node_b.ws_url, room_id, watch=True)
    replica = Replica(spectator, (await spectator.wait_for("snapshot"))["state"])
    players = [await Player.join(node_a.ws_url, room_id, token=room["token"]),
               await Player.join(node_b.ws_url, room_id)]
    kinds: set[str] = set()
    for _step in range(STEPS):
        status, state = await http("GET", f"{node_a.url}/api/rooms/{room_id}")
        assert await replica.catch_up(state["v"]) == state
        player = players[0] if state["turn"] == players[0].seat or rng.random() < 0.3 \
            else players[1]
        kind, fields = random_command(rng, state)
        answer = await player.command(kind, **fields)
        kinds.add(answer["type"] if answer["type"] != "error" else answer["code"])
        await asyncio.sleep(PACE_S)
    for socket in (*players, spectator):
        await socket.close()
    return kinds


async def test_replayed_events_equal_the_stored_state_across_two_nodes(server_factory):
    node_a = server_factory.start("replay-a", env=FAST_ENV)
    node_b = server_factory.start("replay-b", env=FAST_ENV)
    kinds: set[str] = set()
    for seed in range(GAMES):
        kinds |= await play_game(random.Random(seed), node_a, node_b)
    assert {"move", "game_over", "chat"} <= kinds
