"""HTTP routes of docs/protocol.md §2g: follow and block other players, the people you follow
with who is online or playing now, the accounts online, and the following page. The rules are
server/relations/'s; these handlers read the request and shape the answer.
"""

from __future__ import annotations

from aiohttp import web

from .context import RELATIONS
from .guard import Handler
from .identity import player_of
from .pages import index_page
from .players import store_route


def relation_route(change: str, field: str, value: bool) -> Handler:
    """A route that follows, unfollows, blocks or unblocks `{username}` (`change`, the name of
    the `Relations` method) and answers `{"username", field: value}`."""
    @store_route
    async def route(request: web.Request) -> web.Response:
        target = await getattr(request.app[RELATIONS], change)(await player_of(request),
                                                               request.match_info["username"])
        return web.json_response({"username": target.username, field: value})
    return route


@store_route
async def get_following(request: web.Request) -> web.Response:
    following = await request.app[RELATIONS].following(await player_of(request))
    return web.json_response({"following": following})


@store_route
async def get_blocks(request: web.Request) -> web.Response:
    return web.json_response({"blocking": await request.app[RELATIONS].blocked(
        await player_of(request))})


@store_route
async def get_online_players(request: web.Request) -> web.Response:
    return web.json_response({"players": await request.app[RELATIONS].online_accounts()})


@store_route
async def get_relation(request: web.Request) -> web.Response:
    return web.json_response(await request.app[RELATIONS].relation(
        await player_of(request), request.match_info["username"]))


def setup(app: web.Application) -> None:
    app.router.add_post("/api/follow/{username}", relation_route("follow", "following", True))
    app.router.add_delete("/api/follow/{username}",
                          relation_route("unfollow", "following", False))
    app.router.add_post("/api/block/{username}", relation_route("block", "blocking", True))
    app.router.add_delete("/api/block/{username}", relation_route("unblock", "blocking", False))
    app.router.add_get("/api/following", get_following)
    app.router.add_get("/api/blocking", get_blocks)
    app.router.add_get("/api/online/players", get_online_players)
    app.router.add_get("/api/players/{username}/relation", get_relation)
    app.router.add_get("/following", index_page)
