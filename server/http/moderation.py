"""HTTP routes of docs/protocol.md §2h: report a player; the moderators' reports queue, marking
a report handled, muting and closing accounts; the moderator page. The rules are
server/moderation/'s.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from aiohttp import web

from ..moderation.service import REASONS, REPORT_TEXT_CHARS
from ..platform.errors import ArenaError, ErrorCode
from ..platform.user_text import TextError, check_chat_line
from .bodies import Body, decode, read_body
from .context import MODERATION
from .identity import player_of
from .pages import index_page
from .players import store_route
from .proxy import client_address


class ReportBody(Body, frozen=True):
    """POST /api/report."""

    username: str
    reason: Literal[REASONS]  # type: ignore[valid-type]
    text: Annotated[str, msgspec.Meta(max_length=REPORT_TEXT_CHARS)] = ""
    room_id: Annotated[str, msgspec.Meta(max_length=32)] | None = None


class MuteBody(Body, frozen=True):
    muted: bool


def report_text(text: str) -> str:
    """The report's words, trimmed: lines of what a chat line may hold (no control characters
    or bidirectional overrides), else `bad_request`."""
    try:
        for line in text.splitlines():
            check_chat_line(line)
    except TextError as error:
        raise ArenaError(ErrorCode.BAD_REQUEST, str(error)) from None
    return text.strip()


@store_route
async def post_report(request: web.Request) -> web.Response:
    body = decode(await read_body(request), ReportBody)
    text = report_text(body.text)
    report_id = await request.app[MODERATION].report(
        await player_of(request), body.username, body.reason, text, body.room_id,
        client_address(request))
    return web.json_response({"id": report_id}, status=201)


@store_route
async def get_reports(request: web.Request) -> web.Response:
    handled = request.query.get("handled", "0")
    if handled not in ("0", "1"):
        raise ArenaError(ErrorCode.BAD_REQUEST, '"handled" is 0 or 1')
    return web.json_response({"reports": await request.app[MODERATION].reports(
        await player_of(request), handled == "1")})


@store_route
async def post_handled(request: web.Request) -> web.Response:
    try:
        report_id = int(request.match_info["report_id"])
    except ValueError:
        raise ArenaError(ErrorCode.REPORT_NOT_FOUND, "no such report") from None
    await read_body(request)
    await request.app[MODERATION].handle(await player_of(request), report_id)
    return web.json_response({"id": report_id, "handled": True})


@store_route
async def post_mute(request: web.Request) -> web.Response:
    body = decode(await read_body(request), MuteBody)
    standing = await request.app[MODERATION].mute(
        await player_of(request), request.match_info["username"], body.muted)
    return web.json_response({"username": standing.username, "muted": standing.muted})


@store_route
async def post_close(request: web.Request) -> web.Response:
    await read_body(request)
    standing = await request.app[MODERATION].close(await player_of(request),
                                                   request.match_info["username"])
    return web.json_response({"username": standing.username, "closed": standing.closed})


def setup(app: web.Application) -> None:
    app.router.add_post("/api/report", post_report)
    app.router.add_get("/api/mod/reports", get_reports)
    app.router.add_post("/api/mod/reports/{report_id}/handle", post_handled)
    app.router.add_post("/api/mod/players/{username}/mute", post_mute)
    app.router.add_post("/api/mod/players/{username}/close", post_close)
    app.router.add_get("/mod", index_page)
