"""A gomoku game played across two nodes on one store, the shared stage of the Redis fault
tests: each move is acknowledged on the mover's node and reaches the opponent on the other node
through pub/sub, and the test breaks Redis between the third and fourth pair of moves."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.faults.conftest import FAST_ENV, moves_seen, room_state
from tests.server.client import Player, create_room

# Seat 1 fills the bottom row from a1, seat 2 row 3: seat 1's fifth stone (e1) wins.
FIRST = ["a1", "b1", "c1", "d1", "e1"]
SECOND = ["a3", "b3", "c3", "d3"]


@dataclass
class TwoNodeGame:
    nodes: tuple[Any, Any]  # tests.harness.ServerNode, the room's creator first
    room_id: str
    first: Player  # on nodes[0]
    second: Player  # on nodes[1]
    acknowledged: list[str] = field(default_factory=list)  # the moves their mover saw accepted


async def play(mover: Player, opponent: Player, move: str, acknowledged: list[str]) -> None:
    """One move: the mover sees it acknowledged (its own `move` event) and the opponent, on
    the other node, receives it through Redis pub/sub."""
    event = await mover.move(move)
    assert event["type"] == "move", event
    acknowledged.append(move)
    await opponent.wait_for("move", lambda m: m["v"] == event["v"])


async def start_game(server_factory: Any, redis_url: str) -> TwoNodeGame:
    """Two nodes on `redis_url` and a game across them, three moves each played."""
    nodes = (server_factory.start("node-a", redis_url=redis_url, env=FAST_ENV),
             server_factory.start("node-b", redis_url=redis_url, env=FAST_ENV))
    room = await create_room(nodes[0].url, variant="gomoku", your_side="first")
    room_id = room["room_id"]
    game = TwoNodeGame(nodes, room_id,
                       await Player.join(nodes[0].ws_url, room_id, token=room["token"]),
                       await Player.join(nodes[1].ws_url, room_id))
    for n in range(3):
        await play(game.first, game.second, FIRST[n], game.acknowledged)
        await play(game.second, game.first, SECOND[n], game.acknowledged)
    return game


async def finish_and_check(game: TwoNodeGame) -> None:
    """After the first player's fourth move: the game is played to its win, and the room and
    both players hold exactly the acknowledged moves."""
    await play(game.second, game.first, SECOND[3], game.acknowledged)
    await play(game.first, game.second, FIRST[4], game.acknowledged)
    over = await game.second.wait_for("game_over")
    assert over["result"]["winner"] == 1
    state = await room_state(game.nodes[1].url, game.room_id)
    assert state["moves"] == game.acknowledged
    assert moves_seen(game.first) == moves_seen(game.second) == game.acknowledged
