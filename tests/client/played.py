"""Games played for the page tests without a browser, over the server's real HTTP API and
WebSockets: two accounts registered, a game played move by move, archived and, when asked,
analysed. The pages under test then only look at them (one game serves every screen and
language of a module)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import aiohttp
import websockets

from tests.harness import http_get
from tests.server.client import Player as SocketPlayer

PASSWORD = "correct horse battery"
WAIT_S = 120.0  # an analysis of a short game on the shared machine

T = TypeVar("T")


@dataclass
class Played:
    game_id: str
    room_id: str
    usernames: tuple[str, str]  # first and second seat ("" for a guest)
    moves: list[str]


def in_thread(work: Callable[[], Awaitable[T]]) -> T:
    """Runs a coroutine to its end in a thread of its own (the browser tests own this one's
    event loop)."""
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(asyncio.run(work()))
        except BaseException as error:  # noqa: BLE001 - re-raised in the caller's thread
            failure.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=WAIT_S)
    if failure:
        raise failure[0]
    assert result, "the game was not played in time"
    return result[0]


async def _account(base_url: str, prefix: str) -> tuple[aiohttp.ClientSession, str]:
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    username = f"{prefix}{secrets.token_hex(3)}"
    async with session.post(f"{base_url}/api/account/register",
                            json={"username": username, "password": PASSWORD}) as answer:
        assert answer.status == 201, await answer.text()
    return session, username


async def _seated(ws_url: str, room_id: str, session: aiohttp.ClientSession,
                  token: str) -> SocketPlayer:
    """The seat's socket, sent with the account's cookies (the server knows who plays)."""
    cookie = "; ".join(f"{c.key}={c.value}" for c in session.cookie_jar)
    socket = await websockets.connect(f"{ws_url}/ws/{room_id}",
                                      additional_headers={"Cookie": cookie}, max_size=2**20)
    player = SocketPlayer(socket)
    await player.send(type="hello", token=token)
    player.welcome = await player.wait_for("welcome")
    return player


async def _play(base_url: str, ws_url: str, variant: str, moves: list[str], rated: bool,
                resign: bool) -> Played:
    (lan, lan_name), (minh, minh_name) = (await _account(base_url, "lan_"),
                                          await _account(base_url, "minh_"))
    async with contextlib.AsyncExitStack() as stack:
        for session in (lan, minh):
            stack.push_async_callback(session.close)
        async with lan.post(f"{base_url}/api/rooms", json={
                "variant": variant, "your_side": "first", "rated": rated}) as answer:
            room = await answer.json()
            assert answer.status == 201, room
        async with minh.post(f"{base_url}/api/rooms/{room['room_id']}/join", json={}) as answer:
            seat = await answer.json()
            assert answer.status == 200, seat
        # Each socket closed when done: the node caps the sockets one address keeps open.
        first = await _seated(ws_url, room["room_id"], lan, room["token"])
        stack.push_async_callback(first.close)
        second = await _seated(ws_url, room["room_id"], minh, seat["token"])
        stack.push_async_callback(second.close)
        for ply, move in enumerate(moves):
            await (first if ply % 2 == 0 else second).move(move)
        to_move, moved = (second, first) if len(moves) % 2 else (first, second)
        if resign:
            await to_move.command("resign")
        # The actor's own answer may be the game_over; the other player's socket waits for it.
        await (moved if resign else to_move).wait_for("game_over")
        async with lan.get(f"{base_url}/api/rooms/{room['room_id']}") as answer:
            game_id = (await answer.json())["game_id"]
    return Played(game_id, room["room_id"], (lan_name, minh_name), moves)


def play(server, moves: list[str], *, variant: str = "gomoku", rated: bool = True,
         resign: bool = False) -> Played:
    """Two new accounts play `moves` (the first seat first); with `resign` the player to move
    then resigns. Returns once the archive has the game."""
    played = in_thread(lambda: _play(server.url, server.ws_url, variant, moves, rated, resign))
    wait_for(f"{server.url}/api/games/{played.game_id}", lambda doc: True)
    return played


def analysed(server, game_id: str) -> dict[str, Any]:
    """Requests the game's computer analysis and waits until it is done."""
    request = urllib.request.Request(f"{server.url}/api/games/{game_id}/analysis", data=b"{}",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10):
        pass
    return wait_for(f"{server.url}/api/games/{game_id}/analysis",
                    lambda doc: doc["status"] == "done")


def wait_for(url: str, ready: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        status, body = http_get(url, timeout=10)
        if status == 200 and ready(doc := json.loads(body)):
            return doc
        time.sleep(0.1)
    raise AssertionError(f"{url} was not ready within {WAIT_S} s")
