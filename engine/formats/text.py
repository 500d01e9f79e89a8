"""Caro Arena's text export: tag lines ``[Name "value"]``, a blank line, then the moves.
Values are escaped as in PGN (``\\`` and ``\"``); a line break in one becomes U+FFFD.

    [Site "caro-arena"]
    [Variant "caro"]
    [First "Lan"]
    [Second "AI"]
    [Opening "swap2: place_two, white"]
    [Result "1-0"]

    h8 h9 i8 i9 j8

Export writes the tags in a fixed order (``TAG_ORDER``, then the others); import reads
any tags (``Variant`` is required unless a variant is given), ignores ``;`` comment lines and
``{...}`` comments between moves, and accepts Windows line endings. ``Opening`` (only for a
game played under an opening rule) is the rule, then the choices made in order (the second
player's, then the opener's); import reads it back into the record's opening.
"""

from __future__ import annotations

import re
import unicodedata

from engine.board import Board
from engine.errors import EngineError
from engine.formats.record import (
    NO_OPENING,
    GameRecord,
    RecordError,
    checked_record,
    register,
)
from engine.notation import split_game
from engine.variants import get_variant

_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
TAG_ORDER = ("Site", "Room", "Game", "Variant", "First", "Second", "Clock", "Opening", "Date",
             "Result", "Termination")
_CORE = ("Variant", "First", "Second", "Result", "Opening")  # tags the record has fields for
_OPENING = re.compile(r"^\s*([a-z0-9_]+)\s*(?::((?:\s*[a-z0-9_]+\s*,)*\s*[a-z0-9_]+)\s*)?$")
_BREAKS = frozenset({"Cc", "Zl", "Zp"})  # controls and separators: they could end a line
_COMMENT = re.compile(r"\{[^}]*\}")


def export_text(record: GameRecord) -> str:
    """Tags in :data:`TAG_ORDER` (other tags after them), then the moves on one line."""
    core = {"Variant": record.variant, "First": record.first, "Second": record.second,
            "Result": record.result}
    if record.opening != NO_OPENING:
        core["Opening"] = _opening_tag(record)
    values = {name: value for name, value in record.tags if name not in core} | core
    rank = {name: i for i, name in enumerate(TAG_ORDER)}
    tags = sorted(values.items(), key=lambda tag: rank.get(tag[0], len(rank)))
    lines = [f'[{name} "{_quoted(value)}"]' for name, value in tags]
    return "\n".join(lines) + "\n\n" + " ".join(record.moves) + "\n"


def _opening_tag(record: GameRecord) -> str:
    """``swap2: place_two, white``; the rule alone when no choice was made."""
    choices = ", ".join(record.opening_choices)
    return f"{record.opening}: {choices}" if choices else record.opening


def _opening(value: str | None) -> tuple[str, tuple[str, ...]]:
    """The ``Opening`` tag read back: (rule, choices)."""
    if value is None:
        return NO_OPENING, ()
    match = _OPENING.match(value)
    if match is None:
        raise RecordError(f'[Opening "{value[:40]}"] is not "<rule>: <choice>, <choice>"')
    return match[1], tuple(choice.strip() for choice in (match[2] or "").split(",") if choice)


def _quoted(value: str) -> str:
    """A tag value escaped PGN-style (``\\`` and ``\"``); line breaks become U+FFFD."""
    value = "".join("\ufffd" if unicodedata.category(c) in _BREAKS else c for c in value)
    return value.replace("\\", "\\\\").replace('"', '\\"')


def import_text(text: str, variant: str | None = None) -> GameRecord:
    tags: list[tuple[str, str]] = []
    body: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("[") and not body:
            tag = _TAG.match(line)
            if tag is None:
                raise RecordError(f"line {number}: {line[:40]!r} is not a tag [Name \"value\"]")
            tags.append((tag[1], re.sub(r"\\(.)", r"\1", tag[2])))
        else:
            body.append(line)
    values = dict(tags)
    spec = variant or values.get("Variant")
    if spec is None:
        raise RecordError('no [Variant "..."] tag and no variant given')
    try:
        board_variant = get_variant(spec)
        tokens = split_game(board_variant, _COMMENT.sub(" ", " ".join(body)))
        board = Board(board_variant)
        for token in tokens:
            board.push_str(token)
    except EngineError as error:
        raise RecordError(f"{error}") from None
    rest = tuple((n, v) for n, v in tags if n not in _CORE)
    opening, choices = _opening(values.get("Opening"))
    return checked_record(
        board_variant, board.move_stack, first=values.get("First", "?"),
        second=values.get("Second", "?"), result=values.get("Result", "*"), tags=rest,
        opening=opening, opening_choices=choices,
    )


register("text", export_text, import_text)
