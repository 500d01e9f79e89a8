"""Seeks in the lobby (docs/protocol.md §2): a waiting public room with who seeks, at what
rating, which game and clock, rated or casual, and a rating range only accounts within it may
join; and daily rooms (`clock: {"days": N}`) made and listed like any other."""

from __future__ import annotations

import pytest

from tests.server.http.test_accounts import new_username, register
from tests.server.visitor import Visitor

RANGE = {"min": 1400, "max": 1600}


async def account(visitors) -> Visitor:
    visitor = visitors()
    status, body = await register(visitor, new_username())
    assert status == 201, body
    return visitor


async def open_seek(visitor: Visitor, **body) -> dict:
    status, room = await visitor.post("/api/rooms", {"variant": "caro", "public": True, **body})
    assert status == 201, room
    return room


async def listed(visitor: Visitor, room_id: str) -> dict:
    status, lobby = await visitor.get("/api/rooms?open=1&variant=caro")
    assert status == 200
    return next(r for r in lobby["rooms"] if r["room_id"] == room_id)


async def test_the_lobby_lists_a_seek_with_its_seeker_rating_clock_mode_and_range(visitors):
    seeker = await account(visitors)
    room = await open_seek(seeker, rated=True, clock={"initial_s": 180, "increment_s": 2},
                           rating_range=RANGE)
    seek = await listed(visitors(), room["room_id"])
    seat = seek["seats"][str(room["seat"])]
    _, me = await seeker.get("/api/me")
    assert (seat["username"], seat["rating"], seat["provisional"]) == (me["username"], 1500, True)
    assert (seek["variant"], seek["clock"], seek["rated"], seek["rating_range"]) == \
        ("caro", {"initial_s": 180, "increment_s": 2}, True, RANGE)


async def test_an_account_rated_within_the_range_takes_the_seat(visitors):
    room = await open_seek(await account(visitors), rating_range=RANGE)
    status, joined = await (await account(visitors)).post(f"/api/rooms/{room['room_id']}/join")
    assert (status, joined["state"]["status"]) == (200, "playing")


async def test_an_account_rated_outside_the_range_is_refused(visitors):
    room = await open_seek(await account(visitors), rating_range={"min": 1600, "max": 1800})
    status, body = await (await account(visitors)).post(f"/api/rooms/{room['room_id']}/join")
    assert (status, body["error"]) == (403, "rating_out_of_range")


async def test_a_guest_cannot_take_the_seat_of_a_seek_with_a_range(visitors):
    room = await open_seek(await account(visitors), rating_range=RANGE)
    status, body = await visitors().post(f"/api/rooms/{room['room_id']}/join")
    assert (status, body["error"]) == (403, "rating_out_of_range")


async def test_a_guest_opening_the_link_of_a_seek_for_ratings_only_watches(visitors):
    room = await open_seek(await account(visitors), rating_range=RANGE)
    guest = await visitors().socket(room["room_id"])
    assert guest.welcome["seat"] is None
    await guest.close()


async def test_quick_play_passes_over_a_seek_whose_range_excludes_the_player(visitors):
    seek = await open_seek(await account(visitors), rating_range={"min": 1700, "max": 1900},
                           clock={"initial_s": 420, "increment_s": 7})
    status, answer = await (await account(visitors)).post("/api/quickplay", {
        "variant": "caro", "clock": {"initial_s": 420, "increment_s": 7}})
    assert (status, answer["matched"]) == (200, False)
    assert answer["room_id"] != seek["room_id"]


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"rating_range": {"min": 1700, "max": 1600}}, 400, "bad_request"),
    ({"rating_range": {"min": 1400, "max": 4500}}, 400, "bad_request"),
    ({"rating_range": RANGE, "opponent": "ai"}, 400, "bad_request"),
], ids=["upside-down", "off-the-scale", "against-the-ai"])
async def test_a_bad_rating_range_is_refused(visitors, body, status, code):
    answer = await (await account(visitors)).post("/api/rooms", {"variant": "caro", **body})
    assert (answer[0], answer[1]["error"]) == (status, code)


async def test_a_rating_range_is_for_logged_in_players(visitors):
    status, body = await visitors().post("/api/rooms", {"variant": "caro", "rating_range": RANGE})
    assert (status, body["error"]) == (401, "not_logged_in")


async def test_a_daily_room_has_days_per_move_and_is_listed_with_them(visitors):
    room = await open_seek(visitors(), clock={"days": 3})
    assert room["state"]["clock"]["days"] == 3
    assert room["state"]["clock"]["initial_ms"] == 3 * 24 * 3600 * 1000
    assert (await listed(visitors(), room["room_id"]))["clock"] == \
        {"initial_s": 3 * 24 * 3600, "increment_s": 0, "days": 3}


@pytest.mark.parametrize(("body", "field"), [
    ({"clock": {"days": 4}}, "clock.days"),
    ({"clock": {"days": 2, "initial_s": 60}}, "clock"),
    ({"clock": {}}, "clock"),
    ({"clock": {"days": 1}, "opponent": "ai"}, "daily"),
], ids=["days-not-offered", "both", "neither", "against-the-ai"])
async def test_a_bad_daily_clock_is_refused(visitors, body, field):
    status, answer = await visitors().post("/api/rooms", {"variant": "caro", **body})
    assert (status, answer["error"]) == (400, "bad_request")
    assert field in answer["message"]
