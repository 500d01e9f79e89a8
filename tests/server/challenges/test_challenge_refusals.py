"""Every refusal of the challenge API (docs/protocol.md §2f, §5): its status and code, and
nothing made or changed by it."""

from __future__ import annotations

import pytest

from server.challenges.service import MAX_OPEN
from server.platform import clock
from tests.server.challenges.helpers import GAME, challenge, refusal
from tests.server.visitor import Visitor


@pytest.fixture
async def pair(visitors):
    """Two logged-in players: (lan, minh, minh's username)."""
    lan, minh = visitors(), visitors()
    await lan.sign_up("lan")
    return lan, minh, await minh.sign_up("minh")


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"to": "nobody_here_x"}, 404, "player_not_found"),
    ({"variant": "chess"}, 400, "bad_variant"),
    ({"variant": "tictactoe", "opening": "swap"}, 400, "bad_opening"),
    ({"opening": "swap3"}, 400, "bad_opening"),
    ({"clock": {"initial_s": 0}}, 400, "bad_request"),
    ({"clock": {"initial_s": 60, "increment_s": 999}}, 400, "bad_request"),
    ({"clock": {}}, 400, "bad_request"),
    ({"clock": {"days": 4}}, 400, "bad_request"),
    ({"clock": {"days": 3, "initial_s": 60}}, 400, "bad_request"),
    ({"clock": {"minutes": 5}}, 400, "bad_request"),
    ({"colour": "blue"}, 400, "bad_request"),
    ({"rated": "yes"}, 400, "bad_request"),
    ({"to": 7}, 400, "bad_request"),
    ({"name": "bad\nname"}, 400, "bad_request"),
])
async def test_a_challenge_with_impossible_settings_is_refused(pair, body, status, code):
    lan, _minh, minh_name = pair
    answer = await refusal(lan, "POST", "/api/challenges", GAME | {"to": minh_name} | body)
    assert answer == (status, code)
    status_, lists = await lan.get("/api/challenges")
    assert lists["outgoing"] == []


async def test_a_challenge_to_yourself_is_refused(visitors):
    lan = visitors()
    name = await lan.sign_up("lan")
    assert await refusal(lan, "POST", "/api/challenges", GAME | {"to": name}) \
        == (400, "cannot_target_self")


async def test_only_an_account_challenges_by_name(pair, visitors):
    guest = visitors()
    _lan, _minh, minh_name = pair
    assert await refusal(guest, "POST", "/api/challenges", GAME | {"to": minh_name}) \
        == (401, "not_logged_in")


async def test_a_rated_challenge_from_an_anonymous_player_is_refused(visitors):
    assert await refusal(visitors(), "POST", "/api/challenges", GAME | {"rated": True}) \
        == (400, "not_rated_eligible")


async def test_a_block_either_way_stops_a_challenge(pair):
    lan, minh, minh_name = pair
    status, me = await lan.get("/api/me")
    assert (await minh.post(f"/api/block/{me['username']}"))[0] == 200
    assert await refusal(lan, "POST", "/api/challenges", GAME | {"to": minh_name}) \
        == (403, "blocked")
    assert await refusal(minh, "POST", "/api/challenges", GAME | {"to": me["username"]}) \
        == (403, "blocked")


async def test_a_blocked_player_cannot_take_up_an_open_challenge(pair):
    lan, minh, minh_name = pair
    assert (await lan.post(f"/api/block/{minh_name}"))[0] == 200
    made = await challenge(lan, None)
    assert await refusal(minh, "POST", f"/api/challenges/{made['id']}/accept") \
        == (403, "blocked")


async def test_a_second_open_challenge_to_the_same_player_is_refused(pair):
    lan, _minh, minh_name = pair
    await challenge(lan, minh_name)
    assert await refusal(lan, "POST", "/api/challenges", GAME | {"to": minh_name}) \
        == (400, "already_pending")


async def test_a_challenger_has_at_most_twenty_open_challenges(visitors):
    lan = visitors()
    await lan.get("/api/me")
    for _ in range(MAX_OPEN):
        await challenge(lan, None)
    assert await refusal(lan, "POST", "/api/challenges", GAME) == (429, "too_many_challenges")
    status, lists = await lan.get("/api/challenges")
    assert len(lists["outgoing"]) == MAX_OPEN


