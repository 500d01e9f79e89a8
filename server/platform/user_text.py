"""Text that people type: display names and chat lines, and JSON that may carry them.

One rule for names wherever they arrive (POST /api/rooms, /api/quickplay, join, the socket's
`hello`), so a name the HTTP API refuses is refused by the socket too. A name is one short
line that reads the same in every client: no control characters, no line or paragraph
separators, no bidirectional controls (an override such as U+202E makes "Lan" display as any
other text, and would reorder the move list next to it). A chat line is one line too, but may
hold the direction marks (U+200E, U+200F, U+061C) that mixed right-to-left text needs.

JSON from clients is decoded strictly: `json.loads` accepts an escaped lone UTF-16 surrogate
(`"\\ud800"`), which no UTF-8 encoder (Redis, the socket, the export) can write later, so a
string holding one is refused when it arrives, not when the server tries to store it.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

MAX_NAME = 20  # characters of a display name, after trimming

DIRECTION_MARKS = frozenset("\u200e\u200f\u061c")  # LRM, RLM, ALM: mark a direction only
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings, pop, overrides
    "\u2066\u2067\u2068\u2069"  # isolates
) | DIRECTION_MARKS
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})  # controls, surrogates, separators


class TextError(ValueError):
    """User text the server refuses; the message says why, in English."""


def _forbidden(char: str, allowed: frozenset[str]) -> bool:
    if char in allowed:
        return False
    return char in BIDI_CONTROLS or unicodedata.category(char) in FORBIDDEN_CATEGORIES


def _check_line(text: str, what: str, allowed: frozenset[str] = frozenset()) -> None:
    bad = next((char for char in text if _forbidden(char, allowed)), None)
    if bad is not None:
        raise TextError(f"{what} may not hold U+{ord(bad):04X} (control, line break, "
                        "bidirectional control or lone surrogate)")


def clean_name(value: Any) -> str:
    """The trimmed display name, or `TextError`."""
    if not isinstance(value, str):
        raise TextError('"name" must be a string')
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise TextError(f'"name" must have 1 to {MAX_NAME} characters')
    _check_line(name, '"name"')
    return name


def clean_title(value: str, limit: int) -> str:
    """A trimmed title of one line (a tournament's name), 2 to `limit` characters, or
    `TextError`."""
    title = value.strip()
    if not 2 <= len(title) <= limit:
        raise TextError(f'"name" must have 2 to {limit} characters')
    _check_line(title, '"name"')
    return title


def check_chat_line(text: str) -> None:
    """Refuse a chat text that is not one displayable line (direction marks are allowed)."""
    _check_line(text, "a chat message", DIRECTION_MARKS)


def displayable(text: str) -> str:
    """`text` with anything a name may not hold (older names) replaced by U+FFFD."""
    return "".join("\ufffd" if _forbidden(char, frozenset()) else char for char in text)


def loads_strict(text: str | bytes) -> Any:
    """`json.loads`, but bytes must be strict UTF-8 and no string (key or value) may hold a
    lone surrogate. Raises `ValueError` (`json.JSONDecodeError` is one), or `RecursionError`
    for absurd nesting, like `json.loads`."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError
    else:
        text.encode("utf-8")  # raw lone surrogates: UnicodeEncodeError, a ValueError too
    value = json.loads(text)
    if "\\u" in text:  # now only an escape can have made a surrogate: look (rarely needed)
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise TextError("a string holds a lone UTF-16 surrogate") from None
    return value
