"""Chat over real sockets and Redis: the two channels, the history, and limits that hold
across sockets and nodes without touching the game's events."""

from __future__ import annotations

import asyncio

import pytest

from server.rooms.chat import CHAT_KEEP
from tests.server.client import Player, create_room
from tests.server.conftest import FAST_ENV


async def seated(node, **room_fields) -> tuple[dict, Player, Player]:
    room = await create_room(node.url, variant="gomoku", your_side="first", **room_fields)
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node.ws_url, room["room_id"])
    return room, first, second


async def say(socket: Player, texts: list[str]) -> list[dict]:
    """Each text in turn on one socket; the replies (the line or an error)."""
    return [await socket.command("chat", text=text) for text in texts]


async def everyone_says(sockets: list[Player], texts: list[str]) -> list[dict]:
    """All sockets at once, each saying `texts` in turn; every reply."""
    replies = await asyncio.gather(*(say(socket, texts) for socket in sockets))
    return [reply for each in replies for reply in each]


def chat_texts(socket: Player) -> list[str]:
    return [m["text"] for m in socket.received if m["type"] == "chat"]


@pytest.mark.redis_cluster
async def test_a_player_sees_the_spectators_chat_only_after_opening_it(arena_node):
    room, first, second = await seated(arena_node)
    fan = await Player.join(arena_node.ws_url, room["room_id"], watch=True, name="fan")
    assert (await fan.command("chat", text="go go"))["channel"] == "spectators"
    await second.command("chat", text="good luck")
    await first.wait_for("chat", lambda m: m["text"] == "good luck")
    assert chat_texts(first) == ["good luck"]
    opened = await first.command("spectator_chat", open=True)
    assert [line["text"] for line in opened["lines"]] == ["go go"]
    await fan.command("chat", text="again")
    assert (await first.wait_for("chat"))["text"] == "again"


@pytest.mark.redis_cluster
async def test_a_new_socket_gets_each_channels_history(arena_node):
    room, first, second = await seated(arena_node)
    await first.command("chat", text="hi")
    fan = await Player.join(arena_node.ws_url, room["room_id"], watch=True)
    await fan.command("chat", text="hello players")
    histories = {}
    for socket in (await Player.join(arena_node.ws_url, room["room_id"], watch=True),
                   await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])):
        for _ in range(2):
            history = await socket.wait_for("chat_history")
            histories[(socket.seat, history["channel"])] = [x["text"] for x in history["lines"]]
    assert histories == {(None, "players"): ["hi"], (None, "spectators"): ["hello players"],
                         (1, "players"): ["hi"], (1, "spectators"): []}


async def test_a_room_channel_limit_holds_across_nodes(server_factory, redis_factory):
    redis = redis_factory.start()
    env = FAST_ENV | {"CHAT_PER_ROOM_PER_MINUTE": "6"}
    nodes = [server_factory.start(f"chat-room-{n}", redis_url=redis.url, env=env)
             for n in (1, 2)]
    room, first, second = await seated(nodes[0])
    fans = [await Player.join(nodes[n % 2].ws_url, room["room_id"], watch=True)
            for n in range(4)]
    replies = await everyone_says(fans, ["a", "b", "c"])
    assert sorted(r["type"] for r in replies) == ["chat"] * 6 + ["error"] * 6
    assert {r["code"] for r in replies if r["type"] == "error"} == {"rate_limited"}
    assert (await first.command("chat", text="we can still talk"))["type"] == "chat"


async def test_a_chat_flood_from_one_address_is_bounded_and_leaves_the_game_intact(
        server_factory, redis_factory):
    """One address, 100 sockets on two nodes, 500 lines of 300 characters (the flood of issue
    11): the address gets its 20 lines a minute in all, none reaches a player who has not
    opened the spectators' channel, the players' history keeps their lines, and a player who
    dropped before the flood resumes with exactly the game events it missed."""
    redis = redis_factory.start()
    env = FAST_ENV | {"CHAT_PER_IP_PER_MINUTE": "20"}
    nodes = [server_factory.start(f"chat-flood-{n}", redis_url=redis.url, env=env)
             for n in (1, 2)]
    room, first, second = await seated(nodes[0])
    await first.move("h8")
    await first.command("chat", text="have fun")
    await second.wait_for("chat", lambda m: m["text"] == "have fun")  # after the move
    await second.close()
    flooders = [await Player.join(nodes[n % 2].ws_url, room["room_id"], watch=True)
                for n in range(100)]
    replies = await everyone_says(flooders, [f"{n:03d}" + "x" * 297 for n in range(5)])
    accepted = [r for r in replies if r["type"] == "chat"]
    assert len(accepted) == 20 - 1  # the player's line counted from the same address
    assert all(r["code"] == "rate_limited" for r in replies if r["type"] == "error")
    await first.command("draw_offer")
    assert chat_texts(first) == ["have fun"]  # none of the flood reached the player
    back = await Player.join(nodes[1].ws_url, room["room_id"], token=second.welcome["token"],
                             v=second.last_v)
    assert back.welcome["resumed"] is True
    assert (await back.next())["type"] == "draw_offered"
    histories = {h["channel"]: h["lines"] for h in [await back.wait_for("chat_history"),
                                                    await back.wait_for("chat_history")]}
    assert [line["text"] for line in histories["players"]] == ["have fun"]
    assert histories["spectators"] == []  # a player has not opened it
    fan = await Player.join(nodes[0].ws_url, room["room_id"], watch=True)
    await fan.wait_for("chat_history", lambda m: m["channel"] == "spectators")
    spectators = fan.received[-1]["lines"]
    assert len(spectators) == len(accepted) <= CHAT_KEEP
