"""How the AI plays the swap and swap2 openings (the rules: server/rooms/opening.py).

- As the opener it places a three-stone opening (black, white, black) from a small hand-made
  set near the centre, turned by one of the board's eight symmetries: the eight shapes out of
  about forty tried whose engine evaluation was closest to even (the searcher scores every
  three-stone position for black, by 120 to 230 points at 250 ms for these eight, in gomoku
  and renju alike; the others up to 3000).
- Asked for a colour it searches the position (white is to move after three or five stones)
  and takes the side the evaluation prefers; in swap2, after three stones, it places two more
  when the evaluation is within `BALANCED` of even (the two stones are then ordinary searched
  moves, white's then black's).

Pure: no I/O; the same inputs and seed give the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .ai import choose_move
from .analysis import Analysis
from .board import Board

BLACK, WHITE, PLACE_TWO = "black", "white", "place_two"
BALANCED = 250  # evaluation points (white's view) within which swap2's chooser places two more

# (column, row) offsets from the centre of black, white, black.
OPENINGS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0), (3, 3), (2, 2)),
    ((0, 0), (2, 1), (3, 3)),
    ((0, 0), (1, 1), (-3, -3)),
    ((0, 0), (1, 0), (-2, -2)),
    ((0, 0), (2, 1), (-3, -3)),
    ((0, 0), (2, 1), (3, -3)),
    ((0, 0), (2, 0), (3, -2)),
    ((0, 0), (2, 0), (3, 2)),
)
SYMMETRIES = tuple((sx, sy, swap) for sx in (1, -1) for sy in (1, -1) for swap in (False, True))


def _turned(offset: tuple[int, int], symmetry: tuple[int, int, bool]) -> tuple[int, int]:
    sx, sy, swap = symmetry
    dx, dy = (offset[1], offset[0]) if swap else offset
    return sx * dx, sy * dy


def opening_stones(variant: str, seed: int) -> list[str]:
    """The three stones of the opening the opener places (a seed picks shape and symmetry,
    so a game's three separate stone placements agree when given the game's seed)."""
    board = Board.from_moves(variant, ())
    rng = random.Random(seed)
    shape, symmetry = rng.choice(OPENINGS), rng.choice(SYMMETRIES)
    centre_col, centre_row = board.cols // 2, board.rows // 2
    stones = []
    for offset in shape:
        dx, dy = _turned(offset, symmetry)
        stones.append(board.move_str((centre_row + dy) * board.cols + centre_col + dx))
    return stones


def preferred(white_score: int, options: Sequence[str]) -> str:
    """The choice for an evaluation from white's point of view (positive: white is better)."""
    if PLACE_TWO in options and abs(white_score) <= BALANCED:
        return PLACE_TWO
    return WHITE if white_score > 0 else BLACK


def choose(variant: str, moves: Sequence[str], options: Sequence[str], level: int,
           time_ms: int | None, seed: int) -> tuple[str, Analysis]:
    """Search the position after the opening stones `moves` and make one of `options`;
    returns the choice and the search it was made on."""
    analysis = choose_move(variant, moves, level=level, time_ms=time_ms, seed=seed)
    white_score = analysis.score if len(moves) % 2 else -analysis.score
    return preferred(white_score, options), analysis
