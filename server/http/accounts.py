"""Accounts, optional: register, log in, log out, change password (docs/protocol.md §2c).

The rules (usernames, passwords, argon2id hashing) are in server/players/accounts.py. A session is a
random token in the HttpOnly cookie `caro_session`, stored in SQL as its SHA-256: it works on every
node and survives restarts. Login attempts are counted in Redis per client address and per username
(moving windows, shared by all nodes: server/platform/ip_limits.py); past the limit the answer is
`429 rate_limited` before any password is checked. A failed login answers
`401 bad_credentials` whether or not the username exists, after the same argon2 work (a dummy
hash when there is no account), so neither the answer nor its timing tells.

Registering turns the browser's anonymous identity into the account (same player id): the
games it played are the account's. The browser then gets a new anonymous identity for when
it logs out, so the account's id never stays in an anonymous cookie.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from typing import Annotated, Any, ClassVar

import msgspec
from aiohttp import web

from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.ip_limits import IpLimit, shared_limiter
from ..platform.tokens import hash_token, new_token
from ..players.accounts import (
    PASSWORD_CHARS,
    SESSION_MS,
    USERNAME_CHARS,
    hash_password,
    is_username,
    password_matches,
)
from ..players.store_sql import accounts as store
from ..players.store_sql.players import NEWCOMER, ratings_of, standing
from ..rooms.commands import PlayerRef
from .bodies import Body, decode, read_body
from .context import REDIS, SETTINGS, SQL
from .identity import (
    COOKIE,
    COOKIE_MAX_AGE_S,
    SESSION_LOOKUP,
    identity_token,
    player_id_of,
    set_cookie,
)
from .players import store_route
from .proxy import client_address

log = logging.getLogger(__name__)

SESSION_COOKIE = "caro_session"
LOGIN_WINDOW_S = 300
LOGINS_PER_IP = 30        # attempts per client address in any window (a school shares one)
LOGINS_PER_USERNAME = 10  # attempts per username in any window (password guessing)
LOGIN_LIMITS = web.AppKey("login_limits", tuple)  # (per address, per username): IpLimit

Password = Annotated[str, msgspec.Meta(min_length=PASSWORD_CHARS[0],
                                        max_length=PASSWORD_CHARS[1])]


class RegisterBody(Body, frozen=True):
    """POST /api/account/register; the username's characters: `parse_credentials`."""

    codes: ClassVar[Mapping[str, ErrorCode]] = {"username": ErrorCode.BAD_USERNAME,
                                                "password": ErrorCode.BAD_PASSWORD}
    username: str
    password: Password


class LoginBody(Body, frozen=True):
    """POST /api/account/login: any strings (a wrong one is just wrong credentials)."""

    username: str
    password: str


class PasswordBody(Body, frozen=True, kw_only=True):
    """POST /api/account/password."""

    codes: ClassVar[Mapping[str, ErrorCode]] = {"old_password": ErrorCode.BAD_CREDENTIALS,
                                                "new_password": ErrorCode.BAD_PASSWORD}
    old_password: str | None = None
    new_password: Password


def parse_credentials(body: dict[str, Any]) -> tuple[str, str]:
    """The username and password of a registration: `bad_username`, `bad_password`."""
    credentials = decode(body, RegisterBody)
    if not is_username(credentials.username):
        low, high = USERNAME_CHARS
        raise ArenaError(ErrorCode.BAD_USERNAME,
                         f"a username has {low} to {high} of A-Z a-z 0-9 _ -")
    return credentials.username, credentials.password


async def login_limits_context(app: web.Application) -> AsyncIterator[None]:
    """The login limits, counted in the store every node shares (server/platform/ip_limits.py)."""
    limiter = shared_limiter(app[REDIS], app[SETTINGS].redis_url)
    app[LOGIN_LIMITS] = (IpLimit(limiter, "login-ip", LOGINS_PER_IP, LOGIN_WINDOW_S),
                         IpLimit(limiter, "login-user", LOGINS_PER_USERNAME, LOGIN_WINDOW_S))
    yield


async def count_attempt(request: web.Request, username: str) -> None:
    """One login attempt against both limits; 429 past either."""
    by_ip, by_user = request.app[LOGIN_LIMITS]
    ip_ok = await by_ip.take(client_address(request))
    if not (await by_user.take(username.lower()) and ip_ok):
        raise ArenaError(ErrorCode.RATE_LIMITED, "too many login attempts; wait a few minutes")


