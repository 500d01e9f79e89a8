"""The Connect Four AI: perfect play whenever the exact solver finishes in time, otherwise
an iterative-deepening alpha-beta search, with levels that play worse in a human way.

Time: both searches read a monotonic clock from compiled code every ~1000 nodes (well under a
millisecond) and give up at their deadline, so a move never takes much longer than its budget
(``bench/connect4.py`` measures the overrun). The exact solve gets a share of the
budget first; its transposition table is kept for the whole process, so later moves of a game
reuse what earlier ones proved. When it runs out of time, the heuristic search uses the rest.
"""

from __future__ import annotations

import random
import time

import numpy as np

from engine.analysis import WIN_SCORE, Analysis
from engine.board import Board
from engine.connect4.heuristic import NO_MOVE, PROVEN, search_root
from engine.connect4.move_sorter import new_scratch
from engine.connect4.position import (
    CELLS,
    COLUMN_ORDER,
    WIDTH,
    column_mask,
    possible,
    winning_cells,
)
from engine.connect4.solver import Connect4Solver, best_column, position_from_columns
from engine.connect4.transposition import CTX_ABORTED, CTX_DEADLINE_NS, CTX_LEN, CTX_NODES
from engine.errors import EngineError
from engine.levels import LEVELS, TOP, Connect4Strength
from engine.variants import VARIANTS

# Kept back from the budget for the Python work around the searches.
SAFETY_MS = 3.0
# Before this many stones the exact solve seldom finishes in a second (measured: at 6 plies most
# positions take longer than 3 s, at 8-12 plies most take 1 ms to 1.4 s), so it gets a smaller
# share of the budget and the heuristic search the rest.
EARLY_PLIES = 8
EARLY_SOLVE_SHARE = 0.25
MAX_PV = 12


# The player's table: 2M entries, 16 MB. A move's solve stores well under that in its budget;
# the solver's default (64 MB, for the benchmark's long solves) became resident page by page
# as games went on, a quarter of an AI worker's memory.
PLAYER_LOG_SIZE = 21
_solver: Connect4Solver | None = None


def _shared_solver() -> Connect4Solver:
    """One solver (and its 16 MB table) per process, created on first use."""
    global _solver
    if _solver is None:
        _solver = Connect4Solver(log_size=PLAYER_LOG_SIZE)
    return _solver


def choose_connect4_move(board: Board, *, time_ms: int, level: int, seed: int) -> Analysis:
    """A move for the side to move on a Connect Four ``board`` within ``time_ms``.

    Raises :class:`GameOverError` for a finished game, :class:`EngineError` for another variant.
    """
    started = time.monotonic_ns()
    if board.variant != VARIANTS["connect4"]:
        raise EngineError(f"not a Connect Four board: {board.variant.spec}")
    profile = LEVELS[level].connect4
    columns = "".join(str(cell % WIDTH + 1) for cell in board.move_stack)
    current, mask, moves = position_from_columns(columns)
    deadline = started + int((time_ms - SAFETY_MS) * 1e6)
    solve_nodes = 0
    if profile.solve_share > 0:
        solver = _shared_solver()
        share = profile.solve_share if moves >= EARLY_PLIES else EARLY_SOLVE_SHARE
        solve_deadline = started + int(time_ms * share * 1e6)
        column, exact, solve_nodes = _exact_best(solver, current, mask, moves, solve_deadline)
        if column >= 0:
            pv = _exact_pv(solver, current, mask, moves, column, deadline)
            return Analysis(
                move=str(column + 1),
                score=_proven_score(exact, moves),
                depth=CELLS - moves,
                nodes=solve_nodes,
                time_ms=(time.monotonic_ns() - started) / 1e6,
                pv=[str(col + 1) for col in pv],
            )
    scores, depth, nodes = deepen(current, mask, moves, profile, deadline)
    column = pick(scores, profile, random.Random(f"{seed}:{columns}"))
    score = int(scores[column])
    if abs(score) >= PROVEN:
        score = _proven_score(score - PROVEN if score > 0 else score + PROVEN, moves)
    return Analysis(
        move=str(column + 1),
        score=score,
        depth=depth,
        nodes=solve_nodes + nodes,
        time_ms=(time.monotonic_ns() - started) / 1e6,
        pv=[str(column + 1)],
    )


