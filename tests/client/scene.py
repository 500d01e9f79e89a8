"""A server with something on every page, set up over HTTP and the room socket without a
browser (plain synchronous clients, so a module fixture can build it once for many browser
tests): two accounts, a finished rated game between them (archived: review, replay, profile,
leaderboard, "Your games"), a game between them in progress, and one of them against the
computer (to watch), and an open game waiting in the lobby."""

from __future__ import annotations

import http.cookiejar
import json
import secrets
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from websockets.sync.client import connect

from tests.client.players import PASSWORD

WAIT_S = 15.0
ARCHIVE_POLL_S = 0.1
ARCHIVE_POLLS = 150


class Account:
    """One person with a cookie jar: their identity and session across requests."""

    def __init__(self, base_url: str, username: str) -> None:
        self.base_url = base_url
        self.username = username
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        assert self.call("POST", "/api/account/register",
                         {"username": username, "password": PASSWORD})["username"] == username

    def archived(self, game_id: str) -> None:
        """Waits (bounded) until the archive has the game: review, replay and profile read it."""
        for _attempt in range(ARCHIVE_POLLS):
            try:
                self.call("GET", f"/api/games/{game_id}")
                return
            except urllib.error.HTTPError as error:
                if error.code != 404:
                    raise
            time.sleep(ARCHIVE_POLL_S)
        raise AssertionError(f"game {game_id} was not archived")

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        request = urllib.request.Request(self.base_url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with self.opener.open(request, timeout=WAIT_S) as answer:
            return json.loads(answer.read())


def play(base_url: str, room_id: str, tokens: dict[int, str], moves: list[str]) -> None:
    """Plays `moves` alternately from seat 1 over the room socket (each waits for its echo)."""
    ws_url = base_url.replace("http://", "ws://", 1) + f"/ws/{room_id}"
    with connect(ws_url) as one, connect(ws_url) as two:
        sockets = {1: one, 2: two}
        for seat, socket in sockets.items():
            socket.send(json.dumps({"type": "hello", "token": tokens[seat]}))
        for ply, move in enumerate(moves):
            socket = sockets[1 + ply % 2]
            cid = f"m{ply}"
            socket.send(json.dumps({"type": "move", "move": move, "cid": cid}))
            while True:
                message = json.loads(socket.recv(timeout=WAIT_S))
                assert message["type"] != "error", message
                if message.get("cid") == cid:
                    break


@dataclass(frozen=True)
class Scene:
    base_url: str
    host: str            # the account who plays seat 1 of both games with `guest`
    guest: str
    finished_room: str   # their finished rated tic-tac-toe game (the host won)
    game_id: str         # its archive id
    live_room: str       # their caro game in progress
    tokens: dict[str, str]  # room id -> the host's seat token there
    watched_room: str    # the guest against the computer


def build_scene(base_url: str) -> Scene:
    suffix = secrets.token_hex(3)
    host, guest = Account(base_url, f"an_{suffix}"), Account(base_url, f"binh_{suffix}")
    tokens: dict[str, str] = {}

    def pair(**room: Any) -> tuple[str, dict[int, str]]:
        created = host.call("POST", "/api/rooms", {"your_side": "first", **room})
        joined = guest.call("POST", f"/api/rooms/{created['room_id']}/join", {})
        tokens[created["room_id"]] = created["token"]
        return created["room_id"], {1: created["token"], 2: joined["token"]}

    finished, seats = pair(variant="tictactoe", rated=True)
    play(base_url, finished, seats, ["a1", "b1", "a2", "b2", "a3"])
    game_id = f"{finished}-1"
    host.archived(game_id)
    live, seats = pair(variant="caro", public=True)  # listed under the games being played
    play(base_url, live, seats, ["h8", "h9", "i9"])
    watched = guest.call("POST", "/api/rooms", {"variant": "gomoku", "opponent": "ai",
                                                "your_side": "first"})
    # An open game in the lobby (its host, the guest, counts as here for a while).
    guest.call("POST", "/api/rooms", {"variant": "caro-17", "public": True,
                                      "clock": {"initial_s": 300, "increment_s": 3}})
    return Scene(base_url, host.username, guest.username, finished, game_id, live, tokens,
                 watched["room_id"])
