"""The AI's front door: one call from a variant spec and a move list to a chosen move.

Inputs are plain strings so the call runs unchanged in a worker process. The position decides
the searcher: an exact solve for small positions, the Connect Four solver for Connect Four,
and the threat-aware alpha-beta search for every other board.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from functools import partial

from engine.analysis import Analysis
from engine.board import Board
from engine.connect4 import player as connect4_player
from engine.connect4.player import choose_connect4_move
from engine.errors import EngineError, GameOverError
from engine.exact import can_solve, choose_exact_move
from engine.levels import LEVELS, TOP
from engine.search import player as grid_player
from engine.search.player import choose_grid_move
from engine.variants import VARIANTS

MIN_TIME_MS, MAX_TIME_MS = 10, 60_000

__all__ = ["Analysis", "choose_move", "warm_up"]


class LevelError(EngineError):
    code = "bad_level"


def choose_move(
    variant: str,
    moves: Sequence[str] | str,
    *,
    level: int = TOP,
    time_ms: int | None = None,
    seed: int = 0,
) -> Analysis:
    """Choose a move for the side to move after ``moves`` (notation) in ``variant`` (spec).

    ``level`` (a key of ``engine.levels.LEVELS``) sets the strength and, unless ``time_ms`` is
    given, the most time a move may take. The same inputs and ``seed`` give the same move
    whenever the search is not cut short by time (levels below the top stop on node budgets).
    Raises :class:`GameOverError` for a finished game and notation errors for a bad one.
    """
    if isinstance(level, bool) or level not in LEVELS:
        raise LevelError(f"level must be {min(LEVELS)}..{max(LEVELS)}, not {level!r}")
    budget = LEVELS[level].time_ms if time_ms is None else time_ms
    if not MIN_TIME_MS <= budget <= MAX_TIME_MS:
        raise LevelError(f"time budget must be {MIN_TIME_MS}..{MAX_TIME_MS} ms, not {budget}")
    board = Board.from_moves(variant, moves)
    if board.is_game_over():
        raise GameOverError("the game is over: there is no move to choose")
    return choose_for_board(board, time_ms=budget, level=level, seed=seed)


def choose_for_board(board: Board, *, time_ms: int, level: int, seed: int) -> Analysis:
    """Dispatch an unfinished position to the searcher that plays it best."""
    if board.variant == VARIANTS["connect4"]:
        return choose_connect4_move(board, time_ms=time_ms, level=level, seed=seed)
    if can_solve(board):
        return choose_exact_move(board, level=level, seed=seed)
    return choose_grid_move(board, time_ms=time_ms, level=level, seed=seed)


def _solve_empty(variant: str) -> None:
    choose_exact_move(Board(VARIANTS[variant]), level=TOP, seed=0)


# Every searcher's warm-up, named for progress lines (engine/precompile.py prints them).
WARM_UP: tuple[tuple[str, Callable[[], None]], ...] = (
    *grid_player.WARM_UP,
    ("Connect Four", connect4_player.warm_up),
    ("tic-tac-toe", partial(_solve_empty, "tictactoe")),
)

Progress = Callable[[int, int, str], None]  # (steps done, steps in all, the step starting)


def warm_up(progress: Progress | None = None) -> None:
    """Load every searcher's compiled code and tables before the first real request, so a
    worker's first move gets its whole budget. Process-pool initialisers call this. On a cold
    numba cache this compiles instead, which is what `engine.precompile` runs it for."""
    for done, (name, step) in enumerate(WARM_UP):
        if progress is not None:
            progress(done, len(WARM_UP), name)
        step()
    gc.freeze()  # the long-lived objects (numba's types, our tables) leave future collections