def warm_up() -> None:
    """Load the compiled searches and create the table before the first real move.

    Loading numba's cached machine code takes ~0.4 s (compiling it, on a fresh checkout, much
    longer); a first move that paid for it would be cut down to a one-ply search. Worker
    processes call this once when they start.
    """
    board = Board.from_moves("connect4", list("32164625"))
    for level in (1, TOP):
        choose_connect4_move(board, time_ms=60_000, level=level, seed=0)


def _exact_best(
    solver: Connect4Solver, current: np.uint64, mask: np.uint64, moves: int, deadline: int
) -> tuple[int, int, int]:
    """``(column, exact score, nodes)``; column -1 if the solve missed ``deadline``."""
    ctx = solver.tt.ctx
    ctx[CTX_NODES] = 0
    ctx[CTX_ABORTED] = 0
    ctx[CTX_DEADLINE_NS] = deadline
    column, score = best_column(
        current, mask, moves, solver.tt.table, ctx, solver.sort_moves, solver.sort_scores
    )
    return int(column), int(score), int(ctx[CTX_NODES])


def _exact_pv(
    solver: Connect4Solver,
    current: np.uint64,
    mask: np.uint64,
    moves: int,
    first: int,
    deadline: int,
) -> list[int]:
    """Best replies after ``first`` while the warm table answers them before ``deadline``."""
    pv = [first]
    while len(pv) < MAX_PV and moves + len(pv) < CELLS:
        move = possible(mask) & column_mask(pv[-1])
        if winning_cells(current, mask) & move:
            break
        current, mask = np.uint64(current ^ mask), np.uint64(mask | move)
        column, _, _ = _exact_best(solver, current, mask, moves + len(pv), deadline)
        if column < 0:
            break
        pv.append(column)
    return pv


def deepen(
    current: np.uint64, mask: np.uint64, moves: int, profile: Connect4Strength, deadline: int
) -> tuple[np.ndarray, int, int]:
    """Iterative deepening to ``profile.max_depth``: the root scores of the deepest finished
    iteration, that depth and the nodes searched. Depth 1 always finishes (no deadline)."""
    ctx = np.zeros(CTX_LEN, dtype=np.int64)
    sort_moves, sort_scores = new_scratch()
    order = COLUMN_ORDER.copy()
    best_scores = np.full(WIDTH, NO_MOVE, dtype=np.int64)
    reached = 0
    full_window = profile.mistake_rate > 0
    for depth in range(1, min(profile.max_depth, CELLS - moves) + 1):
        ctx[CTX_DEADLINE_NS] = 0 if depth == 1 else deadline
        scores = np.full(WIDTH, NO_MOVE, dtype=np.int64)
        search_root(
            current, mask, moves, depth, full_window, order, scores, ctx, sort_moves, sort_scores
        )
        if ctx[CTX_ABORTED]:
            break
        best_scores, reached = scores, depth
        # Next iteration: best first, centre first among equals (a stable sort of ``order``).
        order = np.array(sorted(order, key=lambda col: -scores[col]), dtype=np.int64)
        if abs(scores[order[0]]) >= PROVEN or time.monotonic_ns() > deadline:
            break
    return best_scores, reached, int(ctx[CTX_NODES])


def pick(scores: np.ndarray, profile: Connect4Strength, rng: random.Random) -> int:
    """The best column, or now and then (per the level) a worse one: never instead of a proven
    win, and never one the search saw lose by force (so every level takes a four and blocks
    the opponent's, the search seeing both at depth 2)."""
    ranked = sorted(
        (col for col in COLUMN_ORDER.tolist() if scores[col] > NO_MOVE),
        key=lambda col: -scores[col],
    )
    if scores[ranked[0]] >= PROVEN:
        return ranked[0]
    ranked = ranked[:1] + [col for col in ranked[1:] if scores[col] > -PROVEN]
    if len(ranked) > 1 and rng.random() < profile.mistake_rate:
        if profile.any_move_mistakes:
            return rng.choice(ranked[1:])
        return ranked[1]
    return ranked[0]


def _proven_score(exact: int, moves: int) -> int:
    """An exact score (the solver's convention) as ``WIN_SCORE - plies of the game at the
    win`` for the player to move, negated for a loss; 0 stays a draw."""
    if exact == 0:
        return 0
    winner_stones = (CELLS // 2 + 1) - abs(exact)
    mover_is_first = moves % 2 == 0
    winner_is_first = mover_is_first == (exact > 0)
    plies = 2 * winner_stones - 1 if winner_is_first else 2 * winner_stones
    return WIN_SCORE - plies if exact > 0 else -(WIN_SCORE - plies)


__all__ = ["choose_connect4_move", "deepen", "pick", "warm_up"]
