"""HTTP routes of docs/protocol.md §2 for rooms: create, join, cancel and find rooms, quick play,
the lobby, export a room's games, its QR code.

Handlers validate the request, then go through `RoomService` like every other change. Every
refusal is JSON `{"error": code, "message": ...}` with the status of server/platform/errors.py.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from aiohttp import web
from redis.exceptions import LockError

from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.keys import new_room_id, quickplay_lock_key
from ..platform.tokens import hash_token, new_token, same_hash
from ..play.arena import Arena
from ..play.lobby import open_rooms
from ..play.repository import game_record
from ..rooms import ClockConfig, Mode, Opening, RoomState, Status, commands, new_room, public_state
from .bodies import (
    CancelBody,
    GameBody,
    JoinBody,
    RoomBody,
    clock_config,
    decode,
    display_name,
    rating_range,
    read_body,
    variant_spec,
)
from .context import ARENA, RELATIONS
from .exports import export_response
from .guard import bad_request, json_errors
from .identity import player_of
from .pages import index_page
from .proxy import client_address, public_origin
from .qr import qr_svg

log = logging.getLogger(__name__)

LIST_LIMIT = 50
QUICKPLAY_LOCK_S = 5.0  # the longest a quickplay waits for (or holds) its kind of game









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
        creator=player, rated=body.rated, opening=body.opening,
        rating_range=rating_range(body.rating_range))
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
    clock_key = "none" if clock is None else clock.key
    lock = arena.repo.redis.lock(quickplay_lock_key(variant, clock_key), timeout=QUICKPLAY_LOCK_S,
                                 blocking_timeout=QUICKPLAY_LOCK_S)
    try:
        async with lock:
            return await quickplay(request, arena, raw, (variant, clock, name, body.rated))
    except LockError:
        raise ArenaError(ErrorCode.CONFLICT, "many players are looking for a game; try again") \
            from None


async def blocked_host(request: web.Request, state: RoomState,
                       player: commands.PlayerRef | None) -> bool:
    """Is the waiting host of `state` blocked by `player`, or blocking them? Quick play never
    pairs the two (server/relations/)."""
    host = next((s.player_id for s in state.seats if s is not None), None)
    return player is not None and await request.app[RELATIONS].blocked_between(
        host, player.player_id)


async def quickplay(request: web.Request, arena: Arena, raw: dict[str, Any],
                    wanted: tuple[str, ClockConfig | None, str | None, bool]) -> web.Response:
    variant, clock, name, rated = wanted  # a rated quickplay meets only rated rooms, opens one
    player = await player_of(request)
    standing = player.standing(variant) if player is not None else None
    for state in await open_rooms(arena.repo, arena.presence, LIST_LIMIT):
        if state.variant == variant and state.clock_config == clock and state.rated == rated \
                and state.opening is Opening.NONE and (state.rating_range is None or (
                    standing is not None and state.rating_range.admits(standing.rating))) \
                and not await blocked_host(request, state, player):
            try:
                return web.json_response(
                    await join_room(arena, state.room_id, name, player) | {"matched": True})
            except ArenaError as error:
                if error.code not in (ErrorCode.SEAT_TAKEN, ErrorCode.ROOM_NOT_FOUND):
                    raise
    await check_creation_rate(request)
    opened = decode(raw | {"your_side": "random", "public": True, "opponent": "human",
                          "opening": "none"},
                    RoomBody)
    created = await create_room(arena, opened, player)
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


def clock_summary(clock: ClockConfig | None) -> dict[str, Any] | None:
    """A room's time control in seconds, as the lobby lists it (a daily one also in `days`)."""
    if clock is None:
        return None
    data: dict[str, Any] = {"initial_s": clock.initial_ms / 1000,
                            "increment_s": clock.increment_ms / 1000}
    if clock.days:
        data["days"] = clock.days
    return data


def summary(state: RoomState) -> dict[str, Any]:
    host = next((s.name for s in state.seats if s is not None), None)
    data: dict[str, Any] = {
        "room_id": state.room_id, "url": room_url(state.room_id), "variant": state.variant,
        "clock": clock_summary(state.clock_config), "host": host,
        "created_at": state.created_at, "rated": state.rated, "opening": state.opening.value,
        "seats": state.public_seats(),
        "rating_range": state.rating_range.to_dict() if state.rating_range else None}
    if state.status is Status.WAITING:
        data["free_seat"] = state.free_seat()
    else:
        data |= {"status": state.status.value, "mode": state.mode.value,
                 "moves": len(state.moves)}
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




@json_errors
async def get_online(request: web.Request) -> web.Response:
    return web.json_response({"online": await request.app[ARENA].presence.online()})








def setup(app: web.Application) -> None:
    app.router.add_post("/api/rooms", post_room)
    app.router.add_get("/api/rooms", list_rooms)
    app.router.add_get("/api/rooms/{room_id}", get_room)
    app.router.add_post("/api/rooms/{room_id}/join", post_join)
    app.router.add_post("/api/rooms/{room_id}/cancel", post_cancel)
    app.router.add_get("/api/rooms/{room_id}/export", export_room_game)
    app.router.add_get("/api/rooms/{room_id}/qr.svg", get_room_qr)
    app.router.add_post("/api/quickplay", post_quickplay)
    app.router.add_get("/api/online", get_online)
    app.router.add_get("/r/{room_id}", index_page)
