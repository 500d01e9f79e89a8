"""HTTP routes of docs/protocol.md §2i: puzzles. The next puzzle for a player, judging their
moves, the solution once the attempt ended, the daily puzzle, a player's history, the puzzles
cut from a game; and the page (`/puzzles`, `/puzzles/{id}`). Rules live in server/puzzles/.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

import msgspec
from aiohttp import web

from ..platform.errors import ArenaError, ErrorCode
from ..platform.ip_limits import ip_limit
from .bodies import Body, decode, read_body
from .context import ARENA, PUZZLES, SETTINGS
from .notifications import asker, page_query
from .pages import index_page
from .players import store_route
from .proxy import client_address

MAX_MOVES = 80
MAX_STREAK = 500
PUZZLE_LIMITS = web.AppKey("puzzle_limits", tuple)  # (moves, puzzles served): IpLimit | None


class MovesBody(Body, frozen=True):
    """POST /api/puzzles/{id}/move: the attempt's moves so far, then the new one."""

    moves: Annotated[list[Annotated[str, msgspec.Meta(max_length=4)]],
                     msgspec.Meta(min_length=1, max_length=MAX_MOVES)]


async def puzzle_limits_context(app: web.Application) -> AsyncIterator[None]:
    """Per-address limits on moves and on puzzles served, counted across nodes."""
    settings, limiter = app[SETTINGS], app[ARENA].ip_limiter
    app[PUZZLE_LIMITS] = (ip_limit(limiter, "puzzle-moves", settings.puzzle_moves_per_minute),
                          ip_limit(limiter, "puzzles", settings.puzzles_per_minute))
    yield


async def check_rate(request: web.Request, which: int) -> None:
    limiter = request.app[PUZZLE_LIMITS][which]
    if limiter is not None and not await limiter.take(client_address(request)):
        raise ArenaError(ErrorCode.RATE_LIMITED, "too many puzzle requests; wait a minute")


def _query_word(request: web.Request, name: str) -> str | None:
    return request.query.get(name) or None


def _streak(request: web.Request) -> int | None:
    text = request.query.get("streak")
    if text is None:
        return None
    if not text.isdigit() or int(text) > MAX_STREAK:
        raise ArenaError(ErrorCode.BAD_REQUEST, f'"streak" must be 0..{MAX_STREAK}')
    return int(text)


async def _player_id(request: web.Request) -> str:
    return (await asker(request)).player_id


def _json(data: dict[str, Any]) -> web.Response:
    return web.json_response(data, headers={"Cache-Control": "no-store"})


@store_route
async def get_next(request: web.Request) -> web.Response:
    await check_rate(request, 1)
    return _json(await request.app[PUZZLES].next(
        await _player_id(request), _query_word(request, "variant"),
        _query_word(request, "theme"), _streak(request)))


@store_route
async def get_daily(request: web.Request) -> web.Response:
    return _json(await request.app[PUZZLES].daily(await _player_id(request)))


@store_route
async def get_puzzle(request: web.Request) -> web.Response:
    await check_rate(request, 1)
    return _json(await request.app[PUZZLES].puzzle(await _player_id(request),
                                                   request.match_info["puzzle_id"]))


@store_route
async def post_move(request: web.Request) -> web.Response:
    await check_rate(request, 0)
    body = decode(await read_body(request), MovesBody)
    return _json(await request.app[PUZZLES].move(
        await _player_id(request), request.match_info["puzzle_id"], body.moves))


@store_route
async def post_give_up(request: web.Request) -> web.Response:
    await check_rate(request, 0)
    return _json(await request.app[PUZZLES].give_up(await _player_id(request),
                                                    request.match_info["puzzle_id"]))


@store_route
async def get_solution(request: web.Request) -> web.Response:
    return _json(await request.app[PUZZLES].solution(await _player_id(request),
                                                     request.match_info["puzzle_id"]))


@store_route
async def get_history(request: web.Request) -> web.Response:
    before, limit = page_query(request)
    return _json(await request.app[PUZZLES].history(await _player_id(request), limit, before))


@store_route
async def get_of_game(request: web.Request) -> web.Response:
    return _json(await request.app[PUZZLES].of_game(request.match_info["game_id"]))


def setup(app: web.Application) -> None:
    app.cleanup_ctx.append(puzzle_limits_context)
    app.router.add_get("/api/puzzles/next", get_next)
    app.router.add_get("/api/puzzles/daily", get_daily)
    app.router.add_get("/api/puzzles/history", get_history)
    app.router.add_get("/api/puzzles/from-game/{game_id}", get_of_game)
    app.router.add_get("/api/puzzles/{puzzle_id}", get_puzzle)
    app.router.add_post("/api/puzzles/{puzzle_id}/move", post_move)
    app.router.add_post("/api/puzzles/{puzzle_id}/give-up", post_give_up)
    app.router.add_get("/api/puzzles/{puzzle_id}/solution", get_solution)
    app.router.add_get("/puzzles", index_page)
    app.router.add_get("/puzzles/{puzzle_id}", index_page)
