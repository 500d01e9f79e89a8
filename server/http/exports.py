"""Game records for export: a finished room's record (``repository.game_record``) in the
formats of ``engine.formats`` (docs/protocol.md, export).

Names stored before the name rule existed may hold anything: they are made displayable first
(``user_text.displayable``); each format then quotes what it must (the text export escapes
tag values PGN-style), so a record keeps its shape whatever a player's name holds.
`export_response` answers a download in the format asked for."""

from __future__ import annotations

import datetime
from typing import Any

from aiohttp import web

from engine.errors import EngineError
from engine.formats import GameRecord, export_record
from engine.formats.record import NO_OPENING

from ..platform.errors import from_engine
from ..platform.user_text import displayable
from .guard import bad_request

RESULT_TOKENS = {1: "1-0", 2: "0-1", None: "1/2-1/2"}
CONTENT_TYPES = {"text": "text/plain", "sgf": "application/x-go-sgf", "psq": "text/plain"}


def _player(seat: dict[str, Any] | None) -> str:
    """The naming rule of the pages (client/js/common/players.js), in English: an account's
    username, else the chosen name, else "Anonymous"; the computer with its level."""
    if seat is None:
        return "?"
    if seat["kind"] == "ai":
        level = seat.get("level")
        return "Computer" if level is None else f"Computer (level {level})"
    return displayable(seat.get("username") or seat.get("name") or "Anonymous")


def _clock(clock: dict[str, int] | None) -> str:
    if clock is None:
        return "-"
    return f"{clock['initial_ms'] / 1000:g}+{clock['increment_ms'] / 1000:g}"


def game_of(record: dict[str, Any]) -> GameRecord:
    """The stored room record as the engine's format-neutral :class:`GameRecord`."""
    result = record["result"]
    started = record["started_at"]
    date = (datetime.datetime.fromtimestamp(started / 1000, datetime.UTC).strftime("%Y-%m-%d")
            if started else "????-??-??")
    return GameRecord(
        variant=record["variant"],
        moves=tuple(record["moves"]),
        first=_player(record["seats"]["1"]),
        second=_player(record["seats"]["2"]),
        result=RESULT_TOKENS[result["winner"]] if result else "*",
        # Records stored before opening rules existed have neither key.
        opening=record.get("opening", NO_OPENING),
        opening_choices=tuple(record.get("opening_choices", ())),
        tags=(
            ("Site", "caro-arena"),
            ("Room", record["room_id"]),
            ("Game", str(record["game_no"])),
            ("Clock", _clock(record["clock"])),
            ("Date", date),
            ("Termination", result["reason"] if result else "unterminated"),
        ),
    )


def export_game(record: dict[str, Any], fmt: str = "text") -> str:
    """The stored room record written in ``fmt`` (``text``, ``sgf`` or ``psq``)."""
    return export_record(game_of(record), fmt)


def export_text(record: dict[str, Any]) -> str:
    return export_game(record, "text")


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
