"""Connect Four position as two 64-bit bitboards (Pascal Pons' layout).

Column ``c`` owns bits ``c*7 .. c*7+6``: six cells from the bottom up plus one always-empty
sentinel bit, so shifting a line of stones never wraps into the next column. A position is
``(current, mask, moves)``: ``current`` has the stones of the player to move, ``mask`` every
stone, ``moves`` the number of stones played. ``current + mask`` is a unique key that fits in
49 bits. Every function here is plain scalar arithmetic compiled by numba; all bitboards stay
``np.uint64`` (mixing in signed ints makes numba fall back to floats).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.native import popcount

WIDTH = 7
HEIGHT = 6
CELLS = WIDTH * HEIGHT
KEY_BITS = WIDTH * (HEIGHT + 1)
# Exact scores lie in [MIN_SCORE, MAX_SCORE] once the immediate wins are handled separately.
MIN_SCORE = -(CELLS // 2) + 3
MAX_SCORE = (CELLS + 1) // 2 - 3
# Centre columns first: they take part in the most lines, so they cut the search first.
COLUMN_ORDER = np.array([3, 2, 4, 1, 5, 0, 6], dtype=np.int64)

_U0 = np.uint64(0)
_U1 = np.uint64(1)
_ALL = np.uint64(0xFFFF_FFFF_FFFF_FFFF)  # numba types ~uint64 as int64: XOR with this instead
_V = np.uint64(1)  # vertical neighbour
_H = np.uint64(HEIGHT + 1)  # horizontal neighbour
_D1 = np.uint64(HEIGHT)  # diagonal going down to the right
_D2 = np.uint64(HEIGHT + 2)  # diagonal going up to the right
BOTTOM_MASK = np.uint64(sum(1 << (c * (HEIGHT + 1)) for c in range(WIDTH)))
BOARD_MASK = np.uint64(int(BOTTOM_MASK) * ((1 << HEIGHT) - 1))
_COLUMN = np.uint64((1 << HEIGHT) - 1)


@njit(cache=True, inline="always")
def column_mask(col: int) -> np.uint64:
    return _COLUMN << np.uint64(col * (HEIGHT + 1))


@njit(cache=True, inline="always")
def top_mask(col: int) -> np.uint64:
    return _U1 << np.uint64(HEIGHT - 1 + col * (HEIGHT + 1))


@njit(cache=True, inline="always")
def bottom_mask(col: int) -> np.uint64:
    return _U1 << np.uint64(col * (HEIGHT + 1))


@njit(cache=True, inline="always")
def can_play(mask: np.uint64, col: int) -> bool:
    return (mask & top_mask(col)) == _U0


@njit(cache=True, inline="always")
def possible(mask: np.uint64) -> np.uint64:
    """The cell each non-full column would receive next."""
    return (mask + BOTTOM_MASK) & BOARD_MASK


@njit(cache=True, inline="always")
def _pair_then_third(position: np.uint64, shift: np.uint64) -> np.uint64:
    """Empty cells that complete four in the line direction ``shift`` (both orientations)."""
    p = (position << shift) & (position << (shift + shift))
    r = p & (position << (shift + shift + shift))
    r |= p & (position >> shift)
    p = (position >> shift) & (position >> (shift + shift))
    r |= p & (position << shift)
    r |= p & (position >> (shift + shift + shift))
    return r


@njit(cache=True, inline="always")
def winning_cells(position: np.uint64, mask: np.uint64) -> np.uint64:
    """Every empty cell (playable now or not) where ``position``'s owner would make four."""
    r = (position << _V) & (position << (_V + _V)) & (position << (_V + _V + _V))
    r |= _pair_then_third(position, _H)
    r |= _pair_then_third(position, _D1)
    r |= _pair_then_third(position, _D2)
    return r & (BOARD_MASK ^ mask)


@njit(cache=True, inline="always")
def can_win_next(current: np.uint64, mask: np.uint64) -> bool:
    return (winning_cells(current, mask) & possible(mask)) != _U0


@njit(cache=True, inline="always")
def non_losing_moves(current: np.uint64, mask: np.uint64) -> np.uint64:
    """Playable cells that do not hand the opponent an immediate win.

    Assumes the player to move cannot win at once. Zero means every move loses next turn:
    two opponent threats are playable, or every move lands under an opponent threat.
    """
    moves = possible(mask)
    opponent_win = winning_cells(current ^ mask, mask)
    forced = moves & opponent_win
    if forced != _U0:
        if (forced & (forced - _U1)) != _U0:
            return _U0
        moves = forced
    return moves & (_ALL ^ (opponent_win >> _V))


@njit(cache=True, inline="always")
def move_score(current: np.uint64, mask: np.uint64, move: np.uint64) -> int:
    """Threat-based ordering key: how many winning cells the mover owns after ``move``."""
    return np.int64(popcount(winning_cells(current | move, mask)))


@njit(cache=True)
def parse_columns(codes: np.ndarray) -> tuple[int, int, np.uint64, np.uint64]:
    """Play the ASCII digits ``codes`` ('1'..'7') from the empty board.

    Returns ``(status, index, current, mask)``; status 0 = fine, 1 = not a column digit,
    2 = the column is full, 3 = the move wins (the game would already be over); ``index`` is
    the offending position in ``codes``.
    """
    current = _U0
    mask = _U0
    for i in range(codes.shape[0]):
        col = np.int64(codes[i]) - 49
        if col < 0 or col >= WIDTH:
            return 1, i, current, mask
        if not can_play(mask, col):
            return 2, i, current, mask
        move = (mask + bottom_mask(col)) & column_mask(col)
        if (winning_cells(current, mask) & move) != _U0:
            return 3, i, current, mask
        current ^= mask
        mask |= move
    return 0, -1, current, mask
