"""The tournaments' HTTP contract on one node: what creating gives, the listing, and a clear
error code for each bad request (docs/tournaments.md, "HTTP")."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from tests.server.challenges.helpers import refusal
from tests.server.tournaments.bots import GAME
from tests.server.visitor import Visitor

SWISS = GAME | {"format": "swiss", "name": "Thứ Năm blitz", "rounds": 3}


def soon(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


@pytest.fixture
async def lan(visitors):
    visitor = visitors()
    await visitor.sign_up("lan")
    return visitor


async def created(visitor, **terms) -> str:
    status, made = await visitor.post("/api/tournaments", SWISS | terms)
    assert status == 201, made
    return made["id"]


async def test_a_created_tournament_is_listed_as_upcoming_and_read_by_its_id(lan, visitors):
    tid = await created(lan)
    status, page = await visitors().get(f"/api/tournaments/{tid}")
    assert status == 200
    assert (page["status"], page["name"], page["rounds"], page["standings"], page["pairings"]) \
        == ("created", "Thứ Năm blitz", 3, [], [])
    assert page["starts_at_ms"] - page["now_ms"] == pytest.approx(60_000, abs=5_000)
    status, listed = await visitors().get("/api/tournaments")
    assert tid in [t["id"] for t in listed["upcoming"]]


async def test_joining_puts_the_player_in_the_standings(lan):
    tid = await created(lan)
    status, page = await lan.post(f"/api/tournaments/{tid}/join")
    assert status == 200 and page["me"] == {"joined": True, "room_id": None}
    assert [(r["rank"], r["score"], r["games"]) for r in page["standings"]] == [(1, 0, [])]


@pytest.mark.parametrize(("change", "code"), [
    ({"format": "knockout"}, "bad_request"),
    ({"rounds": None}, "bad_request"),
    ({"name": " "}, "bad_request"),
    ({"starts_at": "tomorrow at six"}, "bad_request"),
    ({"starts_at": "2001-01-01T18:00:00Z"}, "bad_request"),
    ({"clock": {"initial_s": 0}}, "bad_request"),
    ({"variant": "chess"}, "bad_variant"),
    ({"opening": "swap2"}, "bad_opening"),
])
async def test_a_bad_tournament_is_refused_with_its_code(lan, change, code):
    body = {key: value for key, value in (SWISS | change).items() if value is not None}
    status, answer = await lan.post("/api/tournaments", body)
    assert (status, answer["error"]) == (400, code), answer


async def test_creating_or_joining_needs_an_account(lan, visitors):
    tid = await created(lan)
    anonymous = visitors()
    assert await refusal(anonymous, "POST", "/api/tournaments", SWISS) == (401, "not_logged_in")
    assert await refusal(anonymous, "POST", f"/api/tournaments/{tid}/join") \
        == (401, "not_logged_in")


async def test_joining_twice_is_refused(lan):
    tid = await created(lan)
    await lan.post(f"/api/tournaments/{tid}/join")
    assert await refusal(lan, "POST", f"/api/tournaments/{tid}/join") == (409, "already_joined")


async def test_a_private_tournament_refuses_a_wrong_password_and_is_not_listed(lan, visitors):
    tid = await created(lan, password="con mèo")
    minh = visitors()
    await minh.sign_up("minh")
    assert await refusal(minh, "POST", f"/api/tournaments/{tid}/join", {"password": "con chó"}) \
        == (403, "wrong_password")
    assert (await minh.post(f"/api/tournaments/{tid}/join", {"password": "con mèo"}))[0] == 200
    _status, listed = await minh.get("/api/tournaments")
    assert tid not in [t["id"] for kind in listed.values() for t in kind]


async def test_leaving_a_tournament_one_is_not_in_is_refused(lan):
    tid = await created(lan)
    assert await refusal(lan, "POST", f"/api/tournaments/{tid}/leave") == (409, "not_joined")


async def test_an_unknown_tournament_is_not_found(lan):
    assert await refusal(lan, "GET", "/api/tournaments/nope1234") == (404, "tournament_not_found")
    assert await refusal(lan, "POST", "/api/tournaments/nope1234/join") \
        == (404, "tournament_not_found")


async def until_status(visitor, tid: str, status: str) -> None:
    async with asyncio.timeout(10):
        while True:
            if (await visitor.get(f"/api/tournaments/{tid}"))[1]["status"] == status:
                return
            await asyncio.sleep(0.2)


async def test_a_started_swiss_and_a_finished_tournament_cannot_be_joined(lan, visitors):
    players = [visitors() for _ in range(3)]
    for player in players:
        await player.sign_up("p")
    started = await created(lan, starts_at=soon(1))
    for player in players[:2]:
        await player.post(f"/api/tournaments/{started}/join")
    finished = await created(lan, starts_at=soon(1))  # nobody joins: over at its start
    await until_status(lan, started, "started")
    await until_status(lan, finished, "finished")
    assert await refusal(players[2], "POST", f"/api/tournaments/{started}/join") \
        == (409, "tournament_started")
    assert await refusal(players[2], "POST", f"/api/tournaments/{finished}/join") \
        == (409, "tournament_finished")


async def test_creation_is_limited_per_account(inprocess_node):
    node = await inprocess_node(TOURNAMENTS_PER_HOUR="1")
    visitor = Visitor(node.url)
    try:
        await visitor.sign_up("busy")
        assert (await visitor.post("/api/tournaments", SWISS))[0] == 201
        assert await refusal(visitor, "POST", "/api/tournaments", SWISS) == (429, "rate_limited")
    finally:
        await visitor.close()


async def first_move(visitor: Visitor, tournament_id: str) -> None:
    """The visitor's first move in their game, if they move first."""
    async with asyncio.timeout(10):
        while True:
            room_id = (await visitor.get(f"/api/tournaments/{tournament_id}"))[1]["me"]["room_id"]
            status, seat = await visitor.get(f"/api/rooms/{room_id}/seat") if room_id \
                else (0, None)
            if status == 200:
                break
            await asyncio.sleep(0.1)
    if seat["seat"] == 1:
        socket = await visitor.socket(room_id, token=seat["token"])
        assert (await socket.move("b2"))["type"] == "move"
        await socket.close()


