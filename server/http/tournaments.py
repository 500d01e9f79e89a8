"""HTTP routes of docs/tournaments.md ("HTTP"): create a tournament, join and leave it, read it
and list them, and the pages `/tournaments` and `/tournament/{id}`. Handlers read and check
the body, then call server/tournaments/ (every rule is there).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Annotated, ClassVar, Literal

import msgspec
from aiohttp import web

from ..platform.errors import ArenaError, ErrorCode
from ..platform.user_text import TextError, clean_title
from ..rooms import Opening
from ..rooms.clock import MAX_INCREMENT_S, MAX_INITIAL_S
from ..rooms.commands import PlayerRef
from ..rooms.opening import check_opening
from ..tournaments.results import Format
from ..tournaments.tournament import Terms, password_hash
from .bodies import Body, VariantBody, decode, read_body, variant_spec
from .context import TOURNAMENTS
from .identity import player_of
from .pages import index_page
from .players import store_route
from .proxy import client_address

MAX_NAME = 60
DEFAULT_DELAY = timedelta(minutes=1)  # `starts_at: null`: in a minute
MAX_AHEAD = timedelta(days=30)
LATE_START = timedelta(minutes=1)     # a start a little in the past is taken as "now"


class TournamentClock(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    initial_s: Annotated[float, msgspec.Meta(ge=1, le=MAX_INITIAL_S)]
    increment_s: Annotated[float, msgspec.Meta(ge=0, le=MAX_INCREMENT_S)] = 0


class TournamentBody(VariantBody, frozen=True, kw_only=True):
    """POST /api/tournaments."""

    codes: ClassVar[Mapping[str, ErrorCode]] = {**VariantBody.codes,
                                                "opening": ErrorCode.BAD_OPENING}
    format: Format
    name: str
    clock: TournamentClock
    opening: Opening = Opening.NONE
    rated: bool = False
    berserk: bool = True  # an arena's players may berserk
    starts_at: str | None = None
    minutes: Annotated[int, msgspec.Meta(ge=1, le=24 * 60)] | None = None
    rounds: Annotated[int, msgspec.Meta(ge=1, le=30)] | None = None
    cycles: Literal[1, 2] | None = None
    password: Annotated[str, msgspec.Meta(min_length=1, max_length=64)] | None = None


class PasswordBody(Body, frozen=True):
    password: Annotated[str, msgspec.Meta(max_length=64)] | None = None


def starts_at(text: str | None, now: datetime) -> int:
    """The start, epoch ms, from ISO 8601 (UTC when no offset is given)."""
    if text is None:
        return int((now + DEFAULT_DELAY).timestamp() * 1000)
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise ArenaError(ErrorCode.BAD_REQUEST,
                         '"starts_at" must be a date and time in ISO 8601 '
                         '(2026-12-01T18:00:00Z), or null for in a minute') from None
    when = when if when.tzinfo else when.replace(tzinfo=UTC)
    if when < now - LATE_START or when > now + MAX_AHEAD:
        raise ArenaError(ErrorCode.BAD_REQUEST,
                         '"starts_at" must be from now to 30 days ahead')
    return int(max(when, now).timestamp() * 1000)


def terms_of(body: TournamentBody) -> Terms:
    variant = variant_spec(body)
    try:
        check_opening(variant, body.opening)
        name = clean_title(body.name, MAX_NAME)
    except TextError as error:
        raise ArenaError(ErrorCode.BAD_REQUEST, str(error)) from None
    except ValueError as error:
        raise ArenaError(ErrorCode.BAD_OPENING, str(error)) from None
    needed = {Format.ARENA: ("minutes", body.minutes), Format.SWISS: ("rounds", body.rounds),
              Format.ROUND_ROBIN: ("cycles", body.cycles or 1)}[body.format]
    if needed[1] is None:
        raise ArenaError(ErrorCode.BAD_REQUEST, f'{body.format.value} needs "{needed[0]}"')
    clock = body.clock
    return Terms(body.format, name, variant, body.opening.value, round(clock.initial_s * 1000),
                 round(clock.increment_s * 1000), body.rated,
                 starts_at(body.starts_at, datetime.now(UTC)), minutes=body.minutes or 0,
                 rounds=body.rounds or 0, cycles=body.cycles or 1,
                 password_hash=password_hash(body.password),
                 berserk=body.berserk and body.format is Format.ARENA)


async def asker(request: web.Request) -> PlayerRef:
    player = await player_of(request)
    assert player is not None  # every /api/ request carries an identity or is given one
    return player


@store_route
async def post_tournament(request: web.Request) -> web.Response:
    terms = terms_of(decode(await read_body(request), TournamentBody))
    t = await request.app[TOURNAMENTS].service.create(await asker(request), terms,
                                                      client_address(request))
    return web.json_response({"id": t.id, "url": f"/tournament/{t.id}"}, status=201)


@store_route
async def get_tournaments(request: web.Request) -> web.Response:
    return web.json_response(await request.app[TOURNAMENTS].service.lists())


@store_route
async def get_tournament(request: web.Request) -> web.Response:
    player = await asker(request)
    return web.json_response(await request.app[TOURNAMENTS].service.page(
        request.match_info["tournament_id"], player.player_id))


@store_route
async def post_join(request: web.Request) -> web.Response:
    body = decode(await read_body(request), PasswordBody)
    player = await asker(request)
    service = request.app[TOURNAMENTS].service
    await service.join(request.match_info["tournament_id"], player, body.password)
    return web.json_response(await service.page(request.match_info["tournament_id"],
                                                player.player_id))


@store_route
async def post_leave(request: web.Request) -> web.Response:
    await read_body(request)
    player = await asker(request)
    service = request.app[TOURNAMENTS].service
    await service.leave(request.match_info["tournament_id"], player)
    return web.json_response(await service.page(request.match_info["tournament_id"],
                                                player.player_id))


def setup(app: web.Application) -> None:
    app.router.add_post("/api/tournaments", post_tournament)
    app.router.add_get("/api/tournaments", get_tournaments)
    app.router.add_get("/api/tournaments/{tournament_id}", get_tournament)
    app.router.add_post("/api/tournaments/{tournament_id}/join", post_join)
    app.router.add_post("/api/tournaments/{tournament_id}/leave", post_leave)
    app.router.add_get("/tournaments", index_page)
    app.router.add_get("/tournament/{tournament_id}", index_page)
