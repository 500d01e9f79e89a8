"""HTTP routes of docs/protocol.md §2: create, join and find rooms, export games, metrics.

Handlers validate the request, then go through `RoomService` like every other change. Every
refusal is JSON `{"error": code, "message": ...}` with the status of server/errors.py.
"""

from __future__ import annotations

import logging
import secrets
from collections import Counter
from typing import Any

from aiohttp import web
from redis.exceptions import LockError

from engine.errors import EngineError, VariantError
from engine.variants import (
    CUSTOM_SPEC,
    MAX_K,
    MAX_SIZE,
    MIN_K,
    MIN_SIZE,
    Rule,
    get_variant,
    named_variants,
)

from . import ws
from .arena import ARENA, Arena, arena_context, close_sockets
from .bodies import (
    CancelBody,
    GameBody,
    JoinBody,
    RoomBody,
    VariantBody,
    clock_config,
    decode,
    display_name,
    variant_spec,
)
from .clock import now_ms
from .errors import ArenaError, ErrorCode, from_engine
from .exports import CONTENT_TYPES, export_game
from .http_guard import Handler, json_api_errors, same_origin_writes
from .identity import player_of
from .keys import new_room_id, quickplay_lock_key
from .levels import get_levels
from .lobby import open_rooms
from .pages import index_page
from .proxy import client_address, public_origin
from .qr import qr_svg
from .repository import game_record
from .rooms import (
    ClockConfig,
    Mode,
    Opening,
    RoomState,
    Status,
    commands,
    new_room,
    public_state,
)
from .rooms.opening import openings_for
from .tokens import hash_token, new_token, same_hash
from .user_text import loads_strict

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 4096
LIST_LIMIT = 50
QUICKPLAY_LOCK_S = 5.0  # the longest a quickplay waits for (or holds) its kind of game

def json_errors(handler: Handler) -> Handler:
    async def wrapped(request: web.Request) -> web.StreamResponse:
        try:
            return await handler(request)
        except ArenaError as error:
            request.app[ARENA].metrics.errors.labels(code=error.code.value).inc()
            return web.json_response(error.to_dict(), status=error.http_status)
        except web.HTTPException:
            raise
        except Exception:
            log.exception("%s %s failed", request.method, request.path)
            error = ArenaError(ErrorCode.INTERNAL_ERROR, "the server failed; nothing changed")
            return web.json_response(error.to_dict(), status=error.http_status)
    return wrapped


def bad_request(message: str) -> ArenaError:
    return ArenaError(ErrorCode.BAD_REQUEST, message)


async def read_body(request: web.Request) -> dict[str, Any]:
    if (request.content_length or 0) > MAX_BODY_BYTES:
        raise ArenaError(ErrorCode.BODY_TOO_LARGE, f"bodies are at most {MAX_BODY_BYTES} bytes")
    raw = await request.content.read(MAX_BODY_BYTES + 1)
    if len(raw) > MAX_BODY_BYTES:
        raise ArenaError(ErrorCode.BODY_TOO_LARGE, f"bodies are at most {MAX_BODY_BYTES} bytes")
    if not raw.strip():
        return {}
    try:
        body = loads_strict(raw)
    except (ValueError, RecursionError):
        raise bad_request("the body must be JSON in UTF-8, without lone surrogates") from None
    if not isinstance(body, dict):
        raise bad_request("the body must be a JSON object")
    return body


def parse_variant(body: dict[str, Any]) -> str:
    """The canonical variant spec a body asks for (`variant`, or a custom `board`)."""
    return variant_spec(decode(body, VariantBody))


async def check_creation_rate(request: web.Request) -> None:
    limiter = request.app[ARENA].creation_limiter
    if limiter is not None and not await limiter.take(client_address(request)):
        raise ArenaError(ErrorCode.RATE_LIMITED, "too many rooms created; wait a minute")


def room_url(room_id: str) -> str:
    return f"/r/{room_id}"


def seat_response(state: RoomState, seat: int | None, token: str | None,
                  **extra: Any) -> dict[str, Any]:
    return {"room_id": state.room_id, "url": room_url(state.room_id), "seat": seat,
            "token": token, "state": public_state(state), **extra}


async def create_room(arena: Arena, body: RoomBody,
                      player: commands.PlayerRef | None = None) -> dict[str, Any]:
    variant = variant_spec(body)
    mode = Mode(body.opponent)
    seat = {"first": 1, "second": 2}.get(body.your_side) or 1 + secrets.randbelow(2)
    token = None if mode is Mode.AI_VS_AI else new_token()
    state = new_room(
        room_id=new_room_id(), variant=variant, mode=mode, public=body.public, now=now_ms(),
        creator_seat=None if token is None else seat, creator_name=display_name(body.name),
        token_hash=hash_token(token) if token else None, ai_level=body.ai_level,
        clock=clock_config(body.clock),
        idle_claim_ms=arena.settings.idle_claim_after_s * 1000 or None,
        creator=player, rated=body.rated, opening=body.opening)
    await arena.service.create(state)
    return seat_response(state, None if token is None else seat, token)


