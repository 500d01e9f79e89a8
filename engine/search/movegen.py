"""Which moves the search looks at, given the threats on the board.

* The opponent has a five to complete: only its completion cells (block, or lose). Under
  caro also the cells that leave that five blocked at both ends (a caro five so blocked does
  not win): the other end of a four already blocked at one end.
* The opponent can make an open four (it has an open three): our own fours, plus every cell
  where the opponent would make a four — the only moves that stop the three or gain a tempo;
  under caro also the cells after which it has no open four left (a cap of the five its four
  would make).
  In renju a black three whose open-four points are all forbidden to black is no three (a
  false three): white need not answer it, so it gets the ALL list.
* Otherwise every empty cell within two cells of a stone (the centre on an empty board).
Gravity boards have no room for that reasoning: their moves are the column tops.

In renju black's forbidden points leave every list. A BLOCK list can then be empty: black
cannot stop the five and has lost (the caller scores it). A DEFEND list that empties falls back
on the ALL list: nothing stops the three, but the search may still find the best way to lose.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from engine.search.evaluation import C_F4, tally_fives, tally_open_fours
from engine.search.forbidden import can_make_open_four, drop_forbidden, forbids
from engine.search.patterns import CARO, CARO_EXACT, WALL_CODE
from engine.search.position import (
    COLS,
    EVERY_MARK,
    FIVE_MARKS,
    FOUR_MARKS,
    GRAVITY,
    ROWS,
    RULE,
    K,
    Position,
    cell_class,
    gravity_target,
    make,
    mark_set,
    marked_cells,
    unmake,
)

ALL, DEFEND, BLOCK = 0, 1, 2  # kinds of move lists, returned with the list


@njit(cache=True, inline="always")
def list_kind(pos: Position, side: int) -> int:
    """The kind of list :func:`gen_moves` returns for ``side``, from the tallies alone."""
    if pos.cfg[GRAVITY]:
        return ALL
    opp = 2 - side
    if tally_fives(pos.tally[opp]) > 0:
        return BLOCK
    if can_make_open_four(pos, 3 - side):  # renju: black's forbidden open-four points are none
        return DEFEND
    return ALL


@njit(cache=True, inline="always")
def caro_rule(pos: Position) -> bool:
    """Whether a five blocked at both ends does not win (caro, caro-exact): then a cap stops a
    four or a three where other rules need a block on the line itself."""
    return pos.cfg[RULE] == CARO or pos.cfg[RULE] == CARO_EXACT


@njit(cache=True, inline="always")
def on_all_list(pos: Position, side: int, idx: int) -> bool:
    """Whether ``idx`` is on a free-placement board's ALL list for ``side`` (empty, near a
    stone, not forbidden), so a remembered move can be searched before the list is generated."""
    return (
        idx >= 0
        and pos.board[idx] == 0
        and pos.near[idx] > 0
        and not pos.cfg[GRAVITY]
        and not forbids(pos, side, idx)
    )


@njit(cache=True, inline="always")
def gen_moves(pos: Position, side: int, out: np.ndarray) -> tuple[int, int]:
    """Fill ``out`` (room for every cell plus one) with the moves worth searching for
    ``side``; return (count, kind)."""
    opp = 2 - side
    n = 0
    kind = list_kind(pos, side)
    if pos.cfg[GRAVITY]:
        for col in range(pos.cfg[COLS]):
            idx = gravity_target(pos, col)
            if idx >= 0:
                out[n] = idx
                n += 1
        return n, ALL
    if kind == BLOCK:
        n = marked_cells(pos, mark_set(opp, FIVE_MARKS), out)
        if caro_rule(pos):
            n = add_caro_caps(pos, side, out, n)
        return drop_forbidden(pos, side, out, n), BLOCK
    if kind == DEFEND:  # every cell where either side makes a four or a five
        n = marked_cells(pos, EVERY_MARK, out)
        if caro_rule(pos):
            n = add_caro_three_stops(pos, side, out, n)
        n = drop_forbidden(pos, side, out, n)
        if n > 0:
            return n, DEFEND
    return gen_all(pos, side, out), ALL


@njit(cache=True)
def add_caro_caps(pos: Position, side: int, out: np.ndarray, n: int) -> int:
    """Append to the ``n`` completion cells of the opponent's fives in ``out`` every other cell
    that stops them all: under caro a five blocked at both ends does not win, so a stone at the
    free end of a four blocked at the other also stops it. Such a cap can only be the cell just
    past one end of the opponent's run through a completion cell, in a direction where the run
    is long enough for a five and its other end is closed (by ``side`` or the edge); it is kept
    when, after it, the opponent has no five cell left (the tallies say so exactly)."""
    opp = 3 - side
    for j in range(n):
        for d in range(4):
            step = pos.steps[d]
            lo, hi, run = out[j] - step, out[j] + step, 1
            while pos.board[lo] == opp:
                lo -= step
                run += 1
            while pos.board[hi] == opp:
                hi += step
                run += 1
            if run >= pos.cfg[K]:
                n = _add_cap(pos, side, out, n, lo, hi)
                n = _add_cap(pos, side, out, n, hi, lo)
    return n


@njit(cache=True, inline="always")
def _add_cap(pos: Position, side: int, out: np.ndarray, n: int, end: int, other: int) -> int:
    """Append ``end`` to ``out`` when the run's ``other`` end is closed and a stone of
    ``side`` at ``end`` leaves the opponent no five cell."""
    if pos.board[other] == 0:
        return n
    return _add_if_it_stops(pos, side, out, n, end, False)


@njit(cache=True, inline="always")
def _add_if_it_stops(
    pos: Position, side: int, out: np.ndarray, n: int, idx: int, open_fours: bool
) -> int:
    """Append ``idx`` to the ``n`` cells in ``out`` when it is empty, not listed yet, and a
    stone of ``side`` there leaves the opponent no five cell (``open_fours``: no open-four
    point); exact, by ``make`` and the tallies."""
    if pos.board[idx] != 0 or _listed(out, n, idx):
        return n
    opp = 2 - side
    make(pos, idx, side)
    if open_fours:
        stopped = tally_open_fours(pos.tally[opp]) == 0
    else:
        stopped = tally_fives(pos.tally[opp]) == 0
    unmake(pos, idx)
    if stopped:
        out[n] = idx
        n += 1
    return n


@njit(cache=True)
def add_caro_three_stops(pos: Position, side: int, out: np.ndarray, n: int) -> int:
    """Append to the ``n`` cells of a DEFEND list in ``out`` every other cell after which the
    opponent can no longer make an open four. Under caro a stone just past the end of the five
    a four would make leaves that five blocked at both ends, so a cell where the opponent makes
    no four can still stop its three (all 7 caro DEFEND puzzles of session 18's deep.txt). The
    candidates are the empty cells within k of an open-four point of the opponent, on a line
    where it has at least k - 2 stones within k - 1 of the point (the four's); one is kept when,
    after it, the opponent has no open-four point left (the tallies say so exactly)."""
    opp = 3 - side
    marks = pos.marks
    for word in range(marks.shape[2]):
        x = marks[opp - 1, FOUR_MARKS, word]
        while x != 0:
            point = word * 64 + trailing_zeros(x)
            x &= x - np.uint64(1)
            if cell_class(pos, opp - 1, point) != C_F4:
                continue
            for d in range(4):
                if _stones_near(pos, opp, point, pos.steps[d]) >= pos.cfg[K] - 2:
                    n = _add_stops_on_line(pos, side, out, n, point, pos.steps[d])
    return n


@njit(cache=True, inline="always")
def _stones_near(pos: Position, player: int, point: int, step: int) -> int:
    """``player``'s stones within k - 1 of ``point`` along ``step``, both ways, up to the
    first other stone or the edge."""
    count = 0
    for sign in (-1, 1):
        idx = point
        for _ in range(pos.cfg[K] - 1):
            idx += sign * step
            if pos.board[idx] != player and pos.board[idx] != 0:
                break
            count += pos.board[idx] == player
    return count


@njit(cache=True, inline="always")
def _add_stops_on_line(
    pos: Position, side: int, out: np.ndarray, n: int, point: int, step: int
) -> int:
    """Append the empty cells within k of ``point`` along ``step`` after which the opponent
    has no open-four point."""
    for sign in (-1, 1):
        idx = point
        for _ in range(pos.cfg[K]):
            idx += sign * step
            if pos.board[idx] == WALL_CODE:
                break
            n = _add_if_it_stops(pos, side, out, n, idx, True)
    return n


@njit(cache=True, inline="always")
def _listed(out: np.ndarray, n: int, idx: int) -> bool:
    for i in range(n):
        if out[i] == idx:
            return True
    return False


@njit(cache=True, inline="always")
def gen_all(pos: Position, side: int, out: np.ndarray) -> int:
    """The ALL list: every empty cell near a stone that ``side`` may play, or the centre."""
    n = 0
    board, near = pos.board, pos.near
    for idx in pos.cells:  # branch-free: which cells qualify is a coin toss for the predictor
        out[n] = idx
        n += np.int64(board[idx] == 0) & np.int64(near[idx] > 0)
    n = drop_forbidden(pos, side, out, n)
    if n == 0:
        out[0] = pos.cells[(pos.cfg[ROWS] // 2) * pos.cfg[COLS] + pos.cfg[COLS] // 2]
        if pos.board[out[0]] == 0:
            n = 1
        else:
            for idx in pos.cells:
                if pos.board[idx] == 0 and not forbids(pos, side, idx):
                    out[0] = idx
                    return 1
    return n
