"""The Connect Four transposition table: exact matches only, and O(1) clearing that is safe."""

from __future__ import annotations

import numpy as np
import pytest

from engine.connect4 import transposition as tt
from engine.connect4.position import KEY_BITS

LOG_SIZE = 17


def key_for_hash(hashed: int) -> np.uint64:
    """The key whose hash is ``hashed`` (the multiplication is invertible on 49 bits)."""
    inverse = pow(int(tt._MULTIPLIER), -1, 1 << KEY_BITS)
    return np.uint64(hashed * inverse % (1 << KEY_BITS))


def test_two_keys_in_the_same_slot_never_read_each_others_value() -> None:
    table = tt.TranspositionTable(LOG_SIZE)
    low_bits = KEY_BITS - LOG_SIZE
    first = key_for_hash((5 << low_bits) | 1)
    second = key_for_hash((5 << low_bits) | 2)
    tt.tt_put(table.table, table.ctx, first, 42)
    assert tt.tt_get(table.table, table.ctx, first) == 42
    assert tt.tt_get(table.table, table.ctx, second) == 0
    tt.tt_put(table.table, table.ctx, second, 7)  # always replace
    assert tt.tt_get(table.table, table.ctx, first) == 0
    assert tt.tt_get(table.table, table.ctx, second) == 7


def test_clear_hides_every_entry() -> None:
    table = tt.TranspositionTable(LOG_SIZE)
    key = np.uint64(123_456_789)
    tt.tt_put(table.table, table.ctx, key, 99)
    table.clear()
    assert tt.tt_get(table.table, table.ctx, key) == 0


def test_when_generations_run_out_the_table_is_wiped_for_real() -> None:
    table = tt.TranspositionTable(LOG_SIZE)
    key = np.uint64(987_654_321)
    tt.tt_put(table.table, table.ctx, key, 99)  # written by generation 1
    table.ctx[tt.CTX_GENERATION] = tt._GENERATIONS - 1
    table.clear()  # wraps around to generation 1 again
    assert table.ctx[tt.CTX_GENERATION] == 1
    assert tt.tt_get(table.table, table.ctx, key) == 0


def test_a_table_too_small_for_exact_keys_is_refused() -> None:
    with pytest.raises(ValueError, match="log_size"):
        tt.TranspositionTable(tt.MIN_LOG_SIZE - 1)  # 2**16 slots: keys need more than 32 bits
