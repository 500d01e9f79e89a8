"""A connected opponent who never moves can be claimed against once the idle limit has passed,
not before: on an in-process node whose clock the test sets (server/platform/clock.py), so the
default five-minute limit is tested as configured, without waiting for it."""

from __future__ import annotations

from server.platform import clock
from server.platform.settings import Settings
from tests.server.client import Player, create_room

IDLE_CLAIM_AFTER_S = Settings().idle_claim_after_s
# The node refreshes its presence records every few seconds of real time, so a jump of minutes
# makes the connected opponent look gone: the claim for a player gone is put out of reach.
GONE_CLAIM_ENV = {"CLAIM_AFTER_S": str(10 * IDLE_CLAIM_AFTER_S)}


async def test_a_connected_opponent_who_never_moves_can_be_claimed_against_after_the_deadline(
        inprocess_node):
    node = await inprocess_node(**GONE_CLAIM_ENV)
    with clock.frozen() as now:
        room = await create_room(node.url, variant="gomoku", your_side="first")
        first = await Player.join(node.ws_url, room["room_id"], token=room["token"])
        second = await Player.join(node.ws_url, room["room_id"])
        moved = await first.move("h8")
        assert moved["move_deadline"] == clock.now_ms() + IDLE_CLAIM_AFTER_S * 1000
        now.advance(IDLE_CLAIM_AFTER_S - 1)
        early = await first.command("claim_win")
        assert (early["type"], early["code"]) == ("error", "cannot_claim_yet")
        now.advance(1)
        over = await first.command("claim_win")
    assert (over["type"], over["result"]["winner"], over["result"]["reason"]) == \
        ("game_over", 1, "abandoned")
    await first.close()
    await second.close()
