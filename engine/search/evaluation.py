"""Static evaluation: what each empty cell is worth to each player, from its four patterns.

A cell's four direction patterns (``patterns.py``) combine into a *class* (five, winning four,
four-three, plain four, double three, open three, ...) and a *score*. Both are looked up in
tables indexed by the four pattern levels, so the position can keep a per-player *tally* (score
sum and threat counts) up to date incrementally. The evaluation of a position is the difference
of the score sums; the counts tell the search in O(1) whether anyone has a five or a four threat.
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

# A player's *tally*: the sums the search asks about, packed in one int64 so that a cell's level
# change updates them with one add (a cell's share is ``CELL_TALLY[combination]``). The score
# takes the low 24 bits (25x25 cells * 12,800 at most), then 10-bit counts of the empty cells
# where the player would make a five, an open four (or a double four), and any four.
FIVES_SHIFT, OPEN_FOURS_SHIFT, FOURS_SHIFT = 24, 34, 44
SCORE_MASK, COUNT_MASK = (1 << 24) - 1, (1 << 10) - 1


def build_tally_table(classes: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Each combination's share of a tally (see above)."""
    cls = classes.astype(np.int64)
    return (
        scores.astype(np.int64)
        | (cls == C_FIVE).astype(np.int64) << FIVES_SHIFT
        | (cls == C_F4).astype(np.int64) << OPEN_FOURS_SHIFT
        | ((cls >= C_B4) & (cls <= C_F4)).astype(np.int64) << FOURS_SHIFT
    )


CELL_TALLY = build_tally_table(CELL_CLASS, CELL_SCORE)


@njit(cache=True, inline="always")
def tally_score(tally: np.int64) -> int:
    """Sum of the player's empty-cell scores."""
    return tally & SCORE_MASK


@njit(cache=True, inline="always")
def tally_fives(tally: np.int64) -> int:
    """Empty cells where the player completes a five."""
    return (tally >> FIVES_SHIFT) & COUNT_MASK


@njit(cache=True, inline="always")
def tally_open_fours(tally: np.int64) -> int:
    """Empty cells where the player makes an open four (class C_F4)."""
    return (tally >> OPEN_FOURS_SHIFT) & COUNT_MASK


@njit(cache=True, inline="always")
def tally_fours(tally: np.int64) -> int:
    """Empty cells where the player makes a four of any kind (classes C_B4..C_F4)."""
    return (tally >> FOURS_SHIFT) & COUNT_MASK


@njit(cache=True, inline="always")
def evaluate(tally: np.ndarray, side: int) -> int:
    """Score for ``side`` (1 or 2) to move: its cell potential minus the opponent's. The side to
    move gets a small premium since it spends the next tempo."""
    return balance(tally_score(tally[side - 1]), tally_score(tally[2 - side]))


@njit(cache=True, inline="always")
def balance(own: int, other: int) -> int:
    """The evaluation from the side to move's cell potential ``own`` and the opponent's."""
    return own + own // 8 - other
