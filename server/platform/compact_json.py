"""Compact JSON, as the server writes it everywhere: room records and events in Redis, pub/sub
messages and socket frames (no spaces, UTF-8 kept as is).

msgspec's encoder, not the standard library's: a move writes the room's record and its events
and every node's sockets get them, and msgspec encodes them several times faster
(docs/performance.md, issue 31). The text is the same JSON either way.
"""

from __future__ import annotations

from typing import Any

import msgspec

_encoder = msgspec.json.Encoder()


def encode(data: Any) -> bytes:
    """`data` as compact JSON, UTF-8."""
    return _encoder.encode(data)


def dumps(data: Any) -> str:
    """`data` as compact JSON text."""
    return _encoder.encode(data).decode()
