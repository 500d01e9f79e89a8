"""`GET /api/levels`: the AI ladder as clients show it — each level's names, description and
measured rating.

The levels come from `engine.levels` (the one definition); the ratings from the table
`bench/ladder.py` writes, `engine/data/ladder.json`, read once. A missing or unreadable
table leaves the ratings out (`null`); the levels themselves are always served.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path
from typing import Any

from aiohttp import web

import engine
from engine.levels import DEFAULT, LEVELS

log = logging.getLogger(__name__)

LADDER_TABLE = Path(engine.__file__).resolve().parent / "data" / "ladder.json"


@cache
def ratings(path: Path = LADDER_TABLE) -> dict[str, Any]:
    """The measured table's `levels` entry (level number as a string -> rating), or {}."""
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
        return dict(table.get("levels", {}))
    except (OSError, ValueError, AttributeError) as exc:
        log.warning("no AI ladder ratings (%s): levels are served without them", exc)
        return {}


def levels_payload(measured: dict[str, Any]) -> dict[str, Any]:
    return {
        "default": DEFAULT,
        "levels": [{**level.to_dict(), "rating": measured.get(str(number))}
                   for number, level in LEVELS.items()],
    }


async def get_levels(_request: web.Request) -> web.Response:
    return web.json_response(levels_payload(ratings()))


def setup(app: web.Application) -> None:
    app.router.add_get("/api/levels", get_levels)
