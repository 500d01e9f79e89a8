"""Commands packed by hiredis are the bytes redis-py would have sent, or redis-py packs them."""

from __future__ import annotations

import pytest
from redis.asyncio.connection import Connection
from redis.exceptions import DataError

from server.platform.resp_packing import packed_by_hiredis

PLAIN = Connection()
PACKED = packed_by_hiredis(Connection)()


def wire(chunks: list[bytes | memoryview]) -> bytes:
    return b"".join(bytes(chunk) for chunk in chunks)


@pytest.mark.parametrize("command", [
    ("EVALSHA", "f" * 40, 2, "room:{ab}", b"raw", -17, "naïve text", ""),
    ("CONFIG GET", "maxmemory"),  # a command name of two words is sent as two
    ("SET", b"key with spaces", "value"),
])
def test_text_bytes_and_whole_numbers_pack_as_redis_py_packs_them(command):
    assert wire(PACKED.pack_command(*command)) == wire(PLAIN.pack_command(*command))


def test_other_types_keep_redis_py_packing():
    assert wire(PACKED.pack_command("SET", "k", 1.5)) == wire(PLAIN.pack_command("SET", "k", 1.5))


def test_values_redis_py_refuses_are_still_refused():
    with pytest.raises(DataError):
        PACKED.pack_command("SET", "k", True)
