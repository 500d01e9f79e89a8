"""Resume after a drop: exactly the missed events, or a snapshot when they are too old."""

from __future__ import annotations

import pytest

from server.play.repository import EVENT_KEEP
from tests.server.client import Player, create_room


async def started_game(node, variant: str = "gomoku"):
    room = await create_room(node.url, variant=variant, your_side="first")
    first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node.ws_url, room["room_id"])
    return room, first, second


@pytest.mark.redis_cluster
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
    assert [(m["type"], m["v"]) for m in missed] == [("draw_offered", seen + 1),
                                                     ("takeback_requested", seen + 2)]
    assert [(await back.next())["type"] for _ in range(3)] == ["chat_history", "chat_history",
                                                               "presence"]


async def second_moves_while_away(first: Player) -> None:
    await first.command("draw_offer")
    await first.command("takeback_request")


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
    # Offers declined, two events each, from fresh sockets of both players (10 pairs per
    # socket stay within its message rate).
    for _ in range(EVENT_KEEP // 20 + 1):
        offering = await Player.join(arena_node.ws_url, room["room_id"], token=room["token"])
        declining = await Player.join(arena_node.ws_url, room["room_id"],
                                      token=second.welcome["token"])
        for _ in range(10):
            assert (await offering.command("draw_offer"))["type"] == "draw_offered"
            assert (await declining.command("draw_decline"))["type"] == "draw_declined"
        await offering.close()
        await declining.close()
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
