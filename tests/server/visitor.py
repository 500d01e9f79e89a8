"""A visitor with a cookie jar, as a browser is: the identity and session cookies the server
sets are sent back on the next requests (and on the socket's handshake)."""

from __future__ import annotations

import json
import secrets
from http.cookies import Morsel, SimpleCookie
from typing import Any

import aiohttp
import websockets

from tests.server.client import WAIT_S, Player

PASSWORD = "correct horse battery"


class Visitor:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        # unsafe=True: keep cookies set by an IP address host (127.0.0.1), as browsers do.
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.last_headers: Any = None

    async def request(self, method: str, path: str, body: Any = None,
                      headers: dict[str, str] | None = None) -> tuple[int, Any]:
        if body is None and method != "GET":
            body = {}  # writes are JSON (docs/protocol.md: bad_content_type otherwise)
        async with self.session.request(method, self.base_url + path, json=body,
                                        headers=headers) as response:
            self.last_headers = response.headers
            text = await response.text()
            if response.content_type == "application/json":
                return response.status, json.loads(text)
            return response.status, text

    async def get(self, path: str, **kwargs: Any) -> tuple[int, Any]:
        return await self.request("GET", path, **kwargs)

    async def post(self, path: str, body: Any = None, **kwargs: Any) -> tuple[int, Any]:
        return await self.request("POST", path, body, **kwargs)

    def set_cookies(self) -> dict[str, Morsel]:
        """The cookies the last response set, by name."""
        morsels: dict[str, Morsel] = {}
        for header in self.last_headers.getall("Set-Cookie", []):
            cookie = SimpleCookie()
            cookie.load(header)
            morsels.update(cookie)
        return morsels

    def cookie(self, name: str) -> str | None:
        for morsel in self.session.cookie_jar:
            if morsel.key == name:
                return morsel.value
        return None

    async def socket(self, room_id: str, **hello: Any) -> Player:
        """A socket to `room_id` carrying this visitor's cookies; says hello."""
        cookies = "; ".join(f"{m.key}={m.value}" for m in self.session.cookie_jar)
        ws_base = self.base_url.replace("http://", "ws://", 1)
        socket = await websockets.connect(f"{ws_base}/ws/{room_id}", open_timeout=WAIT_S,
                                          additional_headers={"Cookie": cookies})
        player = Player(socket)
        await player.send(type="hello", **hello)
        player.welcome = await player.wait_for("welcome")
        return player

    async def sign_up(self, prefix: str = "u") -> str:
        """Register a new account (a random username starting with `prefix`) and stay logged
        in; returns the username."""
        username = f"{prefix}_{secrets.token_hex(5)}"
        status, answer = await self.post("/api/account/register",
                                         {"username": username, "password": PASSWORD})
        assert status == 201, answer
        return username

    async def player_socket(self, base_url: str | None = None) -> Player:
        """The player's own socket, `/ws/me` (of `base_url`: another node sharing the store),
        with this visitor's cookies; waits for its `welcome`."""
        cookies = "; ".join(f"{m.key}={m.value}" for m in self.session.cookie_jar)
        ws_base = (base_url or self.base_url).replace("http://", "ws://", 1)
        socket = await websockets.connect(f"{ws_base}/ws/me", open_timeout=WAIT_S,
                                          additional_headers={"Cookie": cookies})
        player = Player(socket)
        player.welcome = await player.wait_for("welcome")
        return player

    async def close(self) -> None:
        await self.session.close()
