"""Static evaluation: what each empty cell is worth to each player, from its four patterns.

A cell's four direction patterns (``patterns.py``) combine into a *class* (five, winning four,
four-three, plain four, double three, open three, ...) and a *score*. Both are looked up in
tables indexed by the four pattern levels, so the position can keep per-player totals and class
counts up to date incrementally. The evaluation of a position is the difference of totals; the
class counts tell the search in O(1) whether anyone has a five or an open-four threat.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.search.patterns import B2, B3, B4, F2, F3, F4, FIVE, N_PATTERNS, NONE, ONE

# Cell classes for one player, weakest first. Classes >= C_B4 make a four in some direction.
C_NONE, C_LOW, C_TWO, C_THREE, C_F3, C_F3B3, C_F3F3, C_B4, C_B4F3, C_F4, C_FIVE = range(11)
N_CLASSES = 11

# What a stone on the cell makes along one direction, then the extra value of combinations.
DIRECTION_VALUE = {NONE: 0, ONE: 2, B2: 6, F2: 18, B3: 22, F3: 70, B4: 80, F4: 600, FIVE: 3000}
CLASS_BONUS = {C_F3F3: 350, C_B4F3: 600, C_F4: 800}
COMBINATIONS = N_PATTERNS**4


def _cell_class(levels: tuple[int, int, int, int]) -> int:
    count = [levels.count(level) for level in range(N_PATTERNS)]
    if count[FIVE]:
        return C_FIVE
    if count[F4] or count[B4] >= 2:
        return C_F4
    if count[B4] and count[F3]:
        return C_B4F3
    if count[B4]:
        return C_B4
    if count[F3] >= 2:
        return C_F3F3
    if count[F3] and count[B3]:
        return C_F3B3
    if count[F3]:
        return C_F3
    if count[B3] or count[F2] >= 2:
        return C_THREE
    if count[F2]:
        return C_TWO
    if count[B2] or count[ONE]:
        return C_LOW
    return C_NONE


def build_cell_tables() -> tuple[np.ndarray, np.ndarray]:
    """Class and score of a cell for every combination of its four direction patterns,
    indexed by ``p0 * 729 + p1 * 81 + p2 * 9 + p3``."""
    classes = np.zeros(COMBINATIONS, dtype=np.int8)
    scores = np.zeros(COMBINATIONS, dtype=np.int32)
    for index in range(COMBINATIONS):
        levels = (
            index // N_PATTERNS**3,
            index // N_PATTERNS**2 % N_PATTERNS,
            index // N_PATTERNS % N_PATTERNS,
            index % N_PATTERNS,
        )
        cls = _cell_class(levels)
        classes[index] = cls
        scores[index] = sum(DIRECTION_VALUE[level] for level in levels) + CLASS_BONUS.get(cls, 0)
    return classes, scores


CELL_CLASS, CELL_SCORE = build_cell_tables()


@njit(cache=True, inline="always")
def evaluate(totals: np.ndarray, side: int) -> int:
    """Score for ``side`` (1 or 2) to move: its cell potential minus the opponent's. The side to
    move gets a small premium since it spends the next tempo."""
    own = totals[side - 1]
    other = totals[2 - side]
    return own + own // 8 - other
