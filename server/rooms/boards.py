"""Boards for judging moves, memoised: rebuilding a 150-move game costs about 2 ms of event-loop
time; the board the previous move left is pushed on as it is, not copied.

`take_board(variant, moves)` hands over the `Board` for the position after `moves` (the cached
one, which leaves the cache, or one replayed from the moves) for the caller to push on;
`remember(variant, moves, board)` keeps a board for the next move. A pure memo: the answer is
the same with or without the cache, so `machine.apply` stays a pure function.
"""

from __future__ import annotations

from collections import OrderedDict

from engine.board import Board
from engine.variants import Rule, get_variant

CACHE_SIZE = 2048

_boards: OrderedDict[tuple[str, tuple[str, ...]], Board] = OrderedDict()


def take_board(variant: str, moves: tuple[str, ...]) -> Board:
    """The position after `moves`, the caller's own: a move pushes on it and `remember`s it
    under the longer game (a copy cost more than the rest of a move's judging, and left one
    more board a move for the garbage collector)."""
    board = _boards.pop((variant, moves), None)
    return Board.from_moves(variant, moves) if board is None else board


def _board_after(variant: str, moves: tuple[str, ...]) -> Board:
    """The position after `moves`, to read only (it may stay in the cache)."""
    cached = _boards.get((variant, moves))
    if cached is None:
        cached = _boards[(variant, moves)] = Board.from_moves(variant, moves)
        _trim()
    else:
        _boards.move_to_end((variant, moves))
    return cached


def forbidden_after(variant: str, moves: tuple[str, ...]) -> list[str]:
    """Black's forbidden points after `moves` in a renju game with black to move (the engine
    judges them, so clients only draw them); empty for every other rule and turn."""
    if get_variant(variant).rule is not Rule.RENJU or len(moves) % 2:
        return []
    board = _board_after(variant, moves)
    return [board.move_str(cell) for cell in board.forbidden_moves()]


def remember(variant: str, moves: tuple[str, ...], board: Board) -> None:
    """Keep `board`, the position after `moves`, in place of the position before its last move
    (the caller must not change it afterwards). One board per game being played, then: with
    one per position, a thousand games at a move a second each pushed a game's board out in
    about two seconds, and a slower reply rebuilt it (issue 31)."""
    _boards.pop((variant, moves[:-1]), None)
    _boards[(variant, moves)] = board
    _trim()


def _trim() -> None:
    if len(_boards) > CACHE_SIZE:
        _boards.popitem(last=False)