async def test_a_player_who_misses_the_start_of_their_game_loses_it(inprocess_node):
    node = await inprocess_node(TOURNAMENT_GRACE_S="1")
    present, absent = Visitor(node.url), Visitor(node.url)
    try:
        name = await present.sign_up("here")
        await absent.sign_up("away")
        status, made = await present.post("/api/tournaments", SWISS | {
            "rounds": 1, "starts_at": soon(1)})
        assert status == 201, made
        for visitor in (present, absent):
            assert (await visitor.post(f"/api/tournaments/{made['id']}/join"))[0] == 200
        await until_status(present, made["id"], "started")
        await first_move(present, made["id"])  # and no more: the other player never comes
        await until_status(present, made["id"], "finished")
        _status, page = await present.get(f"/api/tournaments/{made['id']}")
        assert [(row["username"], row["score"]) for row in page["standings"]][0] == (name, 1)
    finally:
        await present.close()
        await absent.close()


async def test_berserk_is_an_arenas_and_its_creator_may_turn_it_off(lan):
    arena = GAME | {"format": "arena", "name": "Blitz", "minutes": 5}
    for body, allowed in ((arena, True), (arena | {"berserk": False}, False),
                          (SWISS | {"berserk": True}, False)):
        tid = await created(lan, **body)
        assert (await lan.get(f"/api/tournaments/{tid}"))[1]["berserk"] is allowed, body


async def test_a_tab_watching_a_tournament_hears_each_change_until_it_stops(lan, visitors):
    tid = await created(lan)
    viewer, players = visitors(), [visitors() for _ in range(2)]
    await viewer.get("/api/me")
    tab = await viewer.player_socket()
    await tab.send(type="watch_tournament", id=tid)
    for player in players:
        await player.sign_up("w")
    await players[0].post(f"/api/tournaments/{tid}/join")
    heard = await tab.wait_for("tournament")
    assert heard == {"type": "tournament", "id": tid, "v": 1, "status": "created"}
    await tab.send(type="watch_tournament", id=12)
    assert (await tab.wait_for("error"))["code"] == "bad_message"
    await tab.send(type="watch_tournament", id=None)
    await tab.send(type="ping")
    await tab.wait_for("pong")  # the watch has ended
    other = await viewer.player_socket()  # another tab, still watching
    await other.send(type="watch_tournament", id=tid)
    await other.send(type="ping")
    await other.wait_for("pong")
    await players[1].post(f"/api/tournaments/{tid}/join")
    assert (await other.wait_for("tournament"))["v"] == 2  # handed to the node's tabs at once
    await tab.send(type="ping")
    await tab.wait_for("pong")
    assert [m for m in tab.received if m["type"] == "tournament"] == [heard]
    for socket in (tab, other):
        await socket.close()
