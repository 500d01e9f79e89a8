"""Resume after a drop: exactly the missed events, or a snapshot when they are too old."""

from __future__ import annotations

from server.repository import EVENT_KEEP
from tests.server.client import Player, create_room


async def started_game(node, variant: str = "gomoku"):
    room = await create_room(node.url, variant=variant, your_side="first")
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node.ws_url, room["room_id"])
    return room, first, second


async def test_reconnect_with_last_version_gets_exactly_the_missed_events(arena_node):
    room, first, second = await started_game(arena_node)
    await first.move("h8")
    seen = (await second.wait_for("move"))["v"]
    await second.close()
    await second_moves_while_away(first)
    back = await Player.join(arena_node.ws_url, room["room_id"],
                             token=second.welcome["token"], v=seen)
    assert back.welcome["resumed"] is True
    missed = [await back.next() for _ in range(2)]
    assert [(m["type"], m["v"]) for m in missed] == [("chat", seen + 1), ("chat", seen + 2)]
    assert (await back.next())["type"] == "presence"


async def second_moves_while_away(first: Player) -> None:
    await first.command("chat", text="are you there?")
    await first.command("chat", text="hello?")


async def test_reconnect_without_a_version_gets_a_snapshot(arena_node):
    room, first, second = await started_game(arena_node)
    await first.move("h8")
    back = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
    snapshot = await back.next()
    assert back.welcome["resumed"] is False and snapshot["type"] == "snapshot"
    assert snapshot["state"]["moves"] == ["h8"] and snapshot["v"] == back.welcome["v"]


async def test_version_from_the_future_gets_a_snapshot(arena_node):
    room, first, second = await started_game(arena_node)
    back = await Player.join(arena_node.ws_url, room["room_id"], watch=True, v=10_000)
    assert (await back.next())["type"] == "snapshot"


async def test_reconnect_after_more_than_the_kept_events_gets_a_snapshot(arena_node):
    room, first, second = await started_game(arena_node)
    seen = second.welcome["v"]
    await second.close()
    for _ in range(EVENT_KEEP // 5 + 2):  # 5 chat lines per socket fit the chat rate limit
        chatter = await Player.join(arena_node.ws_url, room["room_id"], watch=True)
        for index in range(5):
            await chatter.send(type="chat", text=f"line {index}")
        await chatter.wait_for("chat", lambda m: m["text"] == "line 4")
        await chatter.close()
    back = await Player.join(arena_node.ws_url, room["room_id"],
                             token=second.welcome["token"], v=seen)
    assert back.welcome["v"] > seen + EVENT_KEEP
    assert back.welcome["resumed"] is False and (await back.next())["type"] == "snapshot"


async def test_sync_replays_the_events_after_the_given_version(arena_node):
    room, first, second = await started_game(arena_node)
    await first.move("h8")
    moved = await second.wait_for("move")
    await second.send(type="sync", v=moved["v"] - 1)
    assert (await second.wait_for("move"))["v"] == moved["v"]


async def test_duplicate_events_are_never_sent_twice_on_one_socket(arena_node):
    room, first, second = await started_game(arena_node)
    for move in ("h8", "h9", "i8"):
        mover = first if move != "h9" else second
        await mover.move(move)
    await second.wait_for("move", lambda m: m["move"] == "i8")
    versions = [m["v"] for m in second.received if "v" in m and m["type"] not in
                ("welcome", "snapshot")]
    assert versions == sorted(set(versions))
