"""HTTP routes of docs/protocol.md §2f: challenge a player by name or by link, answer a
challenge, list your challenges, and the challenge's page. Handlers read and check the body,
then call server/challenges/ (every rule is there).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from aiohttp import web

from ..challenges.challenge import DECLINE_REASONS, Colour, Terms
from ..platform.clock import now_ms
from ..platform.errors import ErrorCode
from ..rooms import Opening
from ..rooms.commands import PlayerRef
from .bodies import (
    Body,
    ClockBody,
    JoinBody,
    VariantBody,
    clock_config,
    decode,
    display_name,
    read_body,
    variant_spec,
)
from .context import CHALLENGES
from .guard import json_errors
from .identity import player_of
from .pages import index_page
from .players import store_route
from .proxy import client_address
from .rooms import seat_response


class ChallengeBody(VariantBody, frozen=True):
    """POST /api/challenges."""

    codes: ClassVar[Mapping[str, ErrorCode]] = {**VariantBody.codes,
                                                "opening": ErrorCode.BAD_OPENING}
    to: str | None = None
    clock: ClockBody | None = None
    rated: bool = False
    colour: Colour = Colour.RANDOM
    opening: Opening = Opening.NONE
    name: str | None = None


class DeclineBody(Body, frozen=True):
    reason: Literal[DECLINE_REASONS] = "generic"  # type: ignore[valid-type]


def terms_of(body: ChallengeBody) -> Terms:
    """The game a challenge body asks for; its clock read as a room's is (server/http/bodies.py:
    Fischer, days per move or none; `bad_request` for a clock that is neither kind)."""
    clock = clock_config(body.clock)
    fischer = None if clock is None or clock.days else (clock.initial_ms, clock.increment_ms)
    return Terms(variant_spec(body), body.opening, fischer, clock.days if clock else None,
                 body.rated, body.colour)


async def asker(request: web.Request) -> PlayerRef:
    player = await player_of(request)
    assert player is not None  # every /api/ request carries an identity or is given one
    return player


@store_route
async def post_challenge(request: web.Request) -> web.Response:
    body = decode(await read_body(request), ChallengeBody)
    terms = terms_of(body)
    player = await asker(request)
    challenge = await request.app[CHALLENGES].create(
        player, display_name(body.name), body.to, terms, client_address(request))
    return web.json_response({"id": challenge.id, "url": challenge.public(now_ms())["url"],
                              "challenge": challenge.public(now_ms(), player.player_id)},
                             status=201)


@json_errors
async def get_challenges(request: web.Request) -> web.Response:
    return web.json_response(await request.app[CHALLENGES].lists(await asker(request)))


@json_errors
async def get_challenge(request: web.Request) -> web.Response:
    challenge = await request.app[CHALLENGES].get(request.match_info["challenge_id"])
    return web.json_response(challenge.public(now_ms(), (await asker(request)).player_id))


@store_route
async def post_accept(request: web.Request) -> web.Response:
    body = decode(await read_body(request), JoinBody)
    player = await asker(request)
    state, token = await request.app[CHALLENGES].accept(
        request.match_info["challenge_id"], player, display_name(body.name))
    seat = next(n for n in (1, 2) if (s := state.seat(n)) is not None
                and s.player_id == player.player_id)
    return web.json_response(seat_response(state, seat, token))


async def answered(request: web.Request, answer: Any) -> web.Response:
    return web.json_response(answer.public(now_ms(), (await asker(request)).player_id))


@store_route
async def post_decline(request: web.Request) -> web.Response:
    body = decode(await read_body(request), DeclineBody)
    return await answered(request, await request.app[CHALLENGES].decline(
        request.match_info["challenge_id"], await asker(request), body.reason))


@json_errors
async def post_cancel(request: web.Request) -> web.Response:
    await read_body(request)
    return await answered(request, await request.app[CHALLENGES].cancel(
        request.match_info["challenge_id"], await asker(request)))


def setup(app: web.Application) -> None:
    app.router.add_post("/api/challenges", post_challenge)
    app.router.add_get("/api/challenges", get_challenges)
    app.router.add_get("/api/challenges/{challenge_id}", get_challenge)
    app.router.add_post("/api/challenges/{challenge_id}/accept", post_accept)
    app.router.add_post("/api/challenges/{challenge_id}/decline", post_decline)
    app.router.add_post("/api/challenges/{challenge_id}/cancel", post_cancel)
    app.router.add_get("/challenge/{challenge_id}", index_page)
