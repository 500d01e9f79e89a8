"""Reports and moderation (docs/protocol.md §2h): a report reaches the moderators' queue; a
moderator, made on the command line, marks it handled, mutes (no chat anywhere) and closes
(no login, not found by name) an account; every refusal."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.harness import REPO_ROOT
from tests.server.challenges.helpers import GAME, refusal
from tests.server.visitor import PASSWORD, Visitor


def admin(node, *args: str) -> subprocess.CompletedProcess[str]:
    """`caro-arena admin ...` against the node's own SQL database."""
    return subprocess.run([sys.executable, "-m", "server.cli", "admin", *args], cwd=REPO_ROOT,
                          env=node.environment(), capture_output=True, text=True, timeout=60)


@pytest.fixture
async def moderator(arena_node, visitors) -> Visitor:
    mod = visitors()
    name = await mod.sign_up("mod")
    done = admin(arena_node, "grant-moderator", name.upper())
    assert done.returncode == 0 and f"{name} is now a moderator" in done.stdout, done.stderr
    return mod


async def test_a_report_reaches_the_queue_and_a_moderator_marks_it_handled(visitors, moderator):
    lan, minh = visitors(), visitors()
    await lan.sign_up("lan")
    minh_name = await minh.sign_up("minh")
    status, made = await lan.post("/api/report", {"username": minh_name, "reason": "abuse",
                                                  "text": "  rude in chat  ", "room_id": "r1"})
    assert status == 201
    status, queue = await moderator.get("/api/mod/reports")
    mine = next(r for r in queue["reports"] if r["id"] == made["id"])
    assert mine["target"] == {"username": minh_name, "muted": False, "closed": False}
    assert (mine["reason"], mine["text"], mine["room_id"]) == ("abuse", "rude in chat", "r1")
    status, answer = await moderator.post(f"/api/mod/reports/{made['id']}/handle")
    assert status == 200 and answer == {"id": made["id"], "handled": True}
    status, queue = await moderator.get("/api/mod/reports")
    assert made["id"] not in [r["id"] for r in queue["reports"]]
    status, done = await moderator.get("/api/mod/reports?handled=1")
    assert made["id"] in [r["id"] for r in done["reports"]]
    status, me = await moderator.get("/api/me")
    assert me["moderator"] is True
    assert (await lan.get("/api/me"))[1]["moderator"] is False


async def test_a_muted_account_cannot_chat_until_unmuted(visitors, moderator):
    minh = visitors()
    minh_name = await minh.sign_up("minh")
    status, room = await minh.post("/api/rooms", {"variant": "gomoku", "opponent": "ai"})
    socket = await minh.socket(room["room_id"], token=room["token"])
    status, answer = await moderator.post(f"/api/mod/players/{minh_name}/mute", {"muted": True})
    assert answer == {"username": minh_name, "muted": True}
    refused = await socket.command("chat", text="hello")
    assert (refused["type"], refused["code"]) == ("error", "muted")
    await moderator.post(f"/api/mod/players/{minh_name}/mute", {"muted": False})
    assert (await socket.command("chat", text="hello"))["type"] == "chat"
    await socket.close()


async def test_a_closed_account_is_logged_out_cannot_log_in_and_is_not_found(
        visitors, moderator):
    minh, lan = visitors(), visitors()
    minh_name = await minh.sign_up("minh")
    await lan.sign_up("lan")
    status, answer = await moderator.post(f"/api/mod/players/{minh_name}/close")
    assert answer == {"username": minh_name, "closed": True}
    assert (await minh.get("/api/me"))[1]["username"] is None  # its session ended
    assert await refusal(visitors(), "POST", "/api/account/login",
                         {"username": minh_name, "password": PASSWORD}) == (403, "account_closed")
    assert await refusal(visitors(), "POST", "/api/account/login",
                         {"username": minh_name, "password": "wrong password"}) \
        == (401, "bad_credentials")
    assert await refusal(lan, "POST", "/api/challenges", GAME | {"to": minh_name}) \
        == (404, "player_not_found")
    assert await refusal(lan, "POST", f"/api/follow/{minh_name}") == (404, "player_not_found")
    status, queue = await moderator.get("/api/mod/reports")
    assert status == 200


