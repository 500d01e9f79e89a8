"""The rated pools over HTTP (docs/protocol.md §2j) on a real node: counts, join, the pairing
into a rated room, leave, and every refusal. Each test uses pools of its own: the node is
shared, and a player left waiting would be someone else's opponent."""

from __future__ import annotations

import asyncio

from tests.server.http.test_accounts import new_username, register
from tests.server.visitor import Visitor

PAIRING_WITHIN_S = 10.0  # a few waves (server/pool/runner.py WAVE_S)


async def account(visitors) -> Visitor:
    visitor = visitors()
    status, body = await register(visitor, new_username())
    assert status == 201, body
    return visitor


async def waiting_in(visitor: Visitor, pool_id: str) -> int:
    status, body = await visitor.get("/api/pools")
    assert status == 200
    return next(p["waiting"] for p in body["pools"] if p["id"] == pool_id)


async def paired(visitor: Visitor) -> dict:
    """Ask as a waiting page does until the pairing comes."""
    deadline = asyncio.get_running_loop().time() + PAIRING_WITHIN_S
    while True:
        status, body = await visitor.get("/api/pool")
        assert status == 200, body
        if body["paired"] or asyncio.get_running_loop().time() > deadline:
            assert body["paired"], body
            return body["paired"]
        await asyncio.sleep(0.2)


async def test_every_pool_is_listed_with_its_game_clock_and_players_waiting(visitors):
    status, body = await visitors().get("/api/pools")
    assert status == 200
    pools = {p["id"]: p for p in body["pools"]}
    assert len(pools) == 30
    assert pools["caro-3+2"]["variant"] == "caro"
    assert pools["caro-3+2"]["clock"] == {"initial_s": 180, "increment_s": 2}
    assert all(isinstance(p["waiting"], int) for p in pools.values())


async def test_two_players_in_one_pool_are_paired_into_one_rated_room(visitors):
    one, two = await account(visitors), await account(visitors)
    for visitor in (one, two):
        status, body = await visitor.post("/api/pool", {"pool": "gomoku-10+5"})
        assert (status, body["pool"]) == (200, "gomoku-10+5"), body
    first, second = await paired(one), await paired(two)
    assert first["room_id"] == second["room_id"] and {first["seat"], second["seat"]} == {1, 2}
    status, room = await one.get(f"/api/rooms/{first['room_id']}")
    assert (status, room["rated"], room["status"], room["public"]) == (200, True, "playing", False)
    assert room["clock"]["initial_ms"] == 600_000 and room["clock"]["increment_ms"] == 5000
    assert all(seat["username"] for seat in room["seats"].values())
    status, seat = await one.post(f"/api/rooms/{first['room_id']}/resume")
    assert (status, seat["seat"]) == (200, first["seat"])


async def test_each_player_s_socket_is_told_the_pairing_at_once(visitors):
    one, two = await account(visitors), await account(visitors)
    sockets = [await visitor.player_socket() for visitor in (one, two)]
    try:
        for visitor in (one, two):
            status, body = await visitor.post("/api/pool", {"pool": "caro9-10+5"})
            assert status == 200, body
        told = [(await socket.wait_for("pool_paired"))["paired"] for socket in sockets]
    finally:
        for socket in sockets:
            await socket.close()
    assert told[0]["room_id"] == told[1]["room_id"] and {t["seat"] for t in told} == {1, 2}
    assert told[0] == await paired(one)  # as asking tells it


async def test_a_player_sees_how_many_wait_in_each_pool_and_may_leave(visitors):
    one = await account(visitors)
    before = await waiting_in(one, "renju-15+10")
    status, body = await one.post("/api/pool", {"pool": "renju-15+10"})
    assert (status, body["others"], body["paired"]) == (200, before, None)
    assert await waiting_in(one, "renju-15+10") == before + 1
    status, body = await one.request("DELETE", "/api/pool")
    assert (status, body) == (200, {"left": True})
    assert await waiting_in(one, "renju-15+10") == before
    status, body = await one.get("/api/pool")
    assert (body["pool"], body["paired"]) == (None, None)


async def test_joining_another_pool_leaves_the_first_and_asking_again_keeps_the_place(
        visitors):
    one = await account(visitors)
    _, first = await one.post("/api/pool", {"pool": "connect4-15+10"})
    _, again = await one.post("/api/pool", {"pool": "connect4-15+10"})
    assert again["since"] == first["since"]
    _, moved = await one.post("/api/pool", {"pool": "tictactoe-15+10"})
    assert moved["pool"] == "tictactoe-15+10"
    assert await waiting_in(one, "connect4-15+10") == 0
    await one.request("DELETE", "/api/pool")


async def test_a_player_without_an_account_cannot_join_a_rated_pool(visitors):
    status, body = await visitors().post("/api/pool", {"pool": "caro-1+0"})
    assert (status, body["error"]) == (401, "not_logged_in")


async def test_an_unknown_pool_is_refused(visitors):
    status, body = await (await account(visitors)).post("/api/pool", {"pool": "chess-3+2"})
    assert (status, body["error"]) == (404, "bad_pool")


async def test_a_join_without_a_pool_is_a_bad_request(visitors):
    status, body = await (await account(visitors)).post("/api/pool", {"pool": 3})
    assert (status, body["error"]) == (400, "bad_request")
    assert '"pool"' in body["message"]


async def test_leaving_when_not_waiting_says_so(visitors):
    status, body = await visitors().request("DELETE", "/api/pool")
    assert (status, body) == (200, {"left": False})


async def test_players_who_block_each_other_are_never_paired(visitors):
    one, two = await account(visitors), await account(visitors)
    _, two_me = await two.get("/api/me")
    status, _ = await one.post(f"/api/block/{two_me['username']}")
    assert status in (200, 201, 204)
    for visitor in (one, two):
        await visitor.post("/api/pool", {"pool": "caro9-5+3"})
    await asyncio.sleep(3 * 2.0)  # three waves
    for visitor in (one, two):
        status, body = await visitor.get("/api/pool")
        assert (body["pool"], body["paired"]) == ("caro9-5+3", None)
    third = await account(visitors)
    await third.post("/api/pool", {"pool": "caro9-5+3"})
    room = (await paired(third))["room_id"]
    matched = [visitor for visitor in (one, two) if ((await visitor.get("/api/pool"))[1]
                                                     ["paired"] or {}).get("room_id") == room]
    assert len(matched) == 1
    for visitor in (one, two):
        await visitor.request("DELETE", "/api/pool")
