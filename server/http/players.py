"""HTTP routes about players and the archive (docs/protocol.md §2a, §2b).

Queries live in server/players/store_sql/; these handlers only read the request's identity
(server/http/identity.py) and shape the answer.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

from aiohttp import web
from sqlalchemy.exc import DBAPIError, OperationalError

from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..players.store_sql.archive import (
    MAX_PAGE_SIZE,
    PAGE_SIZE,
    find_game,
    parse_cursor,
    player_games,
    profile,
)
from ..players.store_sql.players import account_player_id, find_player
from ..players.store_sql.rating_store import leaderboard
from ..rooms.allowed import rated_modes
from ..rooms.commands import PlayerRef
from .context import ANALYSIS, MODERATION, SQL
from .exports import export_response
from .guard import Handler, json_errors
from .identity import player_of
from .pages import index_page

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
    """`{player_id, username, name, rated_modes, ratings, moderator}` (`rated_modes`: the
    kinds of room in which this player may play rated, server/rooms/allowed.py; `moderator`:
    the account may moderate, server/moderation/); a new visitor has just
    been given an identity (the cookie comes with this answer), so the store does not know
    them yet."""
    player = await player_of(request)
    assert player is not None  # every /api/ request carries an identity or is given one
    record = await find_player(request.app[SQL], player.player_id)
    username = record.username if record else player.username
    return web.json_response({
        "player_id": player.player_id,
        "username": username,
        "name": record.name if record else None,
        "rated_modes": rated_modes(PlayerRef(player.player_id, username)),
        "ratings": {variant: rating.to_public()
                    for variant, rating in (record.ratings if record else {}).items()},
        "moderator": await request.app[MODERATION].is_moderator(player),
    })


async def archived_game(request: web.Request) -> dict:
    game = await find_game(request.app[SQL], request.match_info["game_id"])
    if game is None:
        raise ArenaError(ErrorCode.GAME_NOT_FOUND, "no such game in the archive")
    return game


MAX_WAIT_MS = 10_000  # the longest `GET /api/games/{id}?wait_ms=` waits for the archive
WAIT_STEP_S = 0.1


def wait_ms_of(request: web.Request) -> int:
    """The `wait_ms` query parameter: 0 (the default) to MAX_WAIT_MS."""
    raw = request.query.get("wait_ms", "0")
    if not raw.isdigit() or int(raw) > MAX_WAIT_MS:
        raise ArenaError(ErrorCode.BAD_REQUEST,
                         f'"wait_ms" is a whole number of 0 to {MAX_WAIT_MS}')
    return int(raw)


@store_route
async def get_game(request: web.Request) -> web.Response:
    """The archived game. With `?wait_ms=N` a game just finished, which reaches the archive a
    moment after its end, is waited for up to N ms before the answer is 404: the room page
    asks once, and nobody's console shows a 404 for a game that exists."""
    deadline = now_ms() + wait_ms_of(request)
    while True:
        try:
            return web.json_response(await archived_game(request))
        except ArenaError as error:
            if error.code is not ErrorCode.GAME_NOT_FOUND or now_ms() >= deadline:
                raise
        await asyncio.sleep(WAIT_STEP_S)


def archive_record(game: dict[str, Any]) -> dict[str, Any]:
    """An archived game as the room's game record (`repository.game_record`) exports, with
    the rating changes the archive added."""
    return {"room_id": game["room_id"], "game_no": game["game_no"], "variant": game["variant"],
            "moves": game["moves"], "result": game["result"], "seats": game["players"],
            "clock": game["clock_config"], "opening": game["opening"],
            "opening_choices": game["opening_choices"], "rated": game["rated"],
            "rating_changes": game["rating_changes"], "started_at": game["started_at"],
            "finished_at": game["finished_at"]}


@store_route
async def get_game_export(request: web.Request) -> web.Response:
    """A game's record as `GET /api/rooms/{id}/export` gives it (`?format=`): the archived
    game for an archive id, else (a room id, or a game the archive has not got yet) the game
    record kept in Redis (server/analysis/service.py `finished_game`)."""
    game_id = request.match_info["game_id"]
    game = await find_game(request.app[SQL], game_id)
    record = archive_record(game) if game is not None \
        else await request.app[ANALYSIS].finished_game(game_id)
    return export_response(record, request.query.get("format", "text"))


async def account_id(request: web.Request) -> str:
    """The player id of the account named in the path, or 404."""
    player_id = await account_player_id(request.app[SQL], request.match_info["username"])
    if player_id is None:
        raise ArenaError(ErrorCode.PLAYER_NOT_FOUND, "no player has this username")
    return player_id


def page_query(request: web.Request) -> tuple[str | None, int]:
    before = request.query.get("before")
    limit = request.query.get("limit", str(PAGE_SIZE))
    try:
        parse_cursor(before)
        size = int(limit)
    except ValueError:
        raise ArenaError(ErrorCode.BAD_REQUEST, '"before" must be a "next" cursor and '
                         '"limit" a number') from None
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise ArenaError(ErrorCode.BAD_REQUEST, f'"limit" must be 1..{MAX_PAGE_SIZE}')
    return before, size


@store_route
async def get_player(request: web.Request) -> web.Response:
    """A profile's data: ratings per variant, wins/draws/losses, the rating history per
    variant and the newest games (the rest: `GET .../games?before=<next>`)."""
    data = await profile(request.app[SQL], request.match_info["username"])
    if data is None:
        raise ArenaError(ErrorCode.PLAYER_NOT_FOUND, "no player has this username")
    return web.json_response(data)


@store_route
async def get_player_games(request: web.Request) -> web.Response:
    before, limit = page_query(request)
    page = await player_games(request.app[SQL], await account_id(request), before, limit)
    return web.json_response({"games": page.games, "next": page.next_before})


@store_route
async def get_my_games(request: web.Request) -> web.Response:
    """The games of whoever asks (identity or account): "Your games" on the home page."""
    before, limit = page_query(request)
    player = await player_of(request)
    assert player is not None
    page = await player_games(request.app[SQL], player.player_id, before, limit)
    return web.json_response({"games": page.games, "next": page.next_before})


@store_route
async def get_leaderboard(request: web.Request) -> web.Response:
    variant = request.match_info["variant"]
    return web.json_response({"variant": variant,
                              "players": await leaderboard(request.app[SQL], variant,
                                                           now_ms())})


def setup(app: web.Application) -> None:
    app.router.add_get("/api/me", get_me)
    app.router.add_get("/api/games/{game_id}", get_game)
    app.router.add_get("/api/games/{game_id}/export", get_game_export)
    app.router.add_get("/g/{game_id}/replay", index_page)
    app.router.add_get("/api/me/games", get_my_games)
    app.router.add_get("/api/players/{username}", get_player)
    app.router.add_get("/api/players/{username}/games", get_player_games)
    app.router.add_get("/api/leaderboard/{variant}", get_leaderboard)
    app.router.add_get("/@/{username}", index_page)
    app.router.add_get("/leaderboard", index_page)
    app.router.add_get("/leaderboard/{variant}", index_page)
