"""Redis commands packed into the wire protocol by hiredis's C packer.

redis-py's asyncio connections pack every command in Python, argument by argument (its sync
client uses hiredis when installed): about 20 µs for a room commit's EVALSHA of some 25
arguments against 3 µs in C, a few per cent of a node's CPU per move (issue 31,
docs/performance.md). The bytes are the same; arguments of other types than text, bytes and
whole numbers (a float, a memoryview, a value redis-py refuses such as a bool) keep redis-py's
own packing and its errors.
"""

from __future__ import annotations

from typing import Any

import hiredis
from redis.asyncio.connection import AbstractConnection

_PLAIN = frozenset((str, bytes, int))


def packed_by_hiredis(connection_class: type[AbstractConnection]) -> type[AbstractConnection]:
    """`connection_class` (whichever the URL chose: TCP, TLS, Unix socket) packing with hiredis."""

    class HiredisPacked(connection_class):  # type: ignore[valid-type,misc]
        def pack_command(self, *args: Any) -> list[bytes]:
            if not _PLAIN.issuperset(map(type, args)):  # in C: a commit has some 25 arguments
                return super().pack_command(*args)
            first = args[0]
            # Like redis-py: a command name given as one string ("CONFIG GET") is sent as words.
            if " " in first if isinstance(first, str) else b" " in first:
                args = (*first.split(), *args[1:])
            return [hiredis.pack_command(args)]

    HiredisPacked.__name__ = f"HiredisPacked{connection_class.__name__}"
    HiredisPacked.__qualname__ = HiredisPacked.__name__
    return HiredisPacked
