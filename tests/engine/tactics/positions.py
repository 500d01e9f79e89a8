"""The random positions the tactics puzzles are drawn from, and small readers of a search
``Position`` that every puzzle finder shares (``build.py`` and ``hard.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.board import Board
from engine.errors import EngineError
from engine.search.evaluation import C_B4, C_B4F3, C_F4
from engine.search.position import Position

MAX_TRIES = 200_000


def random_board(rng: random.Random, variant: str, stones: int, radius: int) -> Board | None:
    board = Board(variant)
    centre_r, centre_c = board.rows // 2, board.cols // 2
    area = [
        r * board.cols + c
        for r in range(centre_r - radius, centre_r + radius + 1)
        for c in range(centre_c - radius, centre_c + radius + 1)
    ]
    for cell in rng.sample(area, stones):
        try:
            board.push(cell)
        except EngineError:
            return None
    return None if board.is_game_over() else board


def candidates(rng: random.Random) -> Iterator[tuple[int, str, Board]]:
    """The random positions every category is looked for in, numbered by try: two gomoku
    positions for one caro position."""
    for tries in range(1, MAX_TRIES + 1):
        variant = "gomoku" if tries % 3 else "caro"
        board = random_board(rng, variant, rng.randrange(14, 34), rng.choice((4, 5)))
        if board is not None:
            yield tries, variant, board


def empty_cells(pos: Position) -> list[int]:
    return [int(i) for i in pos.cells if pos.board[i] == 0]


def fours(pos: Position, pl: int) -> int:
    return int(pos.counts[pl, C_B4] + pos.counts[pl, C_B4F3] + pos.counts[pl, C_F4])


def names(board: Board, pos: Position, cells: list[int]) -> str:
    return " ".join(sorted(board.move_str(int(pos.index_of[c])) for c in cells))
