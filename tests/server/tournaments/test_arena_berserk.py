"""Berserk over the real sockets: two players paired by an arena on the shared node; one
berserks, and the opponent's socket sees the halved clock and its mark; a spectator, a second
berserk and a berserk after one's first move are refused with their codes."""

from __future__ import annotations

import asyncio

from tests.server.tournaments.test_tournament_api import soon, until_status
from tests.server.visitor import Visitor

ARENA = {"format": "arena", "name": "Berserk arena", "variant": "gomoku", "minutes": 1,
         "clock": {"initial_s": 60, "increment_s": 1}, "rated": False}


async def seat_in_game(visitor: Visitor, tournament_id: str) -> tuple[str, dict]:
    """The visitor's game room and their seat in it (`{"seat", "token"}`) once paired."""
    async with asyncio.timeout(10):
        while True:
            page = (await visitor.get(f"/api/tournaments/{tournament_id}"))[1]
            room_id = (page["me"] or {}).get("room_id")
            if room_id:
                status, seat = await visitor.get(f"/api/rooms/{room_id}/seat")
                if status == 200:
                    return room_id, seat
            await asyncio.sleep(0.1)


async def test_a_berserk_halves_the_clock_the_opponent_sees(visitors):
    host, other, watcher = visitors(), visitors(), visitors()
    await host.sign_up("bz")
    await other.sign_up("bz")
    status, made = await host.post("/api/tournaments", ARENA | {"starts_at": soon(1)})
    assert status == 201, made
    for player in (host, other):
        assert (await player.post(f"/api/tournaments/{made['id']}/join"))[0] == 200
    await until_status(host, made["id"], "started")
    (room_id, mine), (_room, theirs) = await asyncio.gather(
        seat_in_game(host, made["id"]), seat_in_game(other, made["id"]))
    me = await host.socket(room_id, token=mine["token"])
    opponent = await other.socket(room_id, token=theirs["token"])
    spectator = await watcher.socket(room_id)
    snapshot = await me.wait_for("snapshot")
    assert snapshot["state"]["berserkable"]
    assert "berserk" in snapshot["state"]["allowed"][str(mine["seat"])]

    done = await me.command("berserk")
    seen = await opponent.wait_for("berserk")
    assert done["type"] == "berserk" and seen["v"] == done["v"]
    assert seen["clock"]["remaining"][str(mine["seat"])] == 30_000
    assert seen["clock"]["berserk"][str(mine["seat"])] is True
    assert seen["clock"]["remaining"][str(theirs["seat"])] == 60_000
    assert (await me.command("berserk"))["code"] == "already_berserk"
    assert (await spectator.command("berserk"))["code"] == "not_a_player"
    first = me if mine["seat"] == 1 else opponent
    assert (await first.move("h8"))["type"] == "move"
    if first is opponent:
        assert (await opponent.command("berserk"))["code"] == "berserk_too_late"

    for player in (host, other):  # out of the arena: paired no more
        await player.post(f"/api/tournaments/{made['id']}/leave")
    for socket in (me, opponent, spectator):
        await socket.close()
