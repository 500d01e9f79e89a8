"""kill -9 of one of two nodes mid-game: its clients reconnect to the other node and resume;
no game is lost or corrupted; an AI move the dead node was searching comes from the survivor."""

from __future__ import annotations

import time

import websockets

from engine.levels import TOP
from tests.faults.conftest import FAST_ENV, eventually, moves_seen, room_state
from tests.server.client import Player, create_room, metric

GAMES = 3
AI_TAKEOVER_S = 5.0
# Seat 1 makes five in a row on the bottom row; seat 2 plays on row 3 and never gets five.
FIRST = ["a1", "b1", "c1", "d1", "e1"]
SECOND = ["a3", "b3", "c3", "d3"]


def two_nodes(redis_factory, server_factory, doomed_env=FAST_ENV, survivor_env=FAST_ENV):
    redis = redis_factory.start(appendonly=True)
    doomed = server_factory.start("doomed", redis_url=redis.url, env=doomed_env)
    survivor = server_factory.start("survivor", redis_url=redis.url, env=survivor_env)
    return doomed, survivor


async def test_clients_of_a_killed_node_resume_on_the_other_and_every_game_is_whole(
        redis_factory, server_factory):
    doomed, survivor = two_nodes(redis_factory, server_factory)
    games = []
    for n in range(GAMES):
        room = await create_room(doomed.url, variant="gomoku", your_side="first")
        rid = room["room_id"]
        # Game n: seat 1 on the doomed node, seat 2 on the doomed node for even n, a spectator
        # on the doomed node too, so each game loses at least two sockets in the crash.
        first = await Player.join(doomed.ws_url, rid, token=room["token"])
        second_node = doomed if n % 2 == 0 else survivor
        second = await Player.join(second_node.ws_url, rid)
        watcher = await Player.join(doomed.ws_url, rid, watch=True)
        games.append({"room": room, "sockets": {"first": [first], "second": [second],
                                                "watcher": [watcher]},
                      "tokens": {"first": room["token"], "second": second.welcome["token"]}})
    for game in games:
        for ply in range(4):
            mover = game["sockets"]["first" if ply % 2 == 0 else "second"][-1]
            move = (FIRST if ply % 2 == 0 else SECOND)[ply // 2]
            assert (await mover.move(move))["type"] == "move"

    doomed.kill()

    for game in games:
        rid = game["room"]["room_id"]
        for who, sockets in game["sockets"].items():
            old = sockets[-1]
            if old.socket.remote_address[1] != doomed.port:
                continue
            await old.closed()
            hello = {"watch": True} if who == "watcher" else {"token": game["tokens"][who]}
            new = await Player.join(survivor.ws_url, rid, v=old.last_v, **hello)
            assert new.welcome["resumed"] is True
            assert new.seat == {"first": 1, "second": 2, "watcher": None}[who]
            sockets.append(new)
    for game in games:
        first, second = game["sockets"]["first"][-1], game["sockets"]["second"][-1]
        for mover, move in ((first, "c1"), (second, "c3"), (first, "d1"), (second, "d3"),
                            (first, "e1")):
            assert (await mover.move(move))["type"] == "move"
        for sockets in game["sockets"].values():
            await sockets[-1].wait_for("game_over")

    for game in games:
        state = await room_state(survivor.url, game["room"]["room_id"])
        expected = [m for pair in zip(FIRST, SECOND + [None], strict=True) for m in pair if m]
        assert state["moves"] == expected
        assert state["result"]["winner"] == 1
        for sockets in game["sockets"].values():
            assert moves_seen(*sockets) == expected


async def test_ai_move_the_killed_node_was_searching_arrives_from_the_other_within_5_s(
        redis_factory, server_factory):
    # The doomed node searches long enough to be killed mid-search; the survivor searches as
    # long as level 5 does by default (1 s).
    doomed, survivor = two_nodes(
        redis_factory, server_factory, doomed_env=FAST_ENV | {"AI_MAX_TIME_MS": "2000"},
        survivor_env=FAST_ENV | {"AI_MAX_TIME_MS": "1000"})
    room = await create_room(doomed.url, variant="gomoku", opponent="ai", ai_level=TOP,
                             your_side="first")
    rid = room["room_id"]
    me = await Player.join(doomed.ws_url, rid, token=room["token"])
    await me.move("c13")  # off the opening book: a real search
    assert await eventually(lambda: _searching(doomed.url), within=10), "no search started"

    doomed.kill()
    killed_at = time.monotonic()
    await me.closed()
    again = await Player.join(survivor.ws_url, rid, token=room["token"], v=me.last_v)
    reply = await again.wait_for("move", lambda m: m["seat"] == 2, within=AI_TAKEOVER_S + 5)
    assert time.monotonic() - killed_at <= AI_TAKEOVER_S
    assert reply["ply"] == 2
    state = await room_state(survivor.url, rid)
    assert state["moves"] == ["c13", reply["move"]]


async def _searching(url: str) -> bool:
    try:
        return await metric(url, "caro_ai_busy_workers") >= 1
    except (TimeoutError, OSError):
        return False


async def test_through_the_load_balancer_players_of_a_killed_node_resume_on_the_other(
        compose_topology):
    """docker-compose on loopback: nginx in front of two nodes. The sockets nginx had sent to
    the killed node close; reconnecting through nginx lands on the survivor and resumes."""
    lb = compose_topology
    tables = []
    for _ in range(2):
        room = await create_room(lb.url, variant="gomoku", your_side="first")
        first = await Player.join(lb.ws_url, room["room_id"], token=room["token"])
        second = await Player.join(lb.ws_url, room["room_id"])
        watcher = await Player.join(lb.ws_url, room["room_id"], watch=True)
        tables.append((room, {"first": [first], "second": [second], "watcher": [watcher]},
                       {"first": {"token": room["token"]},
                        "second": {"token": second.welcome["token"]},
                        "watcher": {"watch": True}}))
    for _room, sockets, _hellos in tables:
        for n in range(4):
            mover = sockets["first" if n % 2 == 0 else "second"][-1]
            assert (await mover.move((FIRST if n % 2 == 0 else SECOND)[n // 2]))["type"] == "move"

    compose_topology.nodes["server-1"].kill()

    reconnected = 0
    for room, sockets, hellos in tables:
        for who, history in sockets.items():
            if await _still_open(history[-1]):
                continue
            again = await Player.join(lb.ws_url, room["room_id"], v=history[-1].last_v,
                                      **hellos[who])
            assert again.welcome["resumed"] is True
            history.append(again)
            reconnected += 1
    assert reconnected >= 1, "nginx sent no socket to the killed node"
    expected = ["a1", "a3", "b1", "b3", "c1"]
    for room, sockets, _hellos in tables:
        assert (await sockets["first"][-1].move("c1"))["type"] == "move"
        for who, history in sockets.items():
            if who != "first":  # the mover has already read its move
                await history[-1].wait_for("move", lambda m: m["move"] == "c1")
            assert moves_seen(*history) == expected
        assert (await room_state(lb.url, room["room_id"]))["moves"] == expected


async def _still_open(player: Player) -> bool:
    """A ping answered means the socket's node is alive; a close means it was the dead one."""
    try:
        await player.send(type="ping")
        await player.wait_for("pong", within=5)
    except (websockets.ConnectionClosed, TimeoutError):
        return False
    return True