async def join_room(arena: Arena, room_id: str, name: str | None,
                    player: commands.PlayerRef | None = None) -> dict[str, Any]:
    token = new_token()
    token_hash = hash_token(token)
    transition = await arena.service.execute(
        room_id, lambda _state: commands.Join(token_hash, name, player))
    seat = next(e["seat"] for e in transition.events if e["type"] == "seat_taken")
    return seat_response(transition.state, seat, token)


@json_errors
async def post_room(request: web.Request) -> web.Response:
    body = decode(await read_body(request), RoomBody)
    await check_creation_rate(request)
    return web.json_response(
        await create_room(request.app[ARENA], body, await player_of(request)), status=201)


@json_errors
async def post_join(request: web.Request) -> web.Response:
    body = decode(await read_body(request), JoinBody)
    result = await join_room(request.app[ARENA], request.match_info["room_id"],
                             display_name(body.name), await player_of(request))
    return web.json_response(result)


@json_errors
async def post_quickplay(request: web.Request) -> web.Response:
    """Join the oldest public room waiting for the same variant and clock, or open one.
    One quickplay per kind of game at a time, across nodes: two players asking at the same
    instant would otherwise both find no room, and each wait alone in a room of their own."""
    arena = request.app[ARENA]
    raw = await read_body(request)
    body = decode(raw, GameBody)
    variant, clock, name = variant_spec(body), clock_config(body.clock), display_name(body.name)
    clock_key = "none" if clock is None else f"{clock.initial_ms}+{clock.increment_ms}"
    lock = arena.repo.redis.lock(quickplay_lock_key(variant, clock_key), timeout=QUICKPLAY_LOCK_S,
                                 blocking_timeout=QUICKPLAY_LOCK_S)
    try:
        async with lock:
            return await quickplay(request, arena, raw, (variant, clock, name, body.rated))
    except LockError:
        raise ArenaError(ErrorCode.CONFLICT, "many players are looking for a game; try again") \
            from None


async def quickplay(request: web.Request, arena: Arena, raw: dict[str, Any],
                    wanted: tuple[str, ClockConfig | None, str | None, bool]) -> web.Response:
    variant, clock, name, rated = wanted  # a rated quickplay meets only rated rooms, opens one
    for state in await open_rooms(arena.repo, arena.presence, LIST_LIMIT):
        if state.variant == variant and state.clock_config == clock and state.rated == rated \
                and state.opening is Opening.NONE:
            try:
                return web.json_response(
                    await join_room(arena, state.room_id, name, await player_of(request))
                    | {"matched": True})
            except ArenaError as error:
                if error.code not in (ErrorCode.SEAT_TAKEN, ErrorCode.ROOM_NOT_FOUND):
                    raise
    await check_creation_rate(request)
    opened = decode(raw | {"your_side": "random", "public": True, "opponent": "human",
                          "opening": "none"},
                    RoomBody)
    created = await create_room(arena, opened, await player_of(request))
    return web.json_response(created | {"matched": False})


@json_errors
async def post_cancel(request: web.Request) -> web.Response:
    """The host closes a room nobody has joined (the token in the body proves the seat)."""
    token_hash = hash_token(decode(await read_body(request), CancelBody).token)

    def cancel(state: RoomState) -> commands.Cancel:
        seat = state.seat_of_token_hash(token_hash, same_hash)
        if seat is None:
            raise ArenaError(ErrorCode.BAD_TOKEN, "this token holds no seat in this room")
        return commands.Cancel(seat)

    transition = await request.app[ARENA].service.execute(request.match_info["room_id"], cancel)
    return web.json_response(public_state(transition.state))


@json_errors
async def get_room(request: web.Request) -> web.Response:
    state = await request.app[ARENA].repo.load(request.match_info["room_id"])
    return web.json_response(public_state(state))


@json_errors
async def get_room_qr(request: web.Request) -> web.Response:
    """The room's link as an SVG QR code, for a phone to scan."""
    state = await request.app[ARENA].repo.load(request.match_info["room_id"])
    return web.Response(body=qr_svg(public_origin(request) + room_url(state.room_id)),
                        content_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})


def summary(state: RoomState) -> dict[str, Any]:
    clock = state.clock_config
    host = next((s.name for s in state.seats if s is not None), None)
    data: dict[str, Any] = {
        "room_id": state.room_id, "url": room_url(state.room_id), "variant": state.variant,
        "clock": {"initial_s": clock.initial_ms / 1000, "increment_s": clock.increment_ms / 1000}
        if clock else None, "host": host, "created_at": state.created_at,
        "rated": state.rated, "opening": state.opening.value}
    if state.status is Status.WAITING:
        data["free_seat"] = state.free_seat()
    else:
        data |= {"status": state.status.value, "mode": state.mode.value,
                 "moves": len(state.moves), "seats": state.public_seats()}
    return data


