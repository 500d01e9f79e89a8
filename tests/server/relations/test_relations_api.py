"""Follow and block (docs/protocol.md §2g): the following list with who is online or playing
now, the accounts online, a friend coming online, and what a block forbids (chat in the
blocker's games, quick play together); every refusal."""

from __future__ import annotations

import pytest

from server.relations import service
from tests.faults.conftest import eventually
from tests.server.challenges.helpers import refusal
from tests.server.visitor import Visitor


async def test_following_lists_who_is_online_and_the_game_they_play(visitors):
    lan, minh, hoa = visitors(), visitors(), visitors()
    await lan.sign_up("lan")
    minh_name, hoa_name = await minh.sign_up("minh"), await hoa.sign_up("hoa")
    for name in (minh_name, hoa_name):
        status, answer = await lan.post(f"/api/follow/{name.upper()}")  # any case
        assert status == 200 and answer == {"username": name, "following": True}
    status, room = await minh.post("/api/rooms", {"variant": "gomoku", "opponent": "ai"})
    minh_tab = await minh.player_socket()

    status, answer = await lan.get("/api/following")
    by_name = {entry["username"]: entry for entry in answer["following"]}
    assert by_name[minh_name] == {"username": minh_name, "online": True, "playing": {
        "room_id": room["room_id"], "url": room["url"]}}
    assert by_name[hoa_name] == {"username": hoa_name, "online": False, "playing": None}

    status, answer = await lan.request("DELETE", f"/api/follow/{hoa_name}")
    assert status == 200 and answer == {"username": hoa_name, "following": False}
    status, answer = await lan.get("/api/following")
    assert [entry["username"] for entry in answer["following"]] == [minh_name]
    await minh_tab.close()


async def test_an_account_with_a_tab_open_is_in_the_online_list_until_it_closes(visitors):
    minh = visitors()
    minh_name = await minh.sign_up("minh")
    tab = await minh.player_socket()
    status, answer = await visitors().get("/api/online/players")
    assert minh_name in [entry["username"] for entry in answer["players"]]
    status, relation = await visitors().get(f"/api/players/{minh_name}/relation")
    assert relation == {"username": minh_name, "online": True, "playing": None,
                        "following": False, "blocking": False}
    await tab.close()

    async def offline() -> bool:
        status, answer = await visitors().get("/api/online/players")
        return minh_name not in [entry["username"] for entry in answer["players"]]
    assert await eventually(offline, within=5)


async def test_a_followed_player_coming_online_is_told_to_followers_with_a_tab(visitors):
    lan, minh = visitors(), visitors()
    await lan.sign_up("lan")
    minh_name = await minh.sign_up("minh")
    await lan.post(f"/api/follow/{minh_name}")
    lan_tab = await lan.player_socket()
    await lan_tab.wait_for("notifications")
    minh_tab = await minh.player_socket()
    item = (await lan_tab.wait_for("notification"))["item"]
    assert item == {"id": None, "kind": "friend_online", "data": {"username": minh_name},
                    "created_at": item["created_at"], "read": False}
    for tab in (lan_tab, minh_tab):
        await tab.close()


async def test_blocking_ends_both_follows_and_is_listed_until_unblocked(visitors):
    lan, minh = visitors(), visitors()
    lan_name, minh_name = await lan.sign_up("lan"), await minh.sign_up("minh")
    await lan.post(f"/api/follow/{minh_name}")
    await minh.post(f"/api/follow/{lan_name}")
    status, answer = await lan.post(f"/api/block/{minh_name}")
    assert status == 200 and answer == {"username": minh_name, "blocking": True}
    assert (await lan.get("/api/following"))[1]["following"] == []
    assert (await minh.get("/api/following"))[1]["following"] == []
    assert (await lan.get("/api/blocking"))[1] == {"blocking": [{"username": minh_name}]}
    assert await refusal(minh, "POST", f"/api/follow/{lan_name}") == (403, "blocked")
    assert await refusal(lan, "POST", f"/api/follow/{minh_name}") == (403, "blocked")
    status, answer = await lan.request("DELETE", f"/api/block/{minh_name}")
    assert answer == {"username": minh_name, "blocking": False}
    assert (await minh.post(f"/api/follow/{lan_name}"))[0] == 200


