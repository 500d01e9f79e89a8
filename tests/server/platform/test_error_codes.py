"""The error table of docs/protocol.md §5 is the server's `ErrorCode` enum: the same codes,
and for HTTP errors the same status."""

from __future__ import annotations

from server.platform.errors import ArenaError, ErrorCode
from tests.protocol_doc import error_table


def test_the_documented_error_codes_are_exactly_the_servers():
    assert set(error_table()) == {code.value for code in ErrorCode}


def test_every_documented_http_status_is_the_one_the_server_sends():
    for code, status in error_table().items():
        if status is not None:
            assert ArenaError(ErrorCode(code), "").http_status == status, code
