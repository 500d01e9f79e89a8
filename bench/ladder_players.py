"""The players of the ladder bench: the engine at each level and the reference players.

Reference players are defined here, not in the engine, so the scale they anchor does not move
when the engine changes:

* ``random`` plays any legal move;
* ``greedy`` takes a win, blocks the opponent's win, stops an open run of ``k - 2`` (an open
  three in five-in-a-row) from becoming an open run of ``k - 1``, and otherwise extends its own
  longest line (ties: more open ends, then nearer the centre, then a seeded coin);
* ``seed`` is ``../shared/baselines/seed_caro15.py`` (15x15 free-placement boards only), used
  when that file is present.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bench.seed_engine import seed_choose, seed_missing, seed_peer
from engine.ai import choose_move
from engine.board import Board
from engine.levels import LEVELS, TOP

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))

Mover = Callable[[Board, random.Random], int]


def random_move(board: Board, rng: random.Random) -> int:
    return rng.choice(board.legal_moves())


def _run(board: Board, cell: int, player: int) -> tuple[int, int]:
    """Length and open ends of the longest line ``player`` would have through ``cell``."""
    rows, cols = board.rows, board.cols
    row, col = divmod(cell, cols)
    best = (0, 0)
    for dr, dc in DIRECTIONS:
        length, open_ends = 1, 0
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < rows and 0 <= c < cols and board.cell(r * cols + c) == player:
                length += 1
                r, c = r + sign * dr, c + sign * dc
            if 0 <= r < rows and 0 <= c < cols and board.cell(r * cols + c) == 0:
                open_ends += 1
        best = max(best, (length, open_ends))
    return best


def _wins(board: Board, cell: int, player: int) -> bool:
    """Whether ``player`` playing ``cell`` wins, by the variant's own rule (the board's run
    scan reads the neighbours only, so the cell need not be played)."""
    runs = (board._run_through(cell, player, dr, dc) for dr, dc in DIRECTIONS)
    return any(board.variant.wins(len(run), blocked) for run, blocked in runs)


def _candidates(board: Board) -> list[int]:
    """Legal moves next to a stone (every legal move on an empty board or a gravity board)."""
    legal = board.legal_moves()
    if board.variant.gravity or not board.move_stack:
        return legal
    cols = board.cols
    near = set()
    for stone in board.move_stack:
        row, col = divmod(stone, cols)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if 0 <= r < board.rows and 0 <= c < cols:
                    near.add(r * cols + c)
    return [move for move in legal if move in near]


def greedy_move(board: Board, rng: random.Random) -> int:
    me, them, k = board.turn, 3 - board.turn, board.variant.k
    moves = _candidates(board)
    for player in (me, them):  # win, else block the opponent's win
        for move in moves:
            if _wins(board, move, player):
                return move
    stops = [move for move in moves if _run(board, move, them) == (k - 1, 2)]
    if stops:
        return rng.choice(stops)
    centre_r, centre_c = (board.rows - 1) / 2, (board.cols - 1) / 2

    def value(move: int) -> tuple[int, int, float, float]:
        row, col = divmod(move, board.cols)
        length, open_ends = _run(board, move, me)
        return length, open_ends, -abs(row - centre_r) - abs(col - centre_c), rng.random()

    return max(moves, key=value)


def seed_available(variant: str) -> str | None:
    """None when the seed engine can play ``variant``, else why not."""
    board = Board(variant)
    if why := seed_missing():
        return why
    if board.variant.gravity or (board.rows, board.cols) != (15, 15):
        return "the seed engine plays 15x15 free-placement boards only"
    return None


def seed_move(board: Board, _rng: random.Random) -> int:
    return seed_choose(seed_peer(board), board)


def level_mover(level: int, seed: int, time_ms: int | None = None) -> Mover:
    def move(board: Board, _rng: random.Random) -> int:
        analysis = choose_move(
            board.variant.spec, board.moves_str(), level=level, seed=seed, time_ms=time_ms
        )
        return board.parse_move(analysis.move)

    return move


def mover(name: str, seed: int, top_ms: int | None = None) -> Mover:
    """The player called ``name``: ``L<n>`` (a level), ``random``, ``greedy`` or ``seed``;
    ``top_ms`` replaces the top level's own thinking time."""
    if name.startswith("L") and int(name[1:]) in LEVELS:
        level = int(name[1:])
        return level_mover(level, seed, top_ms if level == TOP else None)
    return {"random": random_move, "greedy": greedy_move, "seed": seed_move}[name]
