"""Hostile-input fixtures: a node of their own (so its rooms are theirs) and a game in progress
to attack, plus the documented codes every refusal must use. The node has no room-creation
limit: that limit is counted in Redis per address, and its own test (tests/hostile/
test_limits.py) runs a node with a Redis of its own."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import RedisServer, ServerFactory, ServerNode
from tests.protocol_doc import error_table
from tests.server.client import Player, create_room, http

# docs/protocol.md §5 and §3.5: every error code and close code a client may ever see.
ERROR_CODES = frozenset(error_table())
CLOSE_CODES = frozenset({1000, 1001, 1009, 4400, 4401, 4404, 4429})


@dataclass(frozen=True, slots=True)
class Game:
    """A gomoku game in progress on the hostile node: seat 1 played h8, seat 2 is to move."""

    room_id: str
    first_token: str
    second_token: str


@pytest.fixture(scope="module")
def hostile_node(tmp_path_factory: pytest.TempPathFactory,
                 redis_server: RedisServer) -> Iterator[ServerNode]:
    factory = ServerFactory(Path(tmp_path_factory.mktemp("hostile")), redis_server.url)
    yield factory.start("hostile-1", env={"AI_WORKERS": "1"})
    factory.close()


async def start_game(node: ServerNode) -> Game:
    room = await create_room(node.url, variant="gomoku", your_side="first")
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node.ws_url, room["room_id"])
    assert (await first.move("h8"))["type"] == "move"
    await first.close()
    await second.close()
    return Game(room["room_id"], room["token"], second.welcome["token"])


@pytest.fixture(scope="module")
def module_game(hostile_node: ServerNode) -> Game:
    """One game for a module (started in its own event loop: module fixtures outlive tests)."""
    return asyncio.run(start_game(hostile_node))


async def public_state(node: ServerNode, room_id: str) -> dict:
    status, state = await http("GET", f"{node.url}/api/rooms/{room_id}")
    assert status == 200, state
    return state


def game_part(state: dict) -> dict:
    """The state without its version — the game, which no hostile frame may touch. (Chat and
    presence are not in the state.)"""
    return {key: value for key, value in state.items() if key != "v"}
