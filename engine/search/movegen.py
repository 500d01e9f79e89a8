"""Which moves the search looks at, given the threats on the board.

* The opponent has a five to complete: only its completion cells (block, or lose). Under
  caro also the cells that leave that five blocked at both ends (a caro five so blocked does
  not win): the other end of a four already blocked at one end.
* The opponent can make an open four (it has an open three): our own fours, plus every cell
  where the opponent would make a four — the only moves that stop the three or gain a tempo.
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

from engine.search.evaluation import tally_fives
from engine.search.forbidden import can_make_open_four, drop_forbidden, forbids
from engine.search.patterns import CARO, CARO_EXACT, WALL_CODE
from engine.search.position import (
    COLS,
    EVERY_MARK,
    FIVE_MARKS,
    GRAVITY,
    ROWS,
    RULE,
    K,
    Position,
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
        if pos.cfg[RULE] == CARO or pos.cfg[RULE] == CARO_EXACT:
            n = _add_caro_caps(pos, side, out, n)
        return drop_forbidden(pos, side, out, n), BLOCK
    if kind == DEFEND:  # every cell where either side makes a four or a five
        n = drop_forbidden(pos, side, out, marked_cells(pos, EVERY_MARK, out))
        if n > 0:
            return n, DEFEND
    return gen_all(pos, side, out), ALL


@njit(cache=True)
def _add_caro_caps(pos: Position, side: int, out: np.ndarray, n: int) -> int:
    """Append to the ``n`` completion cells in ``out`` every other cell that stops the
    opponent's fives: under caro a five blocked at both ends does not win, so a stone at the
    free end of a four blocked at the other also stops it. The candidates are the empty cells
    on the four lines through each completion cell, within k of it; a candidate is kept when,
    after it, the opponent has no five cell left (the tallies say so exactly)."""
    opp = 2 - side
    fives = n
    for j in range(fives):
        for d in range(4):
            for sign in (-1, 1):
                idx = out[j]
                for _ in range(pos.cfg[K]):
                    idx += sign * pos.steps[d]
                    if pos.board[idx] == WALL_CODE:
                        break
                    if pos.board[idx] != 0 or _listed(out, n, idx):
                        continue
                    make(pos, idx, side)
                    stopped = tally_fives(pos.tally[opp]) == 0
                    unmake(pos, idx)
                    if stopped:
                        out[n] = idx
                        n += 1
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
