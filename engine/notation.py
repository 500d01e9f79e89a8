"""Text notation for moves and games.

Grid games name a cell by column letter and row number counted from the bottom-left corner
(``a1`` is the bottom-left cell, ``h8`` the centre of 15x15). Gravity games (Connect Four) name
only the column, 1-based (``4``); a gravity game on at most 9 columns may be written as one
digit string (``4453``). A game is a space-separated list of moves.

A move is an ``int`` cell index ``row * cols + col`` with row 0 at the bottom.

Text that is not a move at all (``zz``, ``h``, ``0``) raises :class:`NotationError`
(``bad_notation``); a well-formed move outside this board (``p8`` on 15x15, column ``8`` of
Connect Four) is a move the rules do not allow here and raises :class:`IllegalMoveError`
(``illegal_move``), like an occupied cell.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable

from engine.errors import IllegalMoveError, NotationError
from engine.variants import Variant

COLUMN_LETTERS = string.ascii_lowercase[:25]
_CELL = re.compile(r"^([a-y])([1-9][0-9]?)$")
_COLUMN = re.compile(r"^[1-9][0-9]?$")


def move_to_str(variant: Variant, move: int) -> str:
    """The notation of ``move``: ``h8`` on a grid, the column digit under gravity."""
    row, col = divmod(move, variant.cols)
    if variant.gravity:
        return str(col + 1)
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_cell(variant: Variant, token: str) -> int:
    """The cell index named by a grid token such as ``h8`` (case-insensitive)."""
    match = _CELL.match(token.strip().lower())
    if not match:
        raise NotationError(f"{token!r} is not a cell such as 'h8'", token)
    col, row = COLUMN_LETTERS.index(match[1]), int(match[2]) - 1
    if col >= variant.cols or row >= variant.rows:
        raise IllegalMoveError(f"{token!r} is off the {variant.cols}x{variant.rows} board")
    return row * variant.cols + col


def parse_column(variant: Variant, token: str) -> int:
    """The 0-based column named by a gravity token such as ``4``."""
    if not _COLUMN.match(token.strip()):
        raise NotationError(f"{token!r} is not a column number", token)
    col = int(token) - 1
    if col >= variant.cols:
        raise IllegalMoveError(f"{token!r} is not a column of this board (1..{variant.cols})")
    return col


def split_game(variant: Variant, game: str | Iterable[str]) -> list[str]:
    """Split a game into move tokens; a gravity game on <= 9 columns may be a digit string."""
    if not isinstance(game, str):
        tokens = list(game)
        for token in tokens:
            if not isinstance(token, str):
                raise NotationError(f"move {token!r} is not text", repr(token))
        return tokens
    tokens = game.split()
    if variant.gravity and variant.cols <= 9 and len(tokens) == 1 and tokens[0].isdigit():
        return list(tokens[0])
    return tokens