@pytest.mark.parametrize("action", ["accept", "decline", "cancel"])
async def test_answering_an_unknown_challenge_is_refused(visitors, action):
    assert await refusal(visitors(), "POST", f"/api/challenges/nope/{action}") \
        == (404, "challenge_not_found")
    assert await refusal(visitors(), "GET", "/api/challenges/nope") \
        == (404, "challenge_not_found")


async def test_only_the_challenged_player_accepts_or_declines_and_only_the_challenger_cancels(
        pair, visitors):
    lan, minh, minh_name = pair
    stranger = visitors()
    made = await challenge(lan, minh_name)
    path = f"/api/challenges/{made['id']}"
    assert await refusal(stranger, "POST", f"{path}/accept") == (403, "not_your_challenge")
    assert await refusal(stranger, "POST", f"{path}/decline") == (403, "not_your_challenge")
    assert await refusal(minh, "POST", f"{path}/cancel") == (403, "not_your_challenge")
    assert await refusal(lan, "POST", f"{path}/accept") == (400, "cannot_target_self")
    status, seen = await lan.get(path)
    assert seen["status"] == "open"


async def test_an_open_challenge_cannot_be_declined(pair):
    lan, minh, _name = pair
    made = await challenge(lan, None)
    assert await refusal(minh, "POST", f"/api/challenges/{made['id']}/decline") \
        == (403, "not_your_challenge")


@pytest.mark.parametrize("body", [{"reason": "smelly"}, {"reason": 3}])
async def test_a_decline_with_an_unknown_reason_is_refused(pair, body):
    lan, minh, minh_name = pair
    made = await challenge(lan, minh_name)
    assert await refusal(minh, "POST", f"/api/challenges/{made['id']}/decline", body) \
        == (400, "bad_request")


@pytest.mark.parametrize("action", ["accept", "decline", "cancel"])
async def test_an_answered_challenge_takes_no_second_answer(pair, action):
    lan, minh, minh_name = pair
    made = await challenge(lan, minh_name)
    path = f"/api/challenges/{made['id']}"
    assert (await minh.post(f"{path}/decline"))[0] == 200
    who = lan if action == "cancel" else minh
    assert await refusal(who, "POST", f"{path}/{action}") == (409, "challenge_closed")


@pytest.mark.parametrize("action", ["accept", "decline", "cancel"])
async def test_an_expired_challenge_takes_no_answer(inprocess_node, action):
    node = await inprocess_node(CHALLENGE_TTL_S="60")
    lan, minh = Visitor(node.url), Visitor(node.url)
    try:
        await lan.sign_up("lan")
        minh_name = await minh.sign_up("minh")
        with clock.frozen() as now:
            made = await challenge(lan, minh_name)
            now.advance(61)
            who = lan if action == "cancel" else minh
            assert await refusal(who, "POST", f"/api/challenges/{made['id']}/{action}") \
                == (410, "challenge_expired")
            status, seen = await lan.get(f"/api/challenges/{made['id']}")
            assert seen["status"] == "expired"
            status, lists = await minh.get("/api/challenges")
            assert lists["incoming"] == []
    finally:
        await lan.close()
        await minh.close()


async def test_challenges_are_limited_per_player_per_challenged_player_and_per_address(
        inprocess_node):
    node = await inprocess_node(CHALLENGES_PER_MINUTE="2")
    people = [Visitor(node.url) for _ in range(5)]
    try:
        names = [await p.sign_up("p") for p in people]
        lan, target = people[0], names[4]
        await challenge(lan, names[1])
        await challenge(lan, names[2])
        assert await refusal(lan, "POST", "/api/challenges", GAME | {"to": names[3]}) \
            == (429, "rate_limited")  # lan sent two this minute
        await challenge(people[1], target)
        await challenge(people[2], target)
        assert await refusal(people[3], "POST", "/api/challenges", GAME | {"to": target}) \
            == (429, "rate_limited")  # the target received two this minute
        await challenge(people[3], None)
        assert await refusal(people[4], "POST", "/api/challenges", GAME) \
            == (429, "rate_limited")  # six from one address (three times the limit)
    finally:
        for person in people:
            await person.close()
