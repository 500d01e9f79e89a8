"""Renju in the search: which cells black may not play, asked of the search's own board.

The answer is the rule's one implementation (``engine.renju``) run on ``Position.board``, whose
padded layout it shares. That check recurses, so the search first rules most cells out from
what it already keeps: a forbidden move makes no five and either an overline or two fours or
two threes, and every rule three is a pattern open three (``F3``) and every four at least a
``B4`` along its line (two fours in one line are an ``F4``). So only cells of black's classes
``C_F3F3``, ``C_B4F3`` and ``C_F4``, and cells next to a black run that could reach six, are
ever checked in full.

The static evaluation sums each empty cell's worth to each player (``evaluation.py``); a cell
black may not play is worth nothing to black, so in renju :func:`static_eval` takes the
forbidden cells' scores out of black's sum (a double three or a four whose completing point is
forbidden is no asset). Only cells of black's classes from ``C_F3F3`` up (not fives) are
checked: the cells where a forbidden shape is worth anything.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from engine.renju import is_forbidden, run_through
from engine.search.evaluation import (
    C_B4F3,
    C_F3F3,
    C_F4,
    C_FIVE,
    balance,
    evaluate,
    tally_open_fours,
    tally_score,
)
from engine.search.patterns import RENJU
from engine.search.position import FOUR_MARKS, RULE, Position, cell_class, cell_score


@njit(cache=True, inline="always")
def _may_reach_six(board: np.ndarray, steps: np.ndarray, idx: int) -> bool:
    """Whether a black stone on ``idx`` joins runs of five or more along some line."""
    for d in range(4):
        if run_through(board, steps[d], idx) > 5:
            return True
    return False


@njit(cache=True, inline="always")
def forbids(pos: Position, side: int, idx: int) -> bool:
    """Whether the rule forbids ``side`` to play the empty padded cell ``idx`` (renju, black)."""
    if side != 1 or pos.cfg[RULE] != RENJU:
        return False
    cls = cell_class(pos, 0, idx)
    if cls != C_F3F3 and cls != C_B4F3 and cls != C_F4 and not _may_reach_six(
        pos.board, pos.steps, idx
    ):
        return False
    return is_forbidden(pos.board, pos.steps, idx, pos.renju_stack)


@njit(cache=True, inline="always")
def drop_forbidden(pos: Position, side: int, moves: np.ndarray, n: int) -> int:
    """Remove the moves :func:`forbids` from ``moves[:n]`` in place; return how many are left."""
    if side != 1 or pos.cfg[RULE] != RENJU:
        return n
    kept = 0
    for i in range(n):
        if not forbids(pos, side, moves[i]):
            moves[kept] = moves[i]
            kept += 1
    return kept


@njit(cache=True, inline="always")
def can_make_open_four(pos: Position, side: int) -> bool:
    """Whether ``side`` has a cell it may play that makes an open four (or a double four):
    the tally counts them, but in renju black's may be forbidden, so its are checked."""
    if tally_open_fours(pos.tally[side - 1]) == 0:
        return False
    if side != 1 or pos.cfg[RULE] != RENJU:
        return True
    marks = pos.marks
    for word in range(marks.shape[2]):
        x = marks[0, FOUR_MARKS, word]
        while x != 0:
            idx = word * 64 + trailing_zeros(x)
            if cell_class(pos, 0, idx) == C_F4 and not forbids(pos, side, idx):
                return True
            x &= x - np.uint64(1)
    return False


@njit(cache=True, inline="always")
def forbidden_worth(pos: Position) -> int:
    """Renju: the sum of black's scores on the empty cells black may not play (the strong
    ones: classes ``C_F3F3`` to ``C_F4``)."""
    total = 0
    for i in range(pos.cells.shape[0]):
        idx = pos.cells[i]
        if pos.board[idx] != 0 or pos.near[idx] == 0:
            continue
        cls = cell_class(pos, 0, idx)
        if cls >= C_F3F3 and cls != C_FIVE and forbids(pos, 1, idx):
            total += cell_score(pos, 0, idx)
    return total


@njit(cache=True, inline="always")
def static_eval(pos: Position, side: int) -> int:
    """The evaluation for ``side`` to move (``evaluation.evaluate``); in renju without the
    worth of black's forbidden cells."""
    if pos.cfg[RULE] != RENJU:
        return evaluate(pos.tally, side)
    black = tally_score(pos.tally[0]) - forbidden_worth(pos)
    white = tally_score(pos.tally[1])
    return balance(black, white) if side == 1 else balance(white, black)
