"""Who is asking: a player identity from a cookie, issued on the first visit, no sign-up.

The cookie `caro_player` holds a random secret (192 bits); the player's id is the first 96 bits
of its SHA-256, in hex. So the id can be shown (it names the player in the archive and in
`GET /api/me`) while only the browser holding the cookie can act as that player, and the
server stores no secret. The cookie is HttpOnly (page scripts never see it), SameSite=Lax (other
sites' forms and scripts do not send it) and Secure when the page came over HTTPS. It is not a
seat token: a seat is still proven by its token (docs/protocol.md); the identity only says
whose seat it is, for "Your games" and the archive.

A logged-in browser also has a session cookie (server/http/accounts.py); `player_of(request)` then
answers with the account's player. Sockets and non-browser clients without the cookie play
without an identity (their games are archived without a player id).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Awaitable, Callable

from aiohttp import web

from ..platform.tokens import new_token
from ..rooms.commands import PlayerRef
from .context import SETTINGS
from .pages import index_page

COOKIE = "caro_player"
COOKIE_MAX_AGE_S = 400 * 24 * 3600  # the longest browsers keep a cookie
PLAYER_ID_HEX = 24
TOKEN_FORMAT = re.compile(r"[A-Za-z0-9_-]{32}")
# Where the API is asked, a new visitor gets an identity; and on any page of the app (below):
# a page's first requests then all carry the one identity the page brought, instead of each
# being given its own while they run side by side. Static files, sockets, health checks and
# metrics neither need nor issue one.
ISSUING_PREFIXES = ("/api/",)

# What a request learns of its visitor, kept on the request (typed keys: aiohttp warns on strings).
PLAYER_KEY = web.RequestKey("caro_player", PlayerRef)
ACCOUNT_KEY = web.RequestKey("caro_account", PlayerRef | None)

SessionLookup = Callable[[web.Request], Awaitable[PlayerRef | None]]
# server/http/accounts.py registers how a session cookie becomes an account (it needs the SQL store,
# which this module does not).
SESSION_LOOKUP = web.AppKey("session_lookup", SessionLookup)


def player_id_of(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:PLAYER_ID_HEX]


def identity_token(request: web.Request) -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token is not None and TOKEN_FORMAT.fullmatch(token) else None


def is_https(request: web.Request) -> bool:
    if request.secure:
        return True
    return request.app[SETTINGS].trust_proxy \
        and request.headers.get("X-Forwarded-Proto", "").lower() == "https"


def set_cookie(request: web.Request, response: web.StreamResponse, name: str, value: str,
               max_age_s: int) -> None:
    """HttpOnly, SameSite=Lax, the whole site, Secure over HTTPS."""
    response.set_cookie(name, value, max_age=max_age_s, path="/", httponly=True,
                        samesite="Lax", secure=is_https(request))


def identify(request: web.Request) -> str | None:
    """Give the request the identity its cookie carries, or a new one where identities are
    issued (returned: the response must then carry it, `give_identity`)."""
    token = identity_token(request)
    issued = None
    if token is None and (request.path.startswith(ISSUING_PREFIXES)
                          or request.match_info.handler is index_page):
        issued = token = new_token()
    if token is not None:
        request[PLAYER_KEY] = PlayerRef(player_id_of(token))
    return issued


def give_identity(request: web.Request, response: web.StreamResponse, issued: str) -> None:
    """A new visitor's identity cookie on the response, unless its headers are sent already
    (so a room created in the first request is already linked to its creator)."""
    if not response.prepared:
        set_cookie(request, response, COOKIE, issued, COOKIE_MAX_AGE_S)


async def player_of(request: web.Request) -> PlayerRef | None:
    """The logged-in account's player, else the anonymous identity, else None (asked once
    per request)."""
    if ACCOUNT_KEY not in request:
        lookup = request.app.get(SESSION_LOOKUP)
        request[ACCOUNT_KEY] = None if lookup is None else await lookup(request)
    return request[ACCOUNT_KEY] or request.get(PLAYER_KEY)
