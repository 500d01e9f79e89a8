"""Several server processes on one Redis: cross-node play, AI takeover, a killed AI worker."""

from __future__ import annotations

import asyncio

import pytest

from engine.levels import TOP
from tests.server.client import Player, create_room, http, metric
from tests.server.conftest import FAST_ENV

# A real search long enough (the top level: about a second) to kill something in the middle of it.
SLOW_AI_ENV = FAST_ENV | {"AI_MAX_TIME_MS": "0"}


@pytest.mark.redis_cluster  # cross-node pub/sub, resume, AI lease and timers
async def test_players_on_different_nodes_and_a_spectator_see_one_game(server_factory):
    node_a = server_factory.start("node-a", env=FAST_ENV)
    node_b = server_factory.start("node-b", env=FAST_ENV)
    room = await create_room(node_a.url, variant="tictactoe", your_side="first")
    first = await Player.join(node_a.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node_b.ws_url, room["room_id"])
    spectator = await Player.join(node_b.ws_url, room["room_id"], watch=True)
    assert second.seat == 2
    for who, move in ((first, "a1"), (second, "a3"), (first, "b1"), (second, "b3")):
        assert (await who.move(move))["type"] == "move"
    await first.move("c1")
    for watcher in (first, second, spectator):
        over = await watcher.wait_for("game_over")
        assert over["result"]["winner"] == 1
    seen_by_spectator = [m["move"] for m in spectator.received if m["type"] == "move"]
    assert seen_by_spectator == ["a1", "a3", "b1", "b3", "c1"]


@pytest.mark.redis_cluster  # cross-node pub/sub, resume, AI lease and timers
async def test_seat_resumes_on_another_node_with_the_missed_events(server_factory):
    node_a = server_factory.start("node-a", env=FAST_ENV)
    node_b = server_factory.start("node-b", env=FAST_ENV)
    room = await create_room(node_a.url, variant="gomoku", your_side="first")
    first = await Player.join(node_a.ws_url, room["room_id"], token=room["token"])
    second = await Player.join(node_a.ws_url, room["room_id"])
    await first.move("h8")
    seen = (await second.wait_for("move"))["v"]
    await second.close()
    await first.command("draw_offer")
    back = await Player.join(node_b.ws_url, room["room_id"], token=second.welcome["token"],
                             v=seen)
    assert (back.seat, back.welcome["resumed"]) == (2, True)
    assert (await back.next())["type"] == "draw_offered"
    assert (await back.move("i9"))["type"] == "move"


async def searching(node) -> bool:
    """Whether the node reports a busy AI worker within a few seconds."""
    for _ in range(100):
        if await metric(node.url, "caro_ai_busy_workers") == 1:
            return True
        await asyncio.sleep(0.02)
    return False


async def test_killed_ai_worker_is_replaced_and_the_move_still_made(server_factory):
    node = server_factory.start("node-ai", env=SLOW_AI_ENV)
    room = await create_room(node.url, variant="gomoku", opponent="ai", ai_level=TOP,
                             your_side="first")
    me = await Player.join(node.ws_url, room["room_id"], token=room["token"])
    await me.move("h8")
    assert await searching(node), "the AI search started"
    workers = node.ai_workers()
    assert workers, "the AI pool has a worker while it searches"
    for worker in workers:
        worker.kill()
    try:
        reply = await me.wait_for("move", lambda m: m["seat"] == 2, within=30)
    except TimeoutError:
        status, metrics = await http("GET", f"{node.url}/metrics")
        pytest.fail(f"no AI move after the kill\n{metrics}\n{node.log()}")
    assert reply["ply"] == 2
    assert await metric(node.url, "caro_ai_pool_rebuilds_total") == 1


@pytest.mark.redis_cluster  # cross-node pub/sub, resume, AI lease and timers
async def test_ai_move_is_taken_over_when_its_node_dies(server_factory):
    doomed = server_factory.start("node-doomed", env=SLOW_AI_ENV)
    survivor = server_factory.start("node-survivor", env=FAST_ENV)
    room = await create_room(doomed.url, variant="gomoku", opponent="ai", ai_level=TOP,
                             your_side="first")
    me = await Player.join(doomed.ws_url, room["room_id"], token=room["token"])
    spectator = await Player.join(survivor.ws_url, room["room_id"], watch=True)
    workers = doomed.ai_workers()
    assert workers, "the doomed node's AI workers are started at boot"
    for worker in workers:  # frozen: the doomed node can start the search but never finish it
        worker.suspend()
    await me.move("h8")
    assert await searching(doomed), "the doomed node took the AI move"
    doomed.kill()
    for worker in workers:
        worker.kill()
    reply = await spectator.wait_for("move", lambda m: m["seat"] == 2, within=30)
    # The doomed node's only worker was frozen before it got the search, so a live node made
    # this move (the survivor, or another node of the session sharing this Redis).
    assert reply["ply"] == 2
    status, state = await http("GET", f"{survivor.url}/api/rooms/{room['room_id']}")
    assert state["moves"][:1] == ["h8"] and len(state["moves"]) == 2


@pytest.mark.slow
async def test_players_on_a_dead_node_are_shown_offline(server_factory):
    node_a = server_factory.start("node-a", env=FAST_ENV)
    node_b = server_factory.start("node-b", env=FAST_ENV)
    room = await create_room(node_a.url, variant="gomoku", your_side="first")
    first = await Player.join(node_b.ws_url, room["room_id"], token=room["token"])
    await Player.join(node_a.ws_url, room["room_id"])
    await first.wait_for("presence", lambda m: m["players"]["2"])
    node_a.kill()
    gone = await first.wait_for("presence", lambda m: not m["players"]["2"], within=40)
    assert gone["away_since"]["2"] is not None
