"""Depth-limited alpha-beta with an evaluation, for positions the exact solver cannot finish.

Early in the game a perfect solve takes minutes, so the player searches as deep as its time
allows and scores the leaves by the lines still open to each side (three stones in an open
line count most) and by the threats each side holds on the rows where Connect Four theory says
they matter (odd rows for the first player, even rows for the second). Proven results found on
the way keep the exact convention: ``±(PROVEN + |exact score|)``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.connect4.move_sorter import sorter_add
from engine.connect4.position import (
    CELLS,
    COLUMN_ORDER,
    HEIGHT,
    WIDTH,
    can_play,
    can_win_next,
    column_mask,
    move_score,
    non_losing_moves,
    possible,
    winning_cells,
)
from engine.connect4.transposition import CTX_ABORTED, count_node
from engine.native import njit_search, popcount

PROVEN = 10_000  # evaluations stay far below this; proven results are beyond it
INFINITY = 1_000_000
NO_MOVE = -INFINITY  # root score of a full column
_CLOCK_EVERY = 1023


def _bit(col: int, row: int) -> int:
    return 1 << (col * (HEIGHT + 1) + row)


def _lines() -> np.ndarray:
    """The 69 lines of four cells, as bitboards."""
    lines = []
    for col in range(WIDTH):
        for row in range(HEIGHT):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(col + i * dc, row + i * dr) for i in range(4)]
                if all(0 <= c < WIDTH and 0 <= r < HEIGHT for c, r in cells):
                    lines.append(sum(_bit(c, r) for c, r in cells))
    return np.array(lines, dtype=np.uint64)


LINES = _lines()
# Weight of an open line by the stones one side has in it (none of the other side's).
LINE_WEIGHTS = np.array([0, 1, 4, 12, 0], dtype=np.int64)
THREAT_WEIGHT = 6  # a threat on a row where it can decide the game (parity)
# Rows 1, 3, 5 counted from 1 (indices 0, 2, 4): the first player's threats belong there.
ODD_ROWS = np.uint64(sum(_bit(c, r) for c in range(WIDTH) for r in range(0, HEIGHT, 2)))
EVEN_ROWS = np.uint64(sum(_bit(c, r) for c in range(WIDTH) for r in range(1, HEIGHT, 2)))


@njit(cache=True)
def evaluate(current, mask, moves):  # type: ignore[no-untyped-def]
    """Heuristic value for the player to move (far inside ``±PROVEN``)."""
    opponent = current ^ mask
    score = 0
    for i in range(LINES.shape[0]):
        line = LINES[i]
        mine = line & current
        theirs = line & opponent
        if theirs == 0:
            score += LINE_WEIGHTS[popcount(mine)]
        elif mine == 0:
            score -= LINE_WEIGHTS[popcount(theirs)]
    my_rows, their_rows = (ODD_ROWS, EVEN_ROWS) if moves % 2 == 0 else (EVEN_ROWS, ODD_ROWS)
    score += THREAT_WEIGHT * np.int64(popcount(winning_cells(current, mask) & my_rows))
    score -= THREAT_WEIGHT * np.int64(popcount(winning_cells(opponent, mask) & their_rows))
    return score


@njit_search
def alphabeta(current, mask, moves, depth, alpha, beta, ctx, sort_moves, sort_scores):  # type: ignore[no-untyped-def]
    """Fail-soft negamax to ``depth`` plies; sets ``ctx[CTX_ABORTED]`` at the deadline."""
    if count_node(ctx, _CLOCK_EVERY):
        return 0
    if can_win_next(current, mask):
        return PROVEN + (CELLS + 1 - moves) // 2
    candidates = non_losing_moves(current, mask)
    if candidates == 0:  # the opponent wins next, or the board is full (a draw)
        return -(PROVEN + (CELLS - moves) // 2) if moves < CELLS else 0
    if moves >= CELLS - 2:
        return 0
    if depth <= 0:
        return evaluate(current, mask, moves)
    base = moves * WIDTH
    size = 0
    for i in range(WIDTH - 1, -1, -1):
        move = candidates & column_mask(COLUMN_ORDER[i])
        if move != 0:
            score = move_score(current, mask, move)
            size = sorter_add(sort_moves, sort_scores, base, size, move, score)
    best = -INFINITY
    while size > 0:
        size -= 1
        move = sort_moves[base + size]
        score = -alphabeta(
            current ^ mask, mask | move, moves + 1, depth - 1, -beta, -alpha,
            ctx, sort_moves, sort_scores,
        )  # fmt: skip
        if ctx[CTX_ABORTED] != 0:
            return 0
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


@njit(cache=True)
def search_root(  # type: ignore[no-untyped-def]
    current, mask, moves, depth, full_window, order, scores, ctx, sort_moves, sort_scores
):
    """Score every column (in ``order``) to ``depth`` into ``scores``; full columns get
    ``NO_MOVE``. With ``full_window`` every score is exact at this depth, otherwise only the
    best one is (the others are upper bounds)."""
    wins = winning_cells(current, mask) & possible(mask)
    best = -INFINITY
    for i in range(WIDTH):
        col = order[i]
        if not can_play(mask, col):
            scores[col] = NO_MOVE
            continue
        move = possible(mask) & column_mask(col)
        if (wins & move) != 0:
            scores[col] = PROVEN + (CELLS + 1 - moves) // 2
        else:
            alpha = -INFINITY if full_window else best
            scores[col] = -alphabeta(
                current ^ mask, mask | move, moves + 1, depth - 1, -INFINITY, -alpha,
                ctx, sort_moves, sort_scores,
            )  # fmt: skip
            if ctx[CTX_ABORTED] != 0:
                return
        if scores[col] > best:
            best = scores[col]
