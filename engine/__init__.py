"""Caro Arena's game engine: the rules of every k-in-a-row variant, boards, notation and the AI.

Pure Python with numba-compiled hot loops; no I/O, no asyncio, nothing from ``server``.

    >>> from engine import Board
    >>> board = Board.from_moves("tictactoe", "b2 a1 a2 c1 c2")
    >>> board.outcome().winner, board.outcome().line
    (1, (3, 4, 5))
"""

from __future__ import annotations

from engine.board import Board, Outcome, Termination
from engine.errors import EngineError, GameOverError, IllegalMoveError, NotationError, VariantError
from engine.variants import VARIANTS, Rule, Variant, get_variant

__all__ = [
    "VARIANTS",
    "Board",
    "EngineError",
    "GameOverError",
    "IllegalMoveError",
    "NotationError",
    "Outcome",
    "Rule",
    "Termination",
    "Variant",
    "VariantError",
    "get_variant",
]
