"""Transposition table: two flat numpy arrays sized from a memory budget.

Each entry is a 64-bit key and a 64-bit packed record (score, best move, depth, bound), 16
bytes. The entry count is the largest power of two that fits the budget, so the slot is the
hash's low bits. Mate scores are stored relative to the node (see ``to_tt`` / ``from_tt``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

EXACT, LOWER, UPPER = 1, 2, 3
ENTRY_BYTES = 16
DEFAULT_TT_MIB = 16  # a 1 s search stores well under a million positions
WIN = 1_000_000  # engine.analysis.WIN_SCORE: proven wins are WIN - plies
MATE_BOUND = WIN - 10_000


def new_table(mib: int) -> tuple[np.ndarray, np.ndarray]:
    """Empty key and record arrays using at most ``mib`` MiB together (at least 1024 entries)."""
    entries = max(1024, (max(1, mib) << 20) // ENTRY_BYTES)
    entries = 1 << (entries.bit_length() - 1)
    return np.zeros(entries, dtype=np.uint64), np.zeros(entries, dtype=np.int64)


@njit(cache=True, inline="always")
def to_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


@njit(cache=True, inline="always")
def from_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


@njit(cache=True, inline="always")
def store(
    keys: np.ndarray,
    data: np.ndarray,
    key: np.uint64,
    score: int,
    move: int,
    depth: int,
    bound: int,
) -> None:
    slot = key & np.uint64(keys.shape[0] - 1)
    old = data[slot]
    if keys[slot] == key and ((old >> 48) & 0xFF) > depth + 1 and bound != EXACT:
        return  # keep a much deeper entry of the same position
    keys[slot] = key
    data[slot] = (
        (score + (1 << 31)) & 0xFFFFFFFF
        | ((move + 1) & 0xFF_FF) << 32
        | (max(0, min(depth, 255)) << 48)
        | (bound << 56)
    )


@njit(cache=True, inline="always")
def probe(keys: np.ndarray, data: np.ndarray, key: np.uint64) -> tuple[bool, int, int, int, int]:
    """(found, score, move, depth, bound) for ``key``; move is -1 when none was stored."""
    slot = key & np.uint64(keys.shape[0] - 1)
    if keys[slot] != key:
        return False, 0, -1, -1, 0
    rec = data[slot]
    score = (rec & 0xFFFFFFFF) - (1 << 31)
    move = ((rec >> 32) & 0xFFFF) - 1
    depth = (rec >> 48) & 0xFF
    bound = (rec >> 56) & 0xFF
    return True, score, move, depth, bound
