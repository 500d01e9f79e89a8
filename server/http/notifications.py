"""HTTP routes of docs/protocol.md §2e: a player's notifications and their read state, and the
notifications page. The live side is the player socket, `/ws/me` (server/sockets/player_socket.py).
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from aiohttp import web

from ..notifications.service import PAGE_MAX, SNAPSHOT_ITEMS
from ..platform.errors import ArenaError, ErrorCode
from ..rooms.commands import PlayerRef
from .bodies import Body, decode, read_body
from .context import NOTIFICATIONS
from .identity import player_of
from .pages import index_page
from .players import store_route


class ReadBody(Body, frozen=True):
    """POST /api/notifications/read: the ids to mark read; without `ids`, all of them."""

    ids: Annotated[list[int], msgspec.Meta(max_length=PAGE_MAX)] | None = None


async def asker(request: web.Request) -> PlayerRef:
    player = await player_of(request)
    assert player is not None  # every /api/ request carries an identity or is given one
    return player


def page_query(request: web.Request) -> tuple[int | None, int]:
    try:
        before = request.query.get("before")
        limit = int(request.query.get("limit", SNAPSHOT_ITEMS))
        cursor = None if before is None else int(before)
    except ValueError:
        raise ArenaError(ErrorCode.BAD_REQUEST,
                         '"before" and "limit" must be whole numbers') from None
    if not 1 <= limit <= PAGE_MAX:
        raise ArenaError(ErrorCode.BAD_REQUEST, f'"limit" must be 1..{PAGE_MAX}')
    return cursor, limit


@store_route
async def get_notifications(request: web.Request) -> web.Response:
    before, limit = page_query(request)
    player = await asker(request)
    page = await request.app[NOTIFICATIONS].notifier.page(player.player_id, limit, before)
    return web.json_response(page)


@store_route
async def post_read(request: web.Request) -> web.Response:
    body = decode(await read_body(request), ReadBody)
    player = await asker(request)
    unread = await request.app[NOTIFICATIONS].notifier.mark_read(player.player_id,
                                                                  ids=body.ids)
    return web.json_response({"unread": unread})


def setup(app: web.Application) -> None:
    app.router.add_get("/api/notifications", get_notifications)
    app.router.add_post("/api/notifications/read", post_read)
    app.router.add_get("/notifications", index_page)