async def test_a_blocked_player_cannot_chat_in_the_blockers_game(visitors):
    lan, minh = visitors(), visitors()
    await lan.sign_up("lan")
    minh_name = await minh.sign_up("minh")
    status, room = await lan.post("/api/rooms", {"variant": "gomoku", "your_side": "first"})
    status, joined = await minh.post(f"/api/rooms/{room['room_id']}/join")
    host = await lan.socket(room["room_id"], token=room["token"])
    guest = await minh.socket(room["room_id"], token=joined["token"])
    assert (await guest.command("chat", text="hi"))["type"] == "chat"
    await lan.post(f"/api/block/{minh_name}")
    refused = await guest.command("chat", text="hello?")
    assert (refused["type"], refused["code"]) == ("error", "blocked")
    assert (await host.command("chat", text="bye"))["type"] == "chat"
    watcher = await minh.socket(room["room_id"], watch=True)  # nor as a spectator
    assert (await watcher.command("chat", text="psst"))["code"] == "blocked"
    for socket in (host, guest, watcher):
        await socket.close()


async def test_quick_play_never_pairs_a_blocked_player_with_the_blocker(visitors):
    lan, minh, hoa = visitors(), visitors(), visitors()
    await lan.sign_up("lan")
    minh_name = await minh.sign_up("minh")
    await lan.post(f"/api/block/{minh_name}")
    wanted = {"variant": "custom-11x13-k5-freestyle", "clock": {"initial_s": 17}}
    status, waiting = await lan.post("/api/quickplay", wanted)
    host = await lan.socket(waiting["room_id"], token=waiting["token"])  # in the lobby
    status, second = await minh.post("/api/quickplay", wanted)
    assert second["matched"] is False and second["room_id"] != waiting["room_id"]
    status, third = await hoa.post("/api/quickplay", wanted)
    assert third["matched"] is True and third["room_id"] in (waiting["room_id"],
                                                             second["room_id"])
    await host.close()


@pytest.mark.parametrize(("method", "path"), [
    ("POST", "/api/follow/{name}"), ("DELETE", "/api/follow/{name}"),
    ("POST", "/api/block/{name}"), ("DELETE", "/api/block/{name}"),
    ("GET", "/api/following"), ("GET", "/api/blocking"),
])
async def test_follow_and_block_need_an_account(visitors, method, path):
    minh = visitors()
    name = await minh.sign_up("minh")
    assert await refusal(visitors(), method, path.format(name=name)) == (401, "not_logged_in")


@pytest.mark.parametrize("method", ["POST", "DELETE"])
@pytest.mark.parametrize("what", ["follow", "block"])
async def test_follow_and_block_of_yourself_or_nobody_are_refused(visitors, method, what):
    lan = visitors()
    name = await lan.sign_up("lan")
    assert await refusal(lan, method, f"/api/{what}/{name}") == (400, "cannot_target_self")
    assert await refusal(lan, method, f"/api/{what}/nobody_zz9") == (404, "player_not_found")


async def test_relation_of_an_unknown_player_is_refused(visitors):
    assert await refusal(visitors(), "GET", "/api/players/nobody_zz9/relation") \
        == (404, "player_not_found")


async def test_a_player_follows_at_most_max_follows(inprocess_node, monkeypatch):
    monkeypatch.setattr(service, "MAX_FOLLOWS", 2)
    node = await inprocess_node()
    people = [Visitor(node.url) for _ in range(4)]
    try:
        names = [await person.sign_up("f") for person in people]
        fan = people[0]
        for name in names[1:3]:
            assert (await fan.post(f"/api/follow/{name}"))[0] == 200
        assert (await fan.post(f"/api/follow/{names[1]}"))[0] == 200  # again: no new follow
        assert await refusal(fan, "POST", f"/api/follow/{names[3]}") == (429, "too_many_follows")
    finally:
        for person in people:
            await person.close()
