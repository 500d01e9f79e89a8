"""Challenges across two nodes on one Redis and one PostgreSQL: made on one node, accepted on
the other; the node of the challenge and of the challenger's tab killed before the answer; a
node that died between accepting and seating, finished by the acceptor's retry elsewhere."""

from __future__ import annotations

import json

import pytest

from tests.server.challenges.helpers import challenge
from tests.server.conftest import FAST_ENV
from tests.server.visitor import Visitor

pytestmark = pytest.mark.slow


@pytest.fixture
def two_nodes(server_factory, postgres_server):
    env = FAST_ENV | {"DATABASE_URL": postgres_server.create_database()}
    return server_factory.start_many(["node-a", "node-b"], env=env)


@pytest.fixture
async def lan_and_minh(two_nodes):
    """Lan on node A, Minh on node B, each logged in: (lan, minh, minh's username)."""
    node_a, node_b = two_nodes
    lan, minh = Visitor(node_a.url), Visitor(node_b.url)
    await lan.sign_up("lan")
    yield lan, minh, await minh.sign_up("minh")
    await lan.close()
    await minh.close()


async def play_two_moves(lan: Visitor, minh: Visitor, room_id: str, lan_token: str,
                         minh_token: str) -> None:
    """Seat 1 and seat 2 each move, each through their own node."""
    first = await lan.socket(room_id, token=lan_token)
    second = await minh.socket(room_id, token=minh_token)
    mover, other = (first, second) if first.seat == 1 else (second, first)
    assert (await mover.move("h8"))["type"] == "move"
    assert (await other.move("h9"))["type"] == "move"
    await first.close()
    await second.close()


async def test_a_challenge_made_on_one_node_is_accepted_on_the_other(lan_and_minh):
    lan, minh, minh_name = lan_and_minh
    lan_tab, minh_tab = await lan.player_socket(), await minh.player_socket()
    made = await challenge(lan, minh_name)  # on node A
    assert (await minh_tab.wait_for("notification"))["item"]["kind"] == "challenge"  # on B
    status, seat = await minh.post(f"/api/challenges/{made['id']}/accept")  # on B
    assert status == 200
    accepted = (await lan_tab.wait_for("notification"))["item"]  # on A
    assert accepted["data"]["room_id"] == seat["room_id"]
    status, resumed = await lan.post(f"/api/rooms/{seat['room_id']}/resume")
    await play_two_moves(lan, minh, seat["room_id"], resumed["token"], seat["token"])
    await lan_tab.close()
    await minh_tab.close()


async def test_the_challenger_finds_the_answer_after_their_node_died(two_nodes, lan_and_minh):
    node_a, node_b = two_nodes
    lan, minh, minh_name = lan_and_minh
    lan_tab = await lan.player_socket()  # on node A
    made = await challenge(lan, minh_name)  # on node A
    node_a.kill()
    await lan_tab.closed()
    status, lists = await minh.get("/api/challenges")  # node B still has it
    assert [c["id"] for c in lists["incoming"]] == [made["id"]]
    status, seat = await minh.post(f"/api/challenges/{made['id']}/accept")
    assert status == 200

    again = await lan.player_socket(node_b.url)  # Lan's tab reconnects to node B
    snapshot = await again.wait_for("notifications")
    accepted = next(i for i in snapshot["items"] if i["kind"] == "challenge_accepted")
    assert accepted["data"]["room_id"] == seat["room_id"]
    lan.base_url = node_b.url
    status, resumed = await lan.post(f"/api/rooms/{seat['room_id']}/resume")
    await play_two_moves(lan, minh, seat["room_id"], resumed["token"], seat["token"])
    await again.close()


async def test_an_accept_cut_short_by_a_dying_node_is_finished_by_the_retry(
        two_nodes, lan_and_minh, redis_server):
    node_a, node_b = two_nodes
    lan, minh, minh_name = lan_and_minh
    lan_tab = await lan.player_socket(node_b.url)
    made = await challenge(lan, minh_name)
    # What node A leaves when it dies right after storing the accept: the challenge says
    # accepted, into a room that was never made, and nobody was told.
    store = redis_server.client()
    key = f"challenge:{{{made['id']}}}"
    stored = json.loads(store.get(key))
    status, me = await minh.get("/api/me")
    stored |= {"v": 1, "status": "accepted", "room_id": "Gh0stRoom0Az", "challenger_seat": 1,
               "acceptor": {"player_id": me["player_id"], "username": minh_name,
                            "name": None}, "closed_at": stored["created_at"]}
    store.set(key, json.dumps(stored), keepttl=True)
    node_a.kill()

    status, seat = await minh.post(f"/api/challenges/{made['id']}/accept")  # on node B
    assert status == 200 and seat["room_id"] == "Gh0stRoom0Az" and seat["seat"] == 2
    accepted = (await lan_tab.wait_for("notification"))["item"]
    assert accepted["kind"] == "challenge_accepted"
    lan.base_url = node_b.url
    status, resumed = await lan.post(f"/api/rooms/{seat['room_id']}/resume")
    assert status == 200 and resumed["seat"] == 1
    await lan_tab.close()
