"""Challenges over HTTP with the players' own sockets (docs/protocol.md §2f): by name and by
link, accepted into a room both players sit in, declined with a reason, cancelled; what each
side's tabs are told."""

from __future__ import annotations

import asyncio

from tests.server.challenges.helpers import challenge
from tests.server.notifications.helpers import unread_becomes


async def test_a_challenge_by_name_is_accepted_into_a_room_both_players_sit_in(visitors):
    lan, minh = visitors(), visitors()
    lan_name, minh_name = await lan.sign_up("lan"), await minh.sign_up("minh")
    lan_tab, minh_tab = await lan.player_socket(), await minh.player_socket()
    made = await challenge(lan, minh_name)
    assert made["url"] == f"/challenge/{made['id']}"

    received = (await minh_tab.wait_for("notification"))["item"]
    assert received["kind"] == "challenge" and received["id"] is not None
    offer = received["data"]["challenge"]
    assert offer["challenger"]["username"] == lan_name and offer["status"] == "open"
    assert offer["clock"] == {"initial_s": 300, "increment_s": 2} and offer["colour"] == "first"
    status, lists = await minh.get("/api/challenges")
    assert [c["id"] for c in lists["incoming"]] == [made["id"]] and lists["outgoing"] == []
    status, lists = await lan.get("/api/challenges")
    assert [c["id"] for c in lists["outgoing"]] == [made["id"]]

    status, seat = await minh.post(f"/api/challenges/{made['id']}/accept")
    assert status == 200 and seat["seat"] == 2 and seat["token"]
    state = seat["state"]
    assert state["status"] == "playing" and state["clock"]["initial_ms"] == 300_000
    assert state["seats"]["1"]["username"] == lan_name
    assert state["seats"]["2"]["username"] == minh_name

    accepted = (await lan_tab.wait_for("notification"))["item"]
    assert accepted["kind"] == "challenge_accepted"
    assert accepted["data"]["room_id"] == seat["room_id"]
    assert accepted["data"]["by"]["username"] == minh_name
    status, resumed = await lan.post(f"/api/rooms/{seat['room_id']}/resume")
    assert status == 200 and resumed["seat"] == 1  # the challenger's tab takes its seat
    first = await lan.socket(seat["room_id"], token=resumed["token"])
    second = await minh.socket(seat["room_id"], token=seat["token"])
    assert (await first.move("h8"))["type"] == "move"
    assert (await second.move("h9"))["type"] == "move"
    await unread_becomes(minh, 0)  # answered: "you are challenged" is read
    status, lists = await minh.get("/api/challenges")
    assert lists == {"incoming": [], "outgoing": []}
    for socket in (lan_tab, minh_tab, first, second):
        await socket.close()


async def test_anyone_with_the_link_accepts_an_open_challenge_of_an_anonymous_player(visitors):
    host, guest = visitors(), visitors()
    await host.get("/api/me")
    host_tab = await host.player_socket()
    made = await challenge(host, None, name="Lan", colour="second", clock=None)
    status, seen = await guest.get(f"/api/challenges/{made['id']}")
    assert status == 200 and seen["to"] is None and seen["challenger"]["name"] == "Lan"

    status, seat = await guest.post(f"/api/challenges/{made['id']}/accept", {"name": "Minh"})
    assert status == 200 and seat["seat"] == 1 and seat["state"]["clock"] is None
    assert seat["state"]["seats"]["2"]["name"] == "Lan"
    assert seat["state"]["seats"]["1"]["name"] == "Minh"
    accepted = (await host_tab.wait_for("notification"))["item"]
    assert accepted["data"]["room_id"] == seat["room_id"]
    status, seen = await host.get(f"/api/challenges/{made['id']}")
    assert seen["status"] == "accepted" and seen["room_id"] == seat["room_id"]
    status, seen = await visitors().get(f"/api/challenges/{made['id']}")
    assert seen["room_id"] is None  # the room is told to its two players only
    await host_tab.close()


async def test_a_declined_challenge_tells_the_challenger_why(visitors):
    lan, minh = visitors(), visitors()
    await lan.sign_up("lan")
    minh_name = await minh.sign_up("minh")
    lan_tab = await lan.player_socket()
    made = await challenge(lan, minh_name)
    status, answer = await minh.post(f"/api/challenges/{made['id']}/decline",
                                     {"reason": "too_fast"})
    assert status == 200 and answer["status"] == "declined" and answer["reason"] == "too_fast"
    declined = (await lan_tab.wait_for("notification"))["item"]
    assert declined["kind"] == "challenge_declined" and declined["data"]["reason"] == "too_fast"
    assert declined["data"]["by"]["username"] == minh_name
    status, lists = await lan.get("/api/challenges")
    assert lists["outgoing"] == []
    await lan_tab.close()


async def test_a_cancelled_challenge_takes_its_prompt_down_live(visitors):
    lan, minh = visitors(), visitors()
    await lan.sign_up("lan")
    minh_name = await minh.sign_up("minh")
    minh_tab = await minh.player_socket()
    made = await challenge(lan, minh_name)
    await minh_tab.wait_for("notification")
    status, answer = await lan.post(f"/api/challenges/{made['id']}/cancel")
    assert status == 200 and answer["status"] == "cancelled"
    gone = (await minh_tab.wait_for("notification"))["item"]
    assert gone["kind"] == "challenge_cancelled" and gone["id"] is None  # not kept
    assert gone["data"]["challenge"]["id"] == made["id"]
    await unread_becomes(minh, 0)
    await minh_tab.close()


async def test_an_accept_sent_again_gives_the_same_room_and_tells_the_challenger_once(visitors):
    lan, minh = visitors(), visitors()
    await lan.sign_up("lan")
    minh_name = await minh.sign_up("minh")
    lan_tab = await lan.player_socket()
    made = await challenge(lan, minh_name)
    status, first = await minh.post(f"/api/challenges/{made['id']}/accept")
    status, again = await minh.post(f"/api/challenges/{made['id']}/accept")
    assert status == 200 and again["room_id"] == first["room_id"]
    assert again["seat"] == first["seat"] and again["token"] != first["token"]
    await lan_tab.wait_for("notification")
    await lan_tab.send(type="ping")
    await lan_tab.wait_for("pong")
    assert [m["item"]["kind"] for m in lan_tab.received if m["type"] == "notification"] \
        == ["challenge_accepted"]
    await lan_tab.close()


async def test_two_players_racing_for_an_open_challenge_one_wins(visitors):
    host = visitors()
    await host.get("/api/me")
    made = await challenge(host, None)
    racers = [visitors() for _ in range(4)]
    answers = await asyncio.gather(*(r.post(f"/api/challenges/{made['id']}/accept")
                                     for r in racers))
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200, 409, 409, 409]
    assert {a["error"] for s, a in answers if s == 409} == {"challenge_closed"}


async def test_a_challenge_with_days_per_move_is_accepted_into_a_daily_game(visitors):
    lan, minh = visitors(), visitors()
    await lan.sign_up("lan")
    made = await challenge(lan, await minh.sign_up("minh"), clock={"days": 3}, rated=True)
    assert made["challenge"]["clock"] == {"days": 3}
    status, seat = await minh.post(f"/api/challenges/{made['id']}/accept")
    assert status == 200, seat
    clock = seat["state"]["clock"]
    assert (clock["days"], clock["initial_ms"], clock["running"]) == (3, 3 * 86_400_000, 1)
    assert seat["state"]["rated"] is True and seat["state"]["status"] == "playing"
