"""Compact JSON text, as the server writes it everywhere: room records and events in Redis,
pub/sub messages and socket frames (no spaces, UTF-8 kept as is)."""

from __future__ import annotations

import json
from typing import Any


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