@pytest.mark.parametrize("body", [
    {"username": "x", "reason": "ugly"}, {"reason": "spam"},
    {"username": "x", "reason": "spam", "text": "t" * 501},
    {"username": "x", "reason": "spam", "text": "evil \u202e reversed"},
    {"username": "x", "reason": "spam", "text": "bell \x07"},
])
async def test_a_malformed_report_is_refused(visitors, body):
    lan = visitors()
    await lan.sign_up("lan")
    assert await refusal(lan, "POST", "/api/report", body) == (400, "bad_request")


async def test_reports_of_nobody_or_yourself_or_without_an_account_are_refused(visitors):
    lan = visitors()
    name = await lan.sign_up("lan")
    assert await refusal(lan, "POST", "/api/report", {"username": "nobody_zz9",
                                                      "reason": "spam"}) \
        == (404, "player_not_found")
    assert await refusal(lan, "POST", "/api/report", {"username": name, "reason": "spam"}) \
        == (400, "cannot_target_self")
    assert await refusal(visitors(), "POST", "/api/report", {"username": name,
                                                             "reason": "spam"}) \
        == (401, "not_logged_in")


@pytest.mark.parametrize(("method", "path", "body"), [
    ("GET", "/api/mod/reports", None), ("POST", "/api/mod/reports/1/handle", {}),
    ("POST", "/api/mod/players/{name}/mute", {"muted": True}),
    ("POST", "/api/mod/players/{name}/close", {}),
])
async def test_moderators_routes_refuse_everyone_else(visitors, method, path, body):
    player = visitors()
    name = await player.sign_up("p")
    route = path.format(name=name)
    assert await refusal(visitors(), method, route, body) == (401, "not_logged_in")
    assert await refusal(player, method, route, body) == (403, "not_moderator")


async def test_moderators_refusals(visitors, moderator):
    status, me = await moderator.get("/api/me")
    assert await refusal(moderator, "POST", "/api/mod/reports/999999999/handle") \
        == (404, "report_not_found")
    assert await refusal(moderator, "POST", "/api/mod/reports/abc/handle") \
        == (404, "report_not_found")
    assert await refusal(moderator, "POST", "/api/mod/players/nobody_zz9/mute",
                         {"muted": True}) == (404, "player_not_found")
    assert await refusal(moderator, "POST", f"/api/mod/players/{me['username']}/close") \
        == (400, "cannot_target_self")
    assert await refusal(moderator, "GET", "/api/mod/reports?handled=maybe") \
        == (400, "bad_request")


def test_the_command_line_refuses_an_unknown_account(arena_node):
    done = admin(arena_node, "grant-moderator", "nobody_zz9")
    assert done.returncode == 1 and "no account is named 'nobody_zz9'" in done.stderr


async def test_a_revoked_moderator_is_refused(arena_node, moderator):
    status, me = await moderator.get("/api/me")
    assert admin(arena_node, "revoke-moderator", me["username"]).returncode == 0
    assert await refusal(moderator, "GET", "/api/mod/reports") == (403, "not_moderator")


async def test_reports_are_limited_per_reporter(inprocess_node):
    node = await inprocess_node(REPORTS_PER_HOUR="2")
    lan, minh = Visitor(node.url), Visitor(node.url)
    try:
        await lan.sign_up("lan")
        minh_name = await minh.sign_up("minh")
        for _ in range(2):
            assert (await lan.post("/api/report", {"username": minh_name,
                                                   "reason": "spam"}))[0] == 201
        assert await refusal(lan, "POST", "/api/report", {"username": minh_name,
                                                          "reason": "spam"}) \
            == (429, "rate_limited")
    finally:
        await lan.close()
        await minh.close()
