"""Line patterns: what a stone placed on an empty cell makes along one direction, per rule.

A cell's neighbourhood along one direction is packed into a *line key*: 2 bits per cell for
the ``R`` cells on each side (the cell itself excluded), codes 0 empty, 1 own, 2 opponent,
3 off the board. The key is maintained incrementally by the position (see ``position.py``),
and classified here into a pattern level (five, open four, four, open three, ...).

The classification is generic over ``k`` and the rule because it is defined by what the line
can still become, not by a list of shapes: a *five* is a winning run under the rule, a *four*
leaves one winning cell, an *open four* two, an *open three* can become an open four with
one more stone, and so on. So a caro run of five blocked at both ends is simply not a five,
and neither is a standard-rule overline. The levels of every key are computed once per
(k, rule) into a table that holds both players' levels in one byte (player 1's in the low
nibble): ``make`` re-classifies a cell for both sides with one read and no branch to a slow
path (a lazily filled table cost ``make`` three times as much, measured).
"""

from __future__ import annotations

import numpy as np
from numba import njit

# Rules as small ints so one compiled function serves all of them (engine.variants.Rule).
# RENJU classifies player 1 (black) under STANDARD and player 2 (white) under FREESTYLE; black's
# forbidden points are a separate check (``engine.search.forbidden``).
FREESTYLE, STANDARD, CARO, CARO_EXACT, RENJU = 0, 1, 2, 3, 4

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


@njit(cache=True, inline="always")
def view_rule(rule: int, view: int) -> int:
    """The rule that judges player ``view + 1``'s lines: renju splits into one per colour."""
    if rule == RENJU:
        return STANDARD if view == 0 else FREESTYLE
    return rule


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


UNKNOWN = 0xFF  # entry of a key no board can show (a wall between two board cells)


def new_pattern_table(k: int, rule: int) -> np.ndarray:
    """The complete table for (k, rule): both players' levels for every key a board can show
    (player 1's in the low nibble), so a lookup in ``make`` is one read with no fallback.
    Filling stays cheap because a level only depends on each half-line up to its first
    blocker (an opponent stone or the edge): no winning run fits beyond it, since a window
    reaches at most ``k`` cells out. So each half is cut there, and only the distinct cut lines
    are classified: 36 thousand for the 16 million keys of radius 6."""
    radius = window_radius(k, rule)
    table = np.full(1 << (4 * radius), UNKNOWN, dtype=np.uint8)
    left, right = _half_lines(radius, True), _half_lines(radius, False)
    _fill_table(table, left, right, k, rule, radius)
    return table


def _half_lines(radius: int, left: bool) -> np.ndarray:
    """int64[m, 3]: every half-line a board can show (edge cells only beyond the last board
    cell), as key bits of the raw half, of player 1's view cut at its first blocker, and of
    player 2's view (colours swapped) cut likewise."""
    rows = []
    for codes in np.ndindex(*([4] * radius)):  # codes[0] is the cell next to the centre
        if any(codes[j] == WALL_CODE and codes[j + 1] != WALL_CODE for j in range(radius - 1)):
            continue
        swapped = tuple((0, 2, 1, 3)[c] for c in codes)
        rows.append([_key_bits(line, radius, left) for line in (codes, _cut(codes), _cut(swapped))])
    return np.array(rows, dtype=np.int64)


def _cut(codes: tuple[int, ...]) -> tuple[int, ...]:
    """Player 1's view of a half-line with every cell past its first blocker made a blocker."""
    for j, code in enumerate(codes):
        if code in (OPP_CODE, WALL_CODE):
            return codes[:j] + (code,) * (len(codes) - j)
    return codes


def _key_bits(codes: tuple[int, ...], radius: int, left: bool) -> int:
    key = 0
    for j, code in enumerate(codes):
        key |= code << key_shift(-(j + 1) if left else j + 1, radius)
    return key


@njit(cache=True)
def _fill_table(
    table: np.ndarray, left: np.ndarray, right: np.ndarray, k: int, rule: int, radius: int
) -> None:
    """Write every valid key's levels, classifying each distinct cut line once (memoised in a
    scratch table over the same key space; one per view when the colours have their own rule)."""
    views = 2 if rule == RENJU else 1
    memo = np.full((views, table.shape[0]), UNKNOWN, dtype=np.uint8)
    for a in range(left.shape[0]):
        for b in range(right.shape[0]):
            levels = 0
            for view in range(2):
                cut = np.uint32(left[a, 1 + view] | right[b, 1 + view])
                row = view if views == 2 else 0
                level = memo[row, cut]
                if level == UNKNOWN:
                    level = classify(cut, k, view_rule(rule, view), radius)
                    memo[row, cut] = level
                levels |= np.int64(level) << (4 * view)
            table[left[a, 0] | right[b, 0]] = levels
