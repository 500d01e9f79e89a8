"""Games of the engine against itself, the source of the shipped puzzle set.

Each game opens with a few stones placed at random near the centre (seeded), then two
playing levels chosen by the seed take turns (``engine.ai.choose_move``; the levels below
the top stop on node budgets, so a seed replays the same game on any machine). Weaker levels
allow and miss forced wins, which is where puzzles come from.
"""

from __future__ import annotations

import random

from engine.ai import choose_move
from engine.board import Board

PAIRINGS = ((2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (2, 4), (4, 2), (4, 4))
MAX_PLIES = 150
OPENING_STONES = (2, 3, 4)


def play(variant: str, seed: int) -> list[str]:
    """The moves of self-play game number ``seed`` in ``variant``."""
    rng = random.Random(f"{variant}:{seed}")
    board = Board(variant)
    centre_row, centre_col = board.rows // 2, board.cols // 2
    for _ in range(rng.choice(OPENING_STONES)):
        for _attempt in range(50):
            cell = ((centre_row + rng.randint(-2, 2)) * board.cols
                    + centre_col + rng.randint(-2, 2))
            if board.is_legal(cell):
                board.push(cell)
                break
    levels = rng.choice(PAIRINGS)
    while not board.is_game_over() and len(board.move_stack) < MAX_PLIES:
        level = levels[len(board.move_stack) % 2]
        found = choose_move(variant, board.moves_str(), level=level, seed=seed)
        board.push_str(found.move)
    return board.moves_str()
