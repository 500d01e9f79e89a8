"""Typed input: JSON already read (a dict) converted to its msgspec Struct, or our error.

Client messages (server/sockets/messages.py) and HTTP bodies (server/http/bodies.py) are each one
`msgspec.Struct`; msgspec checks every field. Its `ValidationError` becomes an `ArenaError`
whose code depends on the field at fault (say `bad_variant` for `variant`, else the caller's
default) and whose message is msgspec's, naming the field (`$.board.rows` shown as
`board.rows`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import msgspec

from .errors import ArenaError, ErrorCode

_FIELD = re.compile(r"at `\$\.([A-Za-z_]\w*)|missing required field `([A-Za-z_]\w*)`$")


def convert(data: Mapping[str, Any], kind: Any, default: ErrorCode,
            codes: Mapping[str, ErrorCode] | None = None) -> Any:
    """`data` as `kind` (a Struct, or a union of Structs tagged by a field)."""
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as error:
        text = str(error)
        found = _FIELD.search(text)
        field = found and (found.group(1) or found.group(2))
        code = (codes or {}).get(field or "", default)
        raise ArenaError(code, text.replace("`$.", "`")) from None
