"""Transposition table: one uint64 per entry, with a generation stamp for O(1) clearing.

An entry packs three fields::

    bits  0..31  the low bits of the hashed key (as many as the index does not already fix)
    bits 32..38  the stored value (0 = nothing stored; the solver encodes bounds as 1..127)
    bits 39..63  the generation that wrote it

The key (< 2**49) is hashed by a multiplication that is a bijection on 49 bits; the top
``log_size`` bits of the hash pick the slot, the remaining low bits are stored, so a hit is an
exact match, never a collision. Entries of an older generation read as empty, so "a fresh
table for every position" costs one increment instead of rewriting megabytes. Slots are
always replaced (the newest position is the likeliest to be met again).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.connect4.position import KEY_BITS
from engine.native import monotonic_ns

DEFAULT_LOG_SIZE = 23  # 8M entries, 64 MB: the search never fills it from a test position
MIN_LOG_SIZE = KEY_BITS - 32  # the stored low part must fit in 32 bits
MAX_LOG_SIZE = 28

_KEY_MASK = np.uint64((1 << KEY_BITS) - 1)
_MULTIPLIER = np.uint64(int((1 << KEY_BITS) / 1.6180339887498949) | 1)  # odd: a bijection
_LOW32 = np.uint64(0xFFFFFFFF)
_VALUE_SHIFT = np.uint64(32)
_VALUE_BITS = np.uint64(0x7F)
_GEN_SHIFT = np.uint64(39)
_NOT_VALUE = np.uint64(((1 << 64) - 1) ^ (0x7F << 32))
_GENERATIONS = 1 << 25

# Layout of the small int64 context array the searches share with Python.
CTX_LOG_SIZE = 0
CTX_GENERATION = 1
CTX_NODES = 2
CTX_DEADLINE_NS = 3  # 0 = no deadline
CTX_ABORTED = 4
CTX_LEN = 5


@njit(cache=True, inline="always")
def count_node(ctx, clock_every):  # type: ignore[no-untyped-def]
    """Count one searched node and, once per ``clock_every + 1`` nodes (a power of two minus
    one), check the deadline. Returns True when the search must stop."""
    nodes = ctx[CTX_NODES] + 1
    ctx[CTX_NODES] = nodes
    if (nodes & clock_every) == 0 and ctx[CTX_DEADLINE_NS] != 0:
        if monotonic_ns() > ctx[CTX_DEADLINE_NS]:
            ctx[CTX_ABORTED] = 1
    return ctx[CTX_ABORTED] != 0


@njit(cache=True, inline="always")
def _slot_and_tag(key: np.uint64, ctx: np.ndarray) -> tuple[np.int64, np.uint64]:
    hashed = (key * _MULTIPLIER) & _KEY_MASK
    low_bits = np.uint64(KEY_BITS - ctx[CTX_LOG_SIZE])
    slot = np.int64(hashed >> low_bits)
    low = hashed & ((np.uint64(1) << low_bits) - np.uint64(1))
    return slot, low | (np.uint64(ctx[CTX_GENERATION]) << _GEN_SHIFT)


@njit(cache=True, inline="always")
def tt_get(table: np.ndarray, ctx: np.ndarray, key: np.uint64) -> int:
    """The value stored for ``key`` in the current generation, or 0."""
    slot, tag = _slot_and_tag(key, ctx)
    entry = table[slot]
    if (entry & _NOT_VALUE) != tag:
        return 0
    return np.int64((entry >> _VALUE_SHIFT) & _VALUE_BITS)


@njit(cache=True, inline="always")
def tt_put(table: np.ndarray, ctx: np.ndarray, key: np.uint64, value: int) -> None:
    """Store ``value`` (1..127) for ``key``, replacing whatever the slot held."""
    slot, tag = _slot_and_tag(key, ctx)
    table[slot] = tag | (np.uint64(value) << _VALUE_SHIFT)


class TranspositionTable:
    """The table array plus the context array the compiled search reads and updates."""

    __slots__ = ("ctx", "table")

    def __init__(self, log_size: int = DEFAULT_LOG_SIZE) -> None:
        if not MIN_LOG_SIZE <= log_size <= MAX_LOG_SIZE:
            raise ValueError(f"log_size must be {MIN_LOG_SIZE}..{MAX_LOG_SIZE}, not {log_size}")
        # Zeroed pages are mapped on first touch: creating the table costs nothing up front.
        self.table = np.zeros(1 << log_size, dtype=np.uint64)
        self.ctx = np.zeros(CTX_LEN, dtype=np.int64)
        self.ctx[CTX_LOG_SIZE] = log_size
        self.ctx[CTX_GENERATION] = 1

    def clear(self) -> None:
        """Forget every entry: a new generation, and a real wipe once the stamps run out."""
        generation = int(self.ctx[CTX_GENERATION]) + 1
        if generation >= _GENERATIONS:
            self.table.fill(0)
            generation = 1
        self.ctx[CTX_GENERATION] = generation
