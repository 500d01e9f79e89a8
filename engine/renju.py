"""Black's forbidden moves under the renju rule (RIF), one compiled implementation for the
board, the server and the search.

Reading of the RIF text used here (black is player 1; "black" below is a stone of player 1):

* A **five** is exactly five black stones in a row; six or more is an **overline**. A move that
  makes a five is never forbidden, whatever else it makes (double four, double three or an
  overline along another line): the five wins.
* A **four** is a line through the move to which one more black stone adds a five. Its
  *completion points* are the empty cells where that stone makes exactly five; a cell where it
  would make six is not a completion point, so a shape whose only way on is an overline is not a
  four. As a move that makes a five is never forbidden, a four's completion point is never
  forbidden either: there is no "false four" for black.
* A **straight four** has two completion points with its four stones between them
  (``_XXXX_``, each end making exactly five). Two completion points along one line that are not
  the ends of one straight four (``XXX_X_XXX``, ``XX_XX_XX``) are **two fours in one line**.
* A **three** is a line through the move that one more black stone, on a cell that is itself
  not forbidden (judged with the move on the board), turns into a straight four through the
  move. This is the recursive part: a three whose only straightening points are forbidden (a
  double three there, say) or lead to an overline is no three. A line is counted once, as a
  four if it has a four, else as a three if it has a three.
* The move is **forbidden** when it makes no five and makes an overline, or two or more fours
  (over all lines, counting a line with two fours twice), or two or more threes.

The functions take a padded board: an ``int8`` array with at least four wall cells (code 3)
beyond every edge along each direction, and the index step of each direction, the layout of
``engine.search.position`` (see :func:`padded_board`). The recursive three places one more
stone per level, so it ends within the number of empty cells.
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY, BLACK, WALL = 0, 1, 3
PAD = 5  # wall cells beyond each edge in :func:`padded_board`


def padded_board(
    rows: int, cols: int, cells: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(board, steps, index): ``cells`` (row 0 at the bottom) in the padded layout, the index
    step of each direction, and the padded index of every engine cell."""
    width = cols + PAD
    index = np.array(
        [(r + PAD + 1) * width + c for r in range(rows) for c in range(cols)], dtype=np.int64
    )
    board = np.full((rows + 2 * PAD + 2) * width, WALL, dtype=np.int8)
    board[index] = np.asarray(cells, dtype=np.int8)
    steps = np.array([1, width, width + 1, width - 1], dtype=np.int64)
    return board, steps, index


@njit(cache=True, inline="always")
def run_through(board: np.ndarray, step: int, p: int) -> int:
    """Length of the black run through ``p`` along ``step``, counting ``p`` as black."""
    n = 1
    q = p + step
    while board[q] == BLACK:
        n += 1
        q += step
    q = p - step
    while board[q] == BLACK:
        n += 1
        q -= step
    return n


@njit(cache=True, inline="always")
def _completions(board: np.ndarray, step: int, p: int) -> tuple[int, int, int]:
    """Completion points of the line through ``p`` (black, not yet part of a five): how many,
    and the offsets of the first and last one."""
    n, first, last = 0, 0, 0
    for off in range(-4, 5):
        e = p + off * step
        if off == 0 or board[e] != EMPTY:
            continue
        board[e] = BLACK
        if run_through(board, step, p) == 5:
            if n == 0:
                first = off
            last = off
            n += 1
        board[e] = EMPTY
    return n, first, last


# Fields of one frame of the explicit stack (see :func:`is_forbidden`).
_P, _FOURS, _THREES, _OPEN, _DIR, _OFF = range(6)
FRAME_FIELDS = 6


def new_stack(cells: int) -> np.ndarray:
    """Scratch for :func:`is_forbidden`: one frame per stone the check may place."""
    return np.zeros((cells + 1, FRAME_FIELDS), dtype=np.int64)


@njit(cache=True, inline="always")
def _enter(board: np.ndarray, steps: np.ndarray, p: int, frame: np.ndarray) -> int:
    """Place black on ``p`` and judge what needs no three: 1 forbidden, 0 allowed (the stone
    is lifted again), or -1 undecided (the stone stays, ``frame`` is set up to look for
    threes along the lines in its ``_OPEN`` bits, the lines without a four)."""
    board[p] = BLACK
    five, overline = False, False
    for d in range(4):
        run = run_through(board, steps[d], p)
        five = five or run == 5
        overline = overline or run > 5
    if five or overline:
        board[p] = EMPTY
        return 0 if five else 1
    fours, open_lines = 0, 0
    for d in range(4):
        n, first, last = _completions(board, steps[d], p)
        if n == 1 or (n == 2 and last - first == 5):
            fours += 1
        elif n >= 2:
            fours += 2
        else:
            open_lines |= 1 << d
    if fours >= 2 or open_lines == 0:
        board[p] = EMPTY
        return 1 if fours >= 2 else 0
    frame[_P], frame[_FOURS], frame[_THREES] = p, fours, 0
    frame[_OPEN], frame[_DIR], frame[_OFF] = open_lines, 0, -4
    return -1


@njit(cache=True)
def is_forbidden(board: np.ndarray, steps: np.ndarray, p: int, stack: np.ndarray) -> bool:
    """Whether black may not play the empty padded cell ``p``; the board is left unchanged.

    The three's definition is recursive (is the straightening point itself forbidden?); the
    recursion runs on ``stack`` (from :func:`new_stack`), one frame per stone placed, because
    numba's on-disk cache cannot link a recursive function into its callers."""
    if board[p] != EMPTY:
        return False
    verdict = _enter(board, steps, p, stack[0])
    if verdict >= 0:
        return verdict == 1
    top = 0
    child = -1  # verdict of the frame just finished, for its parent's current candidate
    while True:
        frame = stack[top]
        if child == 0:  # the straightening point is allowed: this line is a three
            frame[_THREES] += 1
            frame[_DIR] += 1
            frame[_OFF] = -4
        child = -1
        entered = False
        while frame[_DIR] < 4 and frame[_FOURS] < 2 and frame[_THREES] < 2:
            d = frame[_DIR]
            frame[_OFF] += 1
            if not (frame[_OPEN] >> d) & 1 or frame[_OFF] > 3:
                frame[_DIR] += 1
                frame[_OFF] = -4
                continue
            c = frame[_P] + frame[_OFF] * steps[d]
            if frame[_OFF] == 0 or board[c] != EMPTY:
                continue
            board[c] = BLACK
            n, first, last = _completions(board, steps[d], frame[_P])
            board[c] = EMPTY
            if n != 2 or last - first != 5:
                continue  # no straight four this way
            verdict = _enter(board, steps, c, stack[top + 1])
            if verdict == 0:
                frame[_THREES] += 1
                frame[_DIR] += 1
                frame[_OFF] = -4
            elif verdict < 0:
                top += 1
                entered = True
                break
        if entered:
            continue
        result = 1 if frame[_FOURS] >= 2 or frame[_THREES] >= 2 else 0
        board[frame[_P]] = EMPTY
        if top == 0:
            return result == 1
        top -= 1
        child = result


@njit(cache=True)
def forbidden_cells(
    board: np.ndarray, steps: np.ndarray, index: np.ndarray, stack: np.ndarray
) -> np.ndarray:
    """The engine cells (positions in ``index``) of every empty cell forbidden to black."""
    out = np.zeros(index.shape[0], dtype=np.int64)
    n = 0
    for cell in range(index.shape[0]):
        if is_forbidden(board, steps, index[cell], stack):
            out[n] = cell
            n += 1
    return out[:n]
