"""Optional accounts: register, log in elsewhere, log out, change password, login limits."""

from __future__ import annotations

import secrets

import pytest

from tests.server.visitor import Visitor

PASSWORD = "correct horse battery"


def new_username() -> str:
    return f"u_{secrets.token_hex(5)}"


async def register(visitor: Visitor, username: str, password: str = PASSWORD) -> tuple:
    return await visitor.post("/api/account/register",
                              {"username": username, "password": password})


async def login(visitor: Visitor, username: str, password: str = PASSWORD,
                **kwargs) -> tuple:
    return await visitor.post("/api/account/login",
                              {"username": username, "password": password}, **kwargs)


async def test_register_answers_201_with_an_http_only_session_cookie(visitors):
    me, name = visitors(), new_username()
    status, body = await register(me, name)
    cookie = me.set_cookies()["caro_session"]
    assert (status, body) == (201, {"username": name})
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert (await me.get("/api/me"))[1]["username"] == name


async def test_registering_keeps_the_anonymous_identity_so_its_games_are_the_accounts(
        visitors):
    me = visitors()
    _, anonymous = await me.get("/api/me")
    await register(me, new_username())
    assert (await me.get("/api/me"))[1]["player_id"] == anonymous["player_id"]


async def test_a_guest_may_play_rated_nowhere(visitors):
    assert (await visitors().get("/api/me"))[1]["rated_modes"] == []


async def test_an_account_may_play_rated_against_a_person_only(visitors):
    me = visitors()
    await register(me, new_username())
    assert (await me.get("/api/me"))[1]["rated_modes"] == ["human"]


async def test_a_username_is_taken_whatever_its_case(visitors):
    name = new_username()
    await register(visitors(), name)
    status, body = await register(visitors(), name.upper())
    assert (status, body["error"]) == (409, "username_taken")


@pytest.mark.parametrize(("username", "password", "code"), [
    ("ab", PASSWORD, "bad_username"), ("x" * 21, PASSWORD, "bad_username"),
    ("has space", PASSWORD, "bad_username"), ("tên", PASSWORD, "bad_username"),
    ("fine_name", "short", "bad_password"), ("fine_name", 12345678, "bad_password"),
])
async def test_invalid_username_or_password_is_refused_with_its_code(visitors, username,
                                                                      password, code):
    status, body = await register(visitors(), username, password)
    assert (status, body["error"]) == (400, code)


async def test_logging_in_on_another_device_is_the_same_player(visitors):
    first, second, name = visitors(), visitors(), new_username()
    await register(first, name)
    status, body = await login(second, name.upper())
    assert (status, body) == (200, {"username": name})
    assert (await second.get("/api/me"))[1]["player_id"] \
        == (await first.get("/api/me"))[1]["player_id"]


async def test_a_failed_login_does_not_say_whether_the_username_exists(visitors):
    name = new_username()
    await register(visitors(), name)
    wrong_password = await login(visitors(), name, "not the password")
    no_such_user = await login(visitors(), new_username(), "not the password")
    assert wrong_password == no_such_user
    assert wrong_password[0] == 401 and wrong_password[1]["error"] == "bad_credentials"


async def test_logout_ends_the_session_and_leaves_a_new_anonymous_player(visitors):
    me = visitors()
    await register(me, new_username())
    _, account = await me.get("/api/me")
    status, _ = await me.post("/api/account/logout")
    _, after = await me.get("/api/me")
    assert status == 204 and after["username"] is None
    assert after["player_id"] != account["player_id"]


async def test_after_a_password_change_only_the_new_password_logs_in(visitors):
    me, name = visitors(), new_username()
    await register(me, name)
    status, _ = await me.post("/api/account/password",
                              {"old_password": PASSWORD, "new_password": "a new passphrase"})
    assert status == 204
    assert (await login(visitors(), name))[0] == 401
    assert (await login(visitors(), name, "a new passphrase"))[0] == 200


async def test_a_password_change_ends_the_accounts_other_sessions(visitors):
    me, elsewhere, name = visitors(), visitors(), new_username()
    await register(me, name)
    await login(elsewhere, name)
    await me.post("/api/account/password",
                  {"old_password": PASSWORD, "new_password": "a new passphrase"})
    assert (await elsewhere.get("/api/me"))[1]["username"] is None
    assert (await me.get("/api/me"))[1]["username"] == name


async def test_a_password_change_needs_the_current_password(visitors):
    me = visitors()
    await register(me, new_username())
    status, body = await me.post("/api/account/password",
                                 {"old_password": "wrong guess", "new_password": "whatever1"})
    assert (status, body["error"]) == (401, "bad_credentials")


async def test_a_password_change_needs_a_session(visitors):
    status, body = await visitors().post("/api/account/password",
                                         {"old_password": PASSWORD, "new_password": "x" * 9})
    assert (status, body["error"]) == (401, "not_logged_in")


async def test_an_account_opens_a_rated_room_which_only_an_account_may_join(visitors):
    alice, guest, bob = visitors(), visitors(), visitors()
    await register(alice, new_username())
    await register(bob, new_username())
    status, room = await alice.post("/api/rooms", {"variant": "gomoku", "rated": True})
    path = f"/api/rooms/{room['room_id']}/join"
    refused = await guest.post(path, {})
    joined_status, joined = await bob.post(path, {})
    assert status == 201 and room["state"]["rated"]
    assert (refused[0], refused[1]["error"]) == (400, "not_rated_eligible")
    assert joined_status == 200 and joined["state"]["status"] == "playing"


# --------------------------------------------------------------------------- limits and nodes


@pytest.fixture
def proxied_node(server_factory):
    """A node behind a (pretend) proxy: each test's attempts come from an address of its own."""
    return server_factory.start(env={"TRUST_PROXY": "1"})


async def test_login_attempts_per_username_are_limited_even_with_the_right_password(
        proxied_node):
    me, name = Visitor(proxied_node.url), new_username()
    try:
        await register(me, name)
        for attempt in range(10):
            address = {"X-Forwarded-For": f"10.0.0.{attempt}"}
            assert (await login(me, name, "wrong password", headers=address))[0] == 401
        status, body = await login(me, name, headers={"X-Forwarded-For": "10.0.1.1"})
    finally:
        await me.close()
    assert (status, body["error"]) == (429, "rate_limited")


async def test_login_attempts_per_client_address_are_limited(proxied_node):
    me = Visitor(proxied_node.url)
    address = {"X-Forwarded-For": "10.9.8.7"}
    try:
        statuses = [(await login(me, new_username(), "guess1234", headers=address))[0]
                    for _ in range(31)]
    finally:
        await me.close()
    assert statuses[:30] == [401] * 30 and statuses[30] == 429


async def test_a_session_works_on_every_node_and_survives_a_restart(server_factory,
                                                                    postgres_server):
    env = {"DATABASE_URL": postgres_server.create_database()}
    node_a, node_b = server_factory.start_many(["node-a", "node-b"], env=env)
    me, name = Visitor(node_a.url), new_username()
    try:
        await register(me, name)
        me.base_url = node_b.url
        assert (await me.get("/api/me"))[1]["username"] == name
        node_b.stop()
        node_b.start()
        assert (await me.get("/api/me"))[1]["username"] == name
    finally:
        await me.close()
