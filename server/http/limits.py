"""`GET /api/limits`: every limit a client checks before it sends (input lengths, ranges),
gathered here from the one module that defines and enforces each, so the browser holds no
copy. AI levels are served by `/api/levels` (engine/levels.py), variants and board sizes by
`/api/variants` (engine/variants.py); per-address rates are server settings
(server/platform/settings.py) a client need not know.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..challenges.challenge import DECLINE_REASONS
from ..platform.user_text import MAX_NAME
from ..players.accounts import PASSWORD_CHARS, USERNAME_CHARS
from ..rooms.chat import CHAT_MAX_CHARS
from ..rooms.clock import DAILY_DAYS, MAX_INCREMENT_S, MAX_INITIAL_S


def client_limits() -> dict[str, Any]:
    """`[least, most]` characters or seconds of each field a player types (and the days per
    move a daily clock may have)."""
    return {
        "name": [1, MAX_NAME],
        "chat": [1, CHAT_MAX_CHARS],
        "username": list(USERNAME_CHARS),
        "password": list(PASSWORD_CHARS),
        "clock": {"initial_s": [1, MAX_INITIAL_S], "increment_s": [0, MAX_INCREMENT_S],
                  "days": list(DAILY_DAYS)},
    }


def challenge_limits() -> dict[str, Any]:
    """What a challenge may ask (server/challenges/): days per move and the reasons to
    decline."""
    return {"days": list(DAILY_DAYS), "reasons": list(DECLINE_REASONS)}


async def get_limits(_request: web.Request) -> web.Response:
    return web.json_response(client_limits() | {"challenge": challenge_limits()})


def setup(app: web.Application) -> None:
    app.router.add_get("/api/limits", get_limits)
