"""HTTP routes for reviews (docs/protocol.md §2, analysis): analyse a finished game, read the
analysis, search one position for the analysis board, import a record into it; and the client
pages of both (``/g/{id}``, ``/analysis``)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from aiohttp import web

from engine.board import Board
from engine.errors import EngineError
from engine.formats import FORMATS, import_record
from engine.notation import split_game

from ..analysis.service import BOARD_MULTIPV_MAX
from ..platform.errors import ArenaError, ErrorCode, from_engine
from ..platform.ip_limits import ip_limit
from ..players.store_sql.archive import find_game
from .bodies import parse_variant, read_body
from .context import ANALYSIS, ARENA, SETTINGS, SQL
from .guard import bad_request, json_errors
from .pages import index_page
from .players import archive_record, store_route
from .proxy import client_address

NDJSON = "application/x-ndjson"


ANALYSIS_LIMITS = web.AppKey("analysis_limits", tuple)  # (analyses, board searches): IpLimit | None


async def analysis_limits_context(app: web.Application) -> AsyncIterator[None]:
    """The per-address limits of analyses, counted in the store every node shares."""
    settings, limiter = app[SETTINGS], app[ARENA].ip_limiter
    app[ANALYSIS_LIMITS] = (ip_limit(limiter, "analyses", settings.analyses_per_minute),
                            ip_limit(limiter, "board", settings.board_searches_per_minute))
    yield


async def check_analysis_rate(request: web.Request) -> None:
    limiter = request.app[ANALYSIS_LIMITS][0]
    if limiter is not None and not await limiter.take(client_address(request)):
        raise ArenaError(ErrorCode.RATE_LIMITED, "too many analysis requests; wait a minute")


async def check_board_rate(request: web.Request) -> None:
    """The analysis board asks for every position a player steps through: its own, larger
    limit (a search is cheap to cancel, and at most two of one address run at once)."""
    limiter = request.app[ANALYSIS_LIMITS][1]
    if limiter is not None and not await limiter.take(client_address(request)):
        raise ArenaError(ErrorCode.RATE_LIMITED, "too many positions analysed; wait a minute")


async def finished_record(request: web.Request) -> dict[str, Any]:
    """The game named by the path's ``game_id``: its record in Redis (a room id or an
    archive id, kept ``RECORD_TTL_S``), else the SQL archive's copy (an archive id, kept for
    good), so an old game stays analysable from its review page."""
    game_id = request.match_info["game_id"]
    try:
        return await request.app[ANALYSIS].finished_game(game_id)
    except ArenaError as error:
        if error.code is not ErrorCode.ROOM_NOT_FOUND:
            raise
        game = await find_game(request.app[SQL], game_id)
        if game is None:
            raise
        return archive_record(game)


@store_route
async def post_game_analysis(request: web.Request) -> web.Response:
    """202 while the analysis is queued or running, 200 with it when it is done."""
    await check_analysis_rate(request)
    document = await request.app[ANALYSIS].request(await finished_record(request))
    return web.json_response(document, status=200 if document["status"] == "done" else 202)


@store_route
async def get_game_analysis(request: web.Request) -> web.Response:
    document = await request.app[ANALYSIS].status(await finished_record(request))
    return web.json_response(document)


@json_errors
async def post_analyse(request: web.Request) -> web.StreamResponse:
    """One position for the analysis board: ``{variant, moves, multipv, stream}``. With
    ``stream``, an NDJSON response: the answer after each depth, the last one ``final``."""
    await check_board_rate(request)
    body = await read_body(request)
    variant = parse_variant(body)
    multipv = body.get("multipv", 1)
    if isinstance(multipv, bool) or multipv not in range(1, BOARD_MULTIPV_MAX + 1):
        raise bad_request(f'"multipv" must be 1..{BOARD_MULTIPV_MAX}')
    moves = body.get("moves", [])
    if not isinstance(moves, str | list):
        raise bad_request('"moves" must be a list of moves or a string')
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise bad_request('"stream" must be true or false')
    try:
        board = Board.from_moves(variant, moves)
        tokens = split_game(board.variant, moves)
    except EngineError as error:
        raise from_engine(error) from None
    position = {"variant": variant, "moves": board.moves_str(), "turn": board.turn}
    if stream:
        return await _stream_lines(request, position, tokens, multipv)
    found = await request.app[ANALYSIS].position(variant, tokens, multipv)
    return web.json_response(position | found.to_dict())


async def _stream_lines(request: web.Request, position: dict[str, Any], tokens: list[str],
                        multipv: int) -> web.StreamResponse:
    """Write each depth's answer as one JSON line while the client listens. A client that
    closes the response (the page asked for another position, or left) ends the search at
    the next depth; so does one that waited for a slot and left before getting it."""
    analysis = request.app[ANALYSIS]

    def gone() -> bool:
        return request.transport is None or request.transport.is_closing()

    async with analysis.board_slots.hold(client_address(request)):
        response = web.StreamResponse(headers={"Content-Type": NDJSON,
                                               "Cache-Control": "no-store"})
        await response.prepare(request)
        lines = analysis.deepen(position["variant"], tokens, multipv, gone)
        try:
            async with contextlib.aclosing(lines):
                async for found, final in lines:
                    line = position | found.to_dict() | {"final": final}
                    await response.write(json.dumps(line).encode() + b"\n")
        except ConnectionResetError:
            return response  # the client left between two depths
        except (ArenaError, EngineError) as error:  # after the headers: the stream's last line
            failure = error if isinstance(error, ArenaError) else from_engine(error)
            await response.write(json.dumps(failure.to_dict()).encode() + b"\n")
        with contextlib.suppress(ConnectionResetError):
            await response.write_eof()
        return response


@json_errors
async def post_import(request: web.Request) -> web.Response:
    """A game record pasted or loaded into the analysis board: ``{format, text, variant?}``."""
    body = await read_body(request)
    fmt, text, variant = body.get("format"), body.get("text"), body.get("variant")
    if fmt not in FORMATS:
        raise bad_request(f'"format" must be one of {", ".join(sorted(FORMATS))}')
    if not isinstance(text, str) or (variant is not None and not isinstance(variant, str)):
        raise bad_request('"text" must be a string, "variant" a variant spec or null')
    try:
        record = import_record(text, fmt, variant)
    except EngineError as error:
        raise from_engine(error) from None
    return web.json_response({"variant": record.variant, "moves": list(record.moves),
                              "first": record.first, "second": record.second,
                              "result": record.result, "opening": record.opening,
                              "opening_choices": list(record.opening_choices)})


def setup(app: web.Application) -> None:
    app.cleanup_ctx.append(analysis_limits_context)
    app.router.add_get("/g/{game_id}", index_page)
    app.router.add_post("/api/games/{game_id}/analysis", post_game_analysis)
    app.router.add_get("/api/games/{game_id}/analysis", get_game_analysis)
    app.router.add_post("/api/analyse", post_analyse)
    app.router.add_post("/api/import", post_import)
    app.router.add_get("/analysis", index_page)
