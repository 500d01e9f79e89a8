"""Game records as text: tag lines, a blank line, the moves (docs/protocol.md, export).

Tag values are quoted and escaped as in PGN (`\\` and `\"`), so a record keeps its shape
whatever a player's name holds."""

from __future__ import annotations

import datetime
from typing import Any

from .user_text import tag_value

RESULT_TOKENS = {1: "1-0", 2: "0-1", None: "1/2-1/2"}


def _player(seat: dict[str, Any] | None) -> str:
    if seat is None:
        return "?"
    return seat.get("name") or ("AI" if seat["kind"] == "ai" else "Anonymous")


def _clock(clock: dict[str, int] | None) -> str:
    if clock is None:
        return "-"
    return f"{clock['initial_ms'] / 1000:g}+{clock['increment_ms'] / 1000:g}"


def export_text(record: dict[str, Any]) -> str:
    result = record["result"]
    started = record["started_at"]
    date = (datetime.datetime.fromtimestamp(started / 1000, datetime.UTC).strftime("%Y-%m-%d")
            if started else "????-??-??")
    tags = [
        ("Site", "caro-arena"),
        ("Room", record["room_id"]),
        ("Game", str(record["game_no"])),
        ("Variant", record["variant"]),
        ("First", _player(record["seats"]["1"])),
        ("Second", _player(record["seats"]["2"])),
        ("Clock", _clock(record["clock"])),
        ("Date", date),
        ("Result", RESULT_TOKENS[result["winner"]] if result else "*"),
        ("Termination", result["reason"] if result else "unterminated"),
    ]
    lines = [f'[{name} "{tag_value(value)}"]' for name, value in tags]
    return "\n".join(lines) + "\n\n" + " ".join(record["moves"]) + "\n"
