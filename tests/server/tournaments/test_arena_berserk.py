"""Berserk over the real sockets: two players paired by an arena on the shared node; one
berserks, and the opponent's socket sees the halved clock and its mark; a spectator, a second
berserk and a berserk after one's first move are refused with their codes; the berserker's
win (in seven moves: a berserk counts from there) scores 3 and is marked in the standings."""

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


async def scored_row(visitor: Visitor, tournament_id: str, username: str) -> dict:
    """`username`'s standings row once their first game is scored."""
    async with asyncio.timeout(10):
        while True:
            page = (await visitor.get(f"/api/tournaments/{tournament_id}"))[1]
            row = next(r for r in page["standings"] if r["username"] == username)
            if row["games"] and row["games"][0]["result"] is not None:
                return row
            await asyncio.sleep(0.2)


async def test_a_berserk_halves_the_clock_the_opponent_sees_and_a_win_scores_one_more(
        visitors):
    host, other, watcher = visitors(), visitors(), visitors()
    name = await host.sign_up("bz")
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
    # The berserker wins with their seventh move: a berserked win, 2 + 1 points.
    lines = {me: ["a1", "a3", "a5", "b1", "c1", "d1", "e1"],
             opponent: ["o15", "m15", "k15", "o13", "m13", "k13", "o11"]}
    order = [me, opponent] if mine["seat"] == 1 else [opponent, me]
    first_move = await order[0].move(lines[order[0]].pop(0))
    assert first_move["type"] == "move"
    if order[0] is opponent:
        assert (await opponent.command("berserk"))["code"] == "berserk_too_late"
    while lines[me]:
        for socket in order[1:] + order[:1]:
            if lines[me]:
                assert (await socket.move(lines[socket].pop(0)))["type"] == "move"
    over = await opponent.wait_for("game_over")
    assert over["result"]["winner"] == mine["seat"]
    row = await scored_row(host, made["id"], name)
    assert row["score"] == 3 and row["games"][0]["berserk"] is True

    for player in (host, other):  # out of the arena: paired no more
        await player.post(f"/api/tournaments/{made['id']}/leave")
    for socket in (me, opponent, spectator):
        await socket.close()
