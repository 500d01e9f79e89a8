"""HTTP routes about players and the archive (docs/protocol.md §2a, §2b).

Queries live in server/store_sql/; these handlers only read the request's identity
(server/identity.py) and shape the answer.
"""

from __future__ import annotations

import functools
import logging

from aiohttp import web
from sqlalchemy.exc import DBAPIError, OperationalError

from .api import Handler, json_errors
from .appkeys import SQL
from .errors import ArenaError, ErrorCode
from .exports import export_text
from .identity import player_of
from .store_sql.archive import find_game
from .store_sql.players import find_player

log = logging.getLogger(__name__)


def store_route(handler: Handler) -> Handler:
    """JSON errors, and `503 store_unavailable` while the SQL database does not answer."""
    @functools.wraps(handler)
    async def wrapped(request: web.Request) -> web.StreamResponse:
        try:
            return await handler(request)
        except (OperationalError, DBAPIError, OSError) as error:
            log.warning("%s %s: SQL store unavailable: %s", request.method, request.path, error)
            raise ArenaError(ErrorCode.STORE_UNAVAILABLE,
                             "the database does not answer; try again soon") from None
    return json_errors(wrapped)


@store_route
async def get_me(request: web.Request) -> web.Response:
    """`{player_id, username, name, ratings}`; a new visitor has just been given an identity
    (the cookie comes with this answer), so the store does not know them yet."""
    player = await player_of(request)
    assert player is not None  # every /api/ request carries an identity or is given one
    record = await find_player(request.app[SQL], player.player_id)
    return web.json_response({
        "player_id": player.player_id,
        "username": record.username if record else player.username,
        "name": record.name if record else None,
        "ratings": {variant: rating.to_public()
                    for variant, rating in (record.ratings if record else {}).items()},
    })


async def archived_game(request: web.Request) -> dict:
    game = await find_game(request.app[SQL], request.match_info["game_id"])
    if game is None:
        raise ArenaError(ErrorCode.GAME_NOT_FOUND, "no such game in the archive")
    return game


@store_route
async def get_game(request: web.Request) -> web.Response:
    return web.json_response(await archived_game(request))


@store_route
async def get_game_export(request: web.Request) -> web.Response:
    """The archived game in the text format of `GET /api/rooms/{id}/export`."""
    game = await archived_game(request)
    record = game | {"seats": game["players"], "clock": game["clock_config"]}
    return web.Response(text=export_text(record), content_type="text/plain", charset="utf-8")


def setup(app: web.Application) -> None:
    from .app import index_page
    app.router.add_get("/api/me", get_me)
    app.router.add_get("/api/games/{game_id}", get_game)
    app.router.add_get("/api/games/{game_id}/export", get_game_export)
    app.router.add_get("/g/{game_id}", index_page)
