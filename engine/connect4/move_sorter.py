"""Move ordering for the searches: at most seven moves, kept sorted by insertion.

Numba cannot put a small array on the stack, so each search depth owns a slice of two scratch
arrays (``base = ply * WIDTH``). ``add`` keeps the slice sorted by ascending score and ``pop``
takes the last entry; among equal scores the move added last comes out first, so adding in
reverse centre-first order plays the centre first on ties (as in Pons' ``MoveSorter``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.connect4.position import CELLS, WIDTH

SCRATCH_LEN = (CELLS + 1) * WIDTH


def new_scratch() -> tuple[np.ndarray, np.ndarray]:
    """The (moves, scores) scratch pair one search needs."""
    return np.zeros(SCRATCH_LEN, dtype=np.uint64), np.zeros(SCRATCH_LEN, dtype=np.int64)


@njit(cache=True, inline="always")
def sorter_add(
    moves: np.ndarray, scores: np.ndarray, base: int, size: int, move: np.uint64, score: int
) -> int:
    """Insert ``move`` into the slice holding ``size`` entries; returns the new size."""
    pos = base + size
    while pos > base and scores[pos - 1] > score:
        moves[pos] = moves[pos - 1]
        scores[pos] = scores[pos - 1]
        pos -= 1
    moves[pos] = move
    scores[pos] = score
    return size + 1