@json_errors
async def list_rooms(request: web.Request) -> web.Response:
    arena = request.app[ARENA]
    wanted = request.query.get("variant")
    rooms = await (open_rooms(arena.repo, arena.presence, LIST_LIMIT)
                   if request.query.get("open") == "1" else arena.repo.live(LIST_LIMIT))
    return web.json_response({"rooms": [summary(state) for state in rooms
                                        if wanted is None or state.variant == wanted]})


@json_errors
async def export_room_game(request: web.Request) -> web.Response:
    arena = request.app[ARENA]
    room_id = request.match_info["room_id"]
    game = request.query.get("game")
    if game is not None and not game.isdigit():
        raise bad_request('"game" must be a game number')
    record = None
    state = await arena.repo.find(room_id)
    if state is not None and (game is None or int(game) == state.game_no):
        record = game_record(state)
    else:
        record = await arena.repo.record(room_id, None if game is None else int(game))
    if record is None:
        raise ArenaError(ErrorCode.ROOM_NOT_FOUND, "no such room or game")
    return export_response(record, request.query.get("format", "text"))


def export_response(record: dict[str, Any], fmt: str) -> web.Response:
    """A stored game record as JSON or in one of the ``engine.formats`` formats."""
    if fmt == "json":
        return web.json_response(record)
    if fmt not in CONTENT_TYPES:
        raise bad_request('"format" must be text, sgf, psq or json')
    try:
        text = export_game(record, fmt)
    except EngineError as error:
        raise from_engine(error) from None
    return web.Response(text=text, content_type=CONTENT_TYPES[fmt], charset="utf-8")


@json_errors
async def get_online(request: web.Request) -> web.Response:
    return web.json_response({"online": await request.app[ARENA].presence.online()})


async def list_variants(request: web.Request) -> web.Response:
    """Every variant a room can be created with by name, and how to ask for a custom board."""
    return web.json_response({
        "variants": [v.to_dict() | {"openings": [o.value for o in openings_for(v.spec)]}
                     for v in named_variants()],
        "custom": {"spec": CUSTOM_SPEC, "rows": [MIN_SIZE, MAX_SIZE],
                   "cols": [MIN_SIZE, MAX_SIZE], "k": [MIN_K, MAX_K],
                   "rules": [rule.value for rule in Rule], "gravity": [False, True]}})


@json_errors
async def describe_variant(request: web.Request) -> web.Response:
    """The board of any variant spec (a custom one too), so a page can draw a game of any
    variant without knowing the spec grammar."""
    try:
        variant = get_variant(request.match_info["spec"])
    except VariantError as error:
        raise ArenaError(ErrorCode.BAD_VARIANT, str(error)) from None
    return web.json_response(variant.to_dict())


async def metrics(request: web.Request) -> web.Response:
    arena = request.app[ARENA]
    by_status = Counter()
    for room_id in list(arena.presence.local):
        state = await arena.repo.find(room_id)
        if state is not None:
            by_status[state.status.value] += 1
    for status in Status:
        arena.metrics.rooms.labels(status=status.value).set(by_status[status.value])
    return web.Response(body=arena.metrics.render(),
                        headers={"Content-Type": arena.metrics.content_type})


def setup(app: web.Application) -> None:
    """Register the game server: its services (after the Redis client) and its routes."""
    app.cleanup_ctx.append(arena_context)
    app.on_shutdown.append(close_sockets)
    app.middlewares.append(json_api_errors)
    app.middlewares.append(same_origin_writes)
    app.router.add_post("/api/rooms", post_room)
    app.router.add_get("/api/rooms", list_rooms)
    app.router.add_get("/api/rooms/{room_id}", get_room)
    app.router.add_post("/api/rooms/{room_id}/join", post_join)
    app.router.add_post("/api/rooms/{room_id}/cancel", post_cancel)
    app.router.add_get("/api/rooms/{room_id}/export", export_room_game)
    app.router.add_get("/api/rooms/{room_id}/qr.svg", get_room_qr)
    app.router.add_post("/api/quickplay", post_quickplay)
    app.router.add_get("/api/variants", list_variants)
    app.router.add_get("/api/variants/{spec}", describe_variant)
    app.router.add_get("/api/online", get_online)
    app.router.add_get("/api/levels", get_levels)
    app.router.add_get("/ws/{room_id}", ws.websocket)
    app.router.add_get("/r/{room_id}", index_page)
    app.router.add_get("/metrics", metrics)
