"""Line patterns: what a stone placed on an empty cell makes along one direction, per rule.

A cell's neighbourhood along one direction is packed into a *line key*: 2 bits per cell for
the ``R`` cells on each side (the cell itself excluded), codes 0 empty, 1 own, 2 opponent,
3 off the board. The key is maintained incrementally by the position (see ``position.py``),
and classified here into a pattern level (five, open four, four, open three, ...).

The classification is generic over ``k`` and the rule because it is defined by what the line
can still become, not by a list of shapes: a *five* is a winning run under the rule, a *four*
leaves one winning cell, an *open four* two, an *open three* can become an open four with
one more stone, and so on. So a caro run of five blocked at both ends is simply not a five,
and neither is a standard-rule overline. Results are memoised in a per-(k, rule) table filled
lazily inside compiled code: a key is classified the first time the search meets it. One
table entry holds both players' levels (player 1's in the low nibble), so re-classifying a cell
for both sides after a move is one memory access, not two: the table is far larger than the
CPU caches and these lookups were most of the cost of ``make`` (measured).
"""

from __future__ import annotations

import numpy as np
from numba import njit

# Rules as small ints so one compiled function serves all of them (engine.variants.Rule).
FREESTYLE, STANDARD, CARO, CARO_EXACT = 0, 1, 2, 3

# Pattern levels along one direction, for a stone placed on the cell.
NONE, ONE, B2, F2, B3, F3, B4, F4, FIVE = range(9)
N_PATTERNS = 9

EMPTY_CODE, OWN_CODE, OPP_CODE, WALL_CODE = 0, 1, 2, 3
MAX_RADIUS = 6  # 4**(2*6) one-byte entries = 16 MiB; k = 7 looks 6 cells out (see window_radius)


def window_radius(k: int, rule: int) -> int:
    """Cells looked at on each side. Freestyle only needs the k-1 cells a five through the
    centre can use; the other rules also look at the cell beyond (overline, blocked ends).
    Capped so the table stays at most 16 MiB (k = 7 then misses the far end cells)."""
    return min(k - 1 if rule == FREESTYLE else k, MAX_RADIUS)


UNKNOWN = 0xFF  # table entry not classified yet (a real entry is at most FIVE * 17)


def new_pattern_table(radius: int) -> np.ndarray:
    """An empty (all unknown) memo table for keys of ``radius`` cells each side."""
    return np.full(1 << (4 * radius), UNKNOWN, dtype=np.uint8)


@njit(cache=True, inline="always")
def swap_colours(key: np.uint32) -> np.uint32:
    """The same line seen by the other player: codes 1 and 2 swap, 0 and 3 stay."""
    return ((key & np.uint32(0x55555555)) << np.uint32(1)) | (
        (key >> np.uint32(1)) & np.uint32(0x55555555)
    )


@njit(cache=True, inline="always")
def key_shift(offset: int, radius: int) -> int:
    """Bit position of the cell at ``offset`` (-radius..radius, not 0) inside a line key."""
    if offset < 0:
        return 2 * (offset + radius)
    return 2 * (offset + radius - 1)


@njit(cache=True)
def _wins_through(line: np.ndarray, at: int, k: int, rule: int) -> bool:
    """Whether the own run through ``at`` wins under ``rule`` (cells outside count as empty)."""
    n = line.shape[0]
    lo = at
    while lo > 0 and line[lo - 1] == OWN_CODE:
        lo -= 1
    hi = at
    while hi < n - 1 and line[hi + 1] == OWN_CODE:
        hi += 1
    run = hi - lo + 1
    if rule == FREESTYLE:
        return run >= k
    if rule == STANDARD:
        return run == k
    blocked = lo > 0 and line[lo - 1] == OPP_CODE and hi < n - 1 and line[hi + 1] == OPP_CODE
    if rule == CARO:
        return run > k or (run == k and not blocked)
    return run == k and not blocked


