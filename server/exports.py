"""Game records for export: a finished room's record (``repository.game_record``) in the
formats of ``engine.formats`` (docs/protocol.md, export).

Names stored before the name rule existed may hold anything: they are made displayable first
(``user_text.displayable``); each format then quotes what it must (the text export escapes
tag values PGN-style), so a record keeps its shape whatever a player's name holds."""

from __future__ import annotations

import datetime
from typing import Any

from engine.formats import GameRecord, export_record
from engine.formats.record import NO_OPENING

from .user_text import displayable

RESULT_TOKENS = {1: "1-0", 2: "0-1", None: "1/2-1/2"}
CONTENT_TYPES = {"text": "text/plain", "sgf": "application/x-go-sgf", "psq": "text/plain"}


def _player(seat: dict[str, Any] | None) -> str:
    if seat is None:
        return "?"
    return displayable(seat.get("name") or ("AI" if seat["kind"] == "ai" else "Anonymous"))


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