def session_hash(request: web.Request) -> str | None:
    token = request.cookies.get(SESSION_COOKIE)
    return hash_token(token) if token else None


async def session_player(request: web.Request) -> PlayerRef | None:
    """The logged-in account behind the request's session cookie, with its ratings (a seat it
    takes shows the one of its room's variant), or None. While the database does not answer,
    None: the player plays on as their anonymous identity."""
    token_hash = session_hash(request)
    if token_hash is None:
        return None
    engine = request.app[SQL]
    try:
        account = await store.session_account(engine, token_hash, now_ms())
        if account is None:
            return None
        ratings = await ratings_of(engine, account.player_id)
    except Exception as error:  # noqa: BLE001 - any database failure: play on anonymously
        log.warning("session lookup failed, serving as anonymous: %r", error)
        return None
    standings = tuple((variant, standing(rating)) for variant, rating in sorted(ratings.items()))
    return PlayerRef(account.player_id, account.username, standings, NEWCOMER)


async def start_session(request: web.Request, response: web.StreamResponse,
                        player_id: str) -> None:
    token = new_token()
    await store.open_session(request.app[SQL], hash_token(token), player_id, now_ms(),
                             SESSION_MS)
    set_cookie(request, response, SESSION_COOKIE, token, SESSION_MS // 1000)


@store_route
async def register(request: web.Request) -> web.Response:
    username, password = parse_credentials(await read_body(request))
    engine = request.app[SQL]
    token = identity_token(request)
    player_id = player_id_of(token) if token else player_id_of(new_token())
    if session_hash(request) is not None or await store.has_account(engine, player_id):
        player_id = player_id_of(new_token())  # this identity is an account already
    try:
        await store.create_account(engine, player_id, username, await hash_password(password),
                                   now_ms())
    except store.UsernameTaken:
        raise ArenaError(ErrorCode.USERNAME_TAKEN, "this username is taken") from None
    log.info("account %s registered", username)
    response = web.json_response({"username": username}, status=201)
    await start_session(request, response, player_id)
    set_cookie(request, response, COOKIE, new_token(), COOKIE_MAX_AGE_S)
    return response


@store_route
async def login(request: web.Request) -> web.Response:
    body = decode(await read_body(request), LoginBody)
    username, password = body.username, body.password
    await count_attempt(request, username[:40])
    account = await store.find_account(request.app[SQL], username) \
        if is_username(username) else None
    matches = await password_matches(account.password_hash if account else None, password)
    if account is None or not matches:
        raise ArenaError(ErrorCode.BAD_CREDENTIALS, "wrong username or password")
    if account.closed:
        raise ArenaError(ErrorCode.ACCOUNT_CLOSED, "this account was closed by a moderator")
    response = web.json_response({"username": account.username})
    await start_session(request, response, account.player_id)
    return response


@store_route
async def logout(request: web.Request) -> web.Response:
    token_hash = session_hash(request)
    if token_hash is not None:
        await store.close_session(request.app[SQL], token_hash)
    response = web.Response(status=204)
    response.del_cookie(SESSION_COOKIE, path="/")
    return response


@store_route
async def change_password(request: web.Request) -> web.Response:
    raw = await read_body(request)
    player = await session_player(request)
    if player is None:
        raise ArenaError(ErrorCode.NOT_LOGGED_IN, "log in to change your password")
    body = decode(raw, PasswordBody)
    old, new = body.old_password, body.new_password
    account = await store.find_account(request.app[SQL], player.username or "")
    if account is None or old is None \
            or not await password_matches(account.password_hash, old):
        raise ArenaError(ErrorCode.BAD_CREDENTIALS, "the current password is wrong")
    await store.set_password(request.app[SQL], account.player_id, await hash_password(new),
                             keep_session=session_hash(request) or "")
    return web.Response(status=204)


def setup(app: web.Application) -> None:
    app[SESSION_LOOKUP] = session_player
    app.cleanup_ctx.append(login_limits_context)
    app.router.add_post("/api/account/register", register)
    app.router.add_post("/api/account/login", login)
    app.router.add_post("/api/account/logout", logout)
    app.router.add_post("/api/account/password", change_password)