@njit(cache=True)
def _winning_cells(line: np.ndarray, k: int, rule: int) -> int:
    """How many empty cells would each complete a winning run."""
    count = 0
    for e in range(line.shape[0]):
        if line[e] == EMPTY_CODE:
            line[e] = OWN_CODE
            if _wins_through(line, e, k, rule):
                count += 1
            line[e] = EMPTY_CODE
    return count


@njit(cache=True)
def _four_strength(line: np.ndarray, k: int, rule: int) -> int:
    """0 no four, 1 a four (one block stops it), 2 an open four: at least two winning cells
    and no single block kills them all (in caro a block can turn the other five into a
    blocked one, so two winning cells are not always open)."""
    wins = _winning_cells(line, k, rule)
    if wins < 2:
        return wins
    for e in range(line.shape[0]):
        if line[e] == EMPTY_CODE:
            line[e] = OWN_CODE
            completes = _wins_through(line, e, k, rule)
            line[e] = EMPTY_CODE
            if completes:
                line[e] = OPP_CODE
                left = _winning_cells(line, k, rule)
                line[e] = EMPTY_CODE
                if left == 0:
                    return 1
    return 2


@njit(cache=True)
def _best_after_one(line: np.ndarray, k: int, rule: int) -> int:
    """The strongest four (see :func:`_four_strength`) one more own stone can make."""
    best = 0
    for e in range(line.shape[0]):
        if line[e] == EMPTY_CODE:
            line[e] = OWN_CODE
            strength = _four_strength(line, k, rule)
            line[e] = EMPTY_CODE
            if strength > best:
                best = strength
    return best


@njit(cache=True)
def _has_free_window(line: np.ndarray, centre: int, k: int) -> bool:
    """Whether some k-cell window through the centre holds no opponent stone or edge."""
    n = line.shape[0]
    for start in range(max(0, centre - k + 1), min(centre, n - k) + 1):
        free = True
        for i in range(start, start + k):
            if line[i] >= OPP_CODE:
                free = False
                break
        if free:
            return True
    return False


@njit(cache=True)
def classify(key: np.uint32, k: int, rule: int, radius: int) -> int:
    """Pattern level made by an own stone on the centre of the line packed in ``key``."""
    line = np.zeros(2 * radius + 1, dtype=np.int8)
    for off in range(-radius, radius + 1):
        if off != 0:
            line[off + radius] = (key >> np.uint32(key_shift(off, radius))) & np.uint32(3)
    centre = radius
    line[centre] = OWN_CODE
    if _wins_through(line, centre, k, rule):
        return FIVE
    strength = _four_strength(line, k, rule)
    if strength == 2:
        return F4
    if strength == 1:
        return B4
    best = _best_after_one(line, k, rule)
    if best >= 2:
        return F3
    if best == 1:
        return B3
    level = NONE
    for e in range(line.shape[0]):
        if line[e] == EMPTY_CODE:
            line[e] = OWN_CODE
            after = _best_after_one(line, k, rule)
            line[e] = EMPTY_CODE
            if after >= 2:
                return F2
            if after == 1:
                level = B2
    if level == NONE and _has_free_window(line, centre, k):
        level = ONE
    return level


@njit(cache=True)
def _fill(table: np.ndarray, key: np.uint32, k: int, rule: int, radius: int) -> int:
    value = classify(key, k, rule, radius) | (classify(swap_colours(key), k, rule, radius) << 4)
    table[key] = value
    return value


@njit(cache=True, inline="always")
def pattern_pair(table: np.ndarray, key: np.uint32, k: int, rule: int, radius: int) -> int:
    """Memoised levels of both players for the line in ``key`` (player 1's view): player 1's
    :func:`classify` in the low nibble, player 2's in the high one (the slow path is a call,
    so the fast path stays tiny)."""
    value = np.int64(table[key])
    if value == UNKNOWN:
        value = _fill(table, key, k, rule, radius)
    return value
