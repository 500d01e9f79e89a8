"""`GET /api/variants` and `/api/variants/{spec}`: the boards a room can be played on, from
engine/variants.py (the one definition), so a client draws any board without a copy of the
rules (docs/protocol.md §2)."""

from __future__ import annotations

from aiohttp import web

from engine.errors import VariantError
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

from ..platform.errors import ArenaError, ErrorCode
from ..rooms.opening import openings_for
from .guard import json_errors


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


def setup(app: web.Application) -> None:
    app.router.add_get("/api/variants", list_variants)
    app.router.add_get("/api/variants/{spec}", describe_variant)
