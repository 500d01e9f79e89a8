"""Perfect play for small positions by exhaustive negamax with a memo of solved positions.

Tic-tac-toe has 5,478 reachable positions, so it is solved outright; the same solver finishes
any board with few empty cells. Scores prefer the fastest win and the slowest loss.
"""

from __future__ import annotations

import random
import time

from engine.analysis import WIN_SCORE, Analysis
from engine.board import Board
from engine.levels import LEVELS

# Positions with at most this many empty cells are solved exactly (3x3 boards always are).
EXACT_EMPTY_LIMIT = 10


def can_solve(board: Board) -> bool:
    return board.variant.cells - len(board.move_stack) <= EXACT_EMPTY_LIMIT


# Solved positions survive between calls (a worker process answers a whole game from one memo);
# the memo is dropped when it grows past this many entries, so memory stays bounded. An entry
# costs about 186 bytes (measured: a tuple key of two ints, an int value, the dict slot), so
# this is about 9 MB. Tic-tac-toe needs 5,478; one solve of a small custom board with 10 empty
# cells adds 2-10 thousand. The old limit, 2 million, let an AI worker grow by 370 MB.
MEMO_LIMIT = 50_000
_memos: dict[str, dict[tuple[int, int], int]] = {}


class ExactSolver:
    """Negamax over the full game tree; ``solve`` returns the score for the side to move."""

    def __init__(self, variant_spec: str) -> None:
        if sum(len(memo) for memo in _memos.values()) > MEMO_LIMIT:
            _memos.clear()
        self._memo = _memos.setdefault(variant_spec, {})
        self.nodes = 0

    def solve(self, board: Board) -> int:
        self.nodes += 1
        outcome = board.outcome()
        if outcome is not None:
            # The previous mover just won (a loss for the side to move) or the board is full.
            return 0 if outcome.winner is None else -(WIN_SCORE - len(board.move_stack))
        key = (board.zobrist_hash(), len(board.move_stack))
        if key in self._memo:
            return self._memo[key]
        best = -2 * WIN_SCORE
        for move in board.legal_moves():
            board.push(move)
            best = max(best, -self.solve(board))
            board.pop()
        self._memo[key] = best
        return best

    def score_moves(self, board: Board) -> dict[int, int]:
        """Every legal move with its exact score for the side to move."""
        scores = {}
        for move in board.legal_moves():
            board.push(move)
            scores[move] = -self.solve(board)
            board.pop()
        return scores


def choose_exact_move(board: Board, *, level: int, seed: int) -> Analysis:
    """The best move by exact solve; lower levels sometimes play a random move instead."""
    started = time.perf_counter()
    solver = ExactSolver(board.variant.spec)
    scores = solver.score_moves(board)
    best_score = max(scores.values())
    best_moves = sorted(move for move, score in scores.items() if score == best_score)
    rng = random.Random(seed * 1_000_003 + len(board.move_stack))
    if rng.random() < LEVELS[level].exact_blunder:
        move = rng.choice(sorted(scores))
    else:
        move = rng.choice(best_moves)
    pv = principal_variation(board.copy(), solver, move)
    return Analysis(
        move=board.move_str(move),
        score=scores[move],
        depth=len(pv),
        nodes=solver.nodes,
        time_ms=(time.perf_counter() - started) * 1000,
        pv=pv,
    )


def principal_variation(board: Board, solver: ExactSolver, first: int) -> list[str]:
    """Follow best replies from ``first`` to the end of the game."""
    pv = [board.move_str(first)]
    board.push(first)
    while not board.is_game_over():
        scores = solver.score_moves(board)
        move = max(sorted(scores), key=scores.__getitem__)
        pv.append(board.move_str(move))
        board.push(move)
    return pv
