"""`GET /api/levels`: the AI ladder as clients show it — each level's names, description,
measured rating, and its strength against the level below in words a person reads.

The levels come from `engine.levels` (the one definition); the ratings from the table
`bench/ladder.py` writes, `engine/data/ladder.json`, read once. A missing or unreadable
table leaves the ratings out (`null`); the levels themselves are always served.

The ladder's ratings are Elo among the engine's own players with a greedy player at 0; players'
ratings are Glicko-2 from 1500 among people, and games against the AI are not rated, so
nothing ties the two scales. Pages therefore show a level's strength in words, never its
number beside a player's: `against_below` is the share of games a level is expected to win
against the level below it (from the fitted ratings' gap, `1 / (1 + 10^(-gap / 400))`), which
the home page says as "wins about 8 games in 10 against level 3" (docs/engine.md, Levels).
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


def against_below(measured: dict[str, Any], number: int) -> dict[str, Any] | None:
    """`{"level": n - 1, "score": share}`: the expected score of level `number` against the
    level below it, from their measured ratings (None for the lowest, or without both)."""
    below = measured.get(str(number - 1))
    this = measured.get(str(number))
    if not below or not this:
        return None
    gap = this["elo"] - below["elo"]
    return {"level": number - 1, "score": round(1 / (1 + 10 ** (-gap / 400)), 2)}


def levels_payload(measured: dict[str, Any]) -> dict[str, Any]:
    return {
        "default": DEFAULT,
        "levels": [{**level.to_dict(), "rating": measured.get(str(number)),
                    "against_below": against_below(measured, number)}
                   for number, level in LEVELS.items()],
    }


async def get_levels(_request: web.Request) -> web.Response:
    return web.json_response(levels_payload(ratings()))


def setup(app: web.Application) -> None:
    app.router.add_get("/api/levels", get_levels)
