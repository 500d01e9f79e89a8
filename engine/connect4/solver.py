"""Exact Connect Four solver: Pascal Pons' negamax, compiled with numba.

The score convention is the one of Pascal Pons' test sets (``tests/data/connect4/README.md``): 0
for a draw, otherwise ``22 - n`` where ``n`` is the number of stones the winner has played when
the winning stone lands (counting it), positive when the player to move wins. The search is a
negamax with alpha-beta over "non-losing" moves only, ordered by the number of winning cells a
move creates (centre first on ties), bounded by the number of moves left, with upper and lower
bounds in a transposition table. The root narrows the score with null-window searches: a binary
search whose probes first jump halfway towards each bound (a quick win or loss settles cheaply
there), then close in on the exact value.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from engine.connect4.move_sorter import new_scratch, sorter_add
from engine.connect4.position import (
    CELLS,
    COLUMN_ORDER,
    MAX_SCORE,
    MIN_SCORE,
    WIDTH,
    can_play,
    can_win_next,
    column_mask,
    move_score,
    non_losing_moves,
    parse_columns,
    possible,
    winning_cells,
)
from engine.connect4.transposition import (
    CTX_ABORTED,
    CTX_DEADLINE_NS,
    CTX_NODES,
    TranspositionTable,
    count_node,
    tt_get,
    tt_put,
)
from engine.errors import EngineError, GameOverError, IllegalMoveError, NotationError
from engine.native import njit_search

# Stored values: upper bounds as 1..37, lower bounds as 38..74 (0 means "nothing stored").
_UPPER_OFFSET = 1 - MIN_SCORE
_LOWER_OFFSET = MAX_SCORE - 2 * MIN_SCORE + 2
_CLOCK_EVERY = 4095  # check the deadline once per 4096 nodes (under a millisecond)


@njit(cache=True, inline="always")
def _half(value: int) -> int:
    """Integer halving that rounds toward zero, like C (Python's // rounds down)."""
    return value // 2 if value >= 0 else -((-value) // 2)


@njit_search
def negamax(current, mask, moves, alpha, beta, table, ctx, sort_moves, sort_scores):  # type: ignore[no-untyped-def]
    """Score of the position within ``(alpha, beta)`` (fail-hard bounds outside it).

    Requires that the player to move cannot win at once. When the deadline in ``ctx`` passes,
    sets ``ctx[CTX_ABORTED]`` and returns a meaningless 0 without touching the table.
    """
    if count_node(ctx, _CLOCK_EVERY):
        return 0
    candidates = non_losing_moves(current, mask)
    if candidates == 0:
        return -((CELLS - moves) // 2)
    if moves >= CELLS - 2:
        return 0
    lowest = -((CELLS - 2 - moves) // 2)  # the opponent cannot win on its next move
    if alpha < lowest:
        alpha = lowest
        if alpha >= beta:
            return alpha
    highest = (CELLS - 1 - moves) // 2  # we cannot win on this move
    key = current + mask
    stored = tt_get(table, ctx, key)
    if stored != 0:
        if stored >= _LOWER_OFFSET + MIN_SCORE:
            lowest = stored - _LOWER_OFFSET
            if alpha < lowest:
                alpha = lowest
                if alpha >= beta:
                    return alpha
        else:
            highest = stored - _UPPER_OFFSET
    if beta > highest:
        beta = highest
        if alpha >= beta:
            return beta

    base = moves * WIDTH
    size = 0
    for i in range(WIDTH - 1, -1, -1):
        move = candidates & column_mask(COLUMN_ORDER[i])
        if move != 0:
            size = sorter_add(
                sort_moves, sort_scores, base, size, move, move_score(current, mask, move)
            )
    while size > 0:
        size -= 1
        move = sort_moves[base + size]
        score = -negamax(
            current ^ mask,
            mask | move,
            moves + 1,
            -beta,
            -alpha,
            table,
            ctx,
            sort_moves,
            sort_scores,
        )
        if ctx[CTX_ABORTED] != 0:
            return 0
        if score >= beta:
            tt_put(table, ctx, key, score + _LOWER_OFFSET)
            return score
        if score > alpha:
            alpha = score
    tt_put(table, ctx, key, alpha + _UPPER_OFFSET)
    return alpha


@njit(cache=True)
def solve_position(current, mask, moves, weak, table, ctx, sort_moves, sort_scores):  # type: ignore[no-untyped-def]
    """Exact score (``weak``: only its sign, -1/0/1) by iterated null-window searches.

    A weak solve runs the same probes and stops as soon as the sign is known. Pons' weak solve
    (one window around 0) measured 13x slower on Test_L1_R1, whose quick wins the first probes
    at +-half the range settle cheaply, and about as fast on the other sets.
    """
    if can_win_next(current, mask):
        return 1 if weak else (CELLS + 1 - moves) // 2
    low = -((CELLS - moves) // 2)
    high = (CELLS + 1 - moves) // 2
    while low < high and not (weak and (low > 0 or high < 0)):
        probe = low + (high - low) // 2
        if probe <= 0 and _half(low) < probe:
            probe = _half(low)
        elif probe >= 0 and _half(high) > probe:
            probe = _half(high)
        result = negamax(
            current, mask, moves, probe, probe + 1, table, ctx, sort_moves, sort_scores
        )
        if ctx[CTX_ABORTED] != 0:
            return 0
        if result <= probe:
            high = result
        else:
            low = result
    if weak:
        return (low > 0) - (low < 0)
    return low


@njit(cache=True)
def best_column(current, mask, moves, table, ctx, sort_moves, sort_scores):  # type: ignore[no-untyped-def]
    """``(column, exact score)`` of a best move: the highest score, centre first among equals.

    The highest score is also the quickest win or the slowest loss. Returns column -1 when the
    deadline in ``ctx`` cut the search short.
    """
    wins = winning_cells(current, mask) & possible(mask)
    for i in range(WIDTH):
        col = COLUMN_ORDER[i]
        if (wins & column_mask(col)) != 0:
            return col, (CELLS + 1 - moves) // 2
    score = solve_position(current, mask, moves, False, table, ctx, sort_moves, sort_scores)
    if ctx[CTX_ABORTED] != 0:
        return -1, 0
    # Every child is worth at least -score to the opponent; the best ones are worth exactly that.
    for i in range(WIDTH):
        col = COLUMN_ORDER[i]
        if not can_play(mask, col):
            continue
        child_current = current ^ mask
        child_mask = mask | (possible(mask) & column_mask(col))
        if can_win_next(child_current, child_mask):
            child = (CELLS - moves) // 2
        else:
            child = negamax(
                child_current, child_mask, moves + 1, -score, 1 - score,
                table, ctx, sort_moves, sort_scores,
            )  # fmt: skip
        if ctx[CTX_ABORTED] != 0:
            return -1, 0
        if child <= -score:
            return col, score
    return -1, score


class SolveTimeoutError(EngineError):
    """The solve did not finish within the time limit it was given."""

    code = "solve_timeout"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """An exact (or, for a weak solve, -1/0/1) score and what it cost to prove."""

    score: int
    nodes: int
    micros: float


def encode_columns(moves: str) -> np.ndarray:
    """The column digits as bytes for the compiled parser; rejects non-ASCII text early."""
    try:
        return np.frombuffer(moves.encode("ascii"), dtype=np.uint8)
    except UnicodeEncodeError:
        raise NotationError(f"columns must be digits 1..{WIDTH}: {moves!r}", moves) from None


def position_from_columns(moves: str) -> tuple[np.uint64, np.uint64, int]:
    """``(current, mask, moves)`` after the columns ``moves`` ('4453'), or a typed error."""
    codes = encode_columns(moves)
    status, index, current, mask = parse_columns(codes)
    if status == 1:
        raise NotationError(
            f"not a column 1..{WIDTH} at {index + 1} in {moves!r}", moves[index : index + 1]
        )
    if status == 2:
        raise IllegalMoveError(f"column {moves[index]} is full at move {index + 1} in {moves!r}")
    if status == 3:
        raise GameOverError(f"move {index + 1} of {moves!r} wins: the game is already over")
    if len(codes) == CELLS:
        raise GameOverError(f"{moves!r} fills the board: the game is already over (a draw)")
    # numba hands uint64 results back as Python ints: restore the type the search is built for.
    return np.uint64(current), np.uint64(mask), len(codes)


class Connect4Solver:
    """An exact solver that owns its transposition table, kept between calls unless reset.

    Keeping the table makes the positions of one game cheaper to solve one after the other;
    :func:`solve` instead resets it for every position (the benchmark convention).
    """

    def __init__(self, log_size: int | None = None) -> None:
        self.tt = TranspositionTable() if log_size is None else TranspositionTable(log_size)
        self.sort_moves, self.sort_scores = new_scratch()

    def reset(self) -> None:
        """Forget every stored position (O(1): a new table generation)."""
        self.tt.clear()

    def solve(
        self, moves: str, *, weak: bool = False, time_limit_ms: float | None = None
    ) -> SolveResult:
        """Exact score of the position after ``moves`` for the player to move.

        Early positions can take minutes; with ``time_limit_ms`` the search gives up at that
        point and raises :class:`SolveTimeoutError` (what it proved so far stays in the table).
        """
        current, mask, played = position_from_columns(moves)
        ctx = self.tt.ctx
        ctx[CTX_NODES] = 0
        ctx[CTX_ABORTED] = 0
        ctx[CTX_DEADLINE_NS] = 0
        if time_limit_ms is not None:
            ctx[CTX_DEADLINE_NS] = time.monotonic_ns() + int(time_limit_ms * 1e6)
        start = time.perf_counter_ns()
        score = solve_position(
            current, mask, played, weak, self.tt.table, ctx, self.sort_moves, self.sort_scores
        )
        micros = (time.perf_counter_ns() - start) / 1000
        if ctx[CTX_ABORTED]:
            raise SolveTimeoutError(
                f"{moves!r} was not solved within {time_limit_ms} ms ({ctx[CTX_NODES]} nodes)"
            )
        return SolveResult(int(score), int(ctx[CTX_NODES]), micros)


_shared_solver: Connect4Solver | None = None


def solve(moves: str, *, weak: bool = False, time_limit_ms: float | None = None) -> SolveResult:
    """Exact score after ``moves`` with a fresh table (the published benchmarks' convention).

    >>> solve("2252576253462244111563365343671351441").score
    -1
    """
    global _shared_solver
    if _shared_solver is None:
        _shared_solver = Connect4Solver()
    _shared_solver.reset()
    return _shared_solver.solve(moves, weak=weak, time_limit_ms=time_limit_ms)
