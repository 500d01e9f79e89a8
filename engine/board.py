"""The board every part of Caro Arena plays on: push and pop moves, legal moves, outcome.

Shaped after python-chess: a mutable :class:`Board` with a move stack, ``push``/``pop``, legal
moves, an :class:`Outcome` value with the winning line, a Zobrist hash and a text notation.
Wins are detected incrementally through the last move only, so a push costs O(k), not O(board).

    >>> board = Board.from_moves("tictactoe", "b2 a1 c3 a3")
    >>> board.push_str("a2")
    3
    >>> board.outcome() is None
    True
    >>> board.game_str()
    'b2 a1 c3 a3 a2'
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engine import renju
from engine.errors import ForbiddenMoveError, GameOverError, IllegalMoveError
from engine.notation import move_to_str, parse_cell, parse_column, split_game
from engine.variants import Rule, Variant, get_variant

EMPTY = 0
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # (d_row, d_col): across, up, diagonal, anti


class Termination(enum.Enum):
    WIN = "win"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: ``winner`` is 1 or 2 (None for a draw); ``line`` holds the
    cells of every winning run through the last move, sorted."""

    termination: Termination
    winner: int | None
    line: tuple[int, ...] = ()


@cache
def _zobrist_keys(cells: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Fixed random 64-bit keys per (cell, player); seeded so hashes agree across processes."""
    rng = random.Random(0xCA20 + cells)
    return (
        tuple(rng.getrandbits(64) for _ in range(cells)),
        tuple(rng.getrandbits(64) for _ in range(cells)),
    )


class Board:
    """A position of one variant plus the moves that led to it. Player 1 moves first."""

    def __init__(self, variant: Variant | str = "gomoku") -> None:
        self.variant = get_variant(variant) if isinstance(variant, str) else variant
        self.rows, self.cols, self.k = self.variant.rows, self.variant.cols, self.variant.k
        self._cells = [EMPTY] * self.variant.cells
        self._heights = [0] * self.cols  # next free row per column (gravity games)
        self.move_stack: list[int] = []
        self._outcomes: list[Outcome | None] = [None]
        self._hash = 0
        self._keys = _zobrist_keys(self.variant.cells)

    @classmethod
    def from_moves(cls, variant: Variant | str, game: str | Iterable[str]) -> Board:
        """Replay a game written in notation (``"h8 h9 i8"``, or ``"4453"`` for Connect Four)."""
        board = cls(variant)
        for token in split_game(board.variant, game):
            board.push_str(token)
        return board

    @classmethod
    def from_position(
        cls, variant: Variant | str, first: Iterable[int], second: Iterable[int]
    ) -> Board:
        """Set up a position from the cells of each player when the move order is unknown (the
        Gomocup BOARD command). Stones are interleaved into a move stack, first player first;
        only the final position is judged, so no transient order can end the game early."""
        board = cls(variant)
        if board.variant.gravity:
            raise IllegalMoveError("a position without move order needs a free-placement board")
        first, second = list(first), list(second)
        if len(first) - len(second) not in (0, 1):
            raise IllegalMoveError(
                "the first player must have as many stones as the second, or one more"
            )
        pairs = zip(first, second, strict=False)
        order = [cell for pair in pairs for cell in pair] + first[len(second) :]
        for move in order:
            if not (0 <= move < len(board._cells)) or board._cells[move]:
                raise IllegalMoveError(f"cell {move} is off the board or given twice")
            player = board.turn
            board._cells[move] = player
            board._hash ^= board._keys[player - 1][move]
            board.move_stack.append(move)
            board._outcomes.append(None)
        board._outcomes[-1] = board._judge_whole_board()
        return board

    # -- state -------------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The player to move: 1 (first) or 2 (second)."""
        return 1 + len(self.move_stack) % 2

    def cell(self, move: int) -> int:
        """0 for an empty cell, else the player (1 or 2) whose stone is there."""
        return self._cells[move]

    def cells(self) -> list[int]:
        """A copy of every cell, row 0 (the bottom row) first."""
        return list(self._cells)

    def outcome(self) -> Outcome | None:
        """The result if the game is over, else None."""
        return self._outcomes[-1]

    def is_game_over(self) -> bool:
        return self._outcomes[-1] is not None

    def zobrist_hash(self) -> int:
        """A 64-bit hash of the stones on the board (not of the move order)."""
        return self._hash

    def copy(self) -> Board:
        other = Board(self.variant)
        other._cells = list(self._cells)
        other._heights = list(self._heights)
        other.move_stack = list(self.move_stack)
        other._outcomes = list(self._outcomes)
        other._hash = self._hash
        return other

    # -- moves -------------------------------------------------------------------------------

    def is_legal(self, move: int) -> bool:
        return self._is_open(move) and not self.is_forbidden(move)

    def legal_moves(self) -> list[int]:
        """Every legal move in cell order (for gravity games, the landing cell of each column;
        in renju, without black's forbidden cells)."""
        if self.is_game_over():
            return []
        if self.variant.gravity:
            return [h * self.cols + c for c, h in enumerate(self._heights) if h < self.rows]
        forbidden = set(self.forbidden_moves())
        return [m for m, stone in enumerate(self._cells) if stone == EMPTY and m not in forbidden]

    def is_forbidden(self, move: int) -> bool:
        """Whether ``move`` is an empty cell the renju rule forbids to the side to move (black
        only: a double three, a double four or an overline that makes no five)."""
        if not self._renju_black_to_move() or not self._is_open(move):
            return False
        board, steps, index = renju.padded_board(self.rows, self.cols, self._cells)
        return bool(renju.is_forbidden(board, steps, index[move], renju.new_stack(len(index))))

    def forbidden_moves(self) -> list[int]:
        """Every cell the renju rule forbids to the side to move, in cell order; empty unless
        this is a renju game, unfinished, with black to move."""
        if not self._renju_black_to_move():
            return []
        board, steps, index = renju.padded_board(self.rows, self.cols, self._cells)
        stack = renju.new_stack(len(index))
        return [int(cell) for cell in renju.forbidden_cells(board, steps, index, stack)]

    def push(self, move: int) -> None:
        """Play ``move`` for the side to move. Raises GameOverError, IllegalMoveError or (a
        renju move black may not make) its subclass ForbiddenMoveError."""
        if self.is_game_over():
            raise GameOverError("the game is over")
        if not self._is_open(move):
            raise IllegalMoveError(self._why_illegal(move))
        if self.is_forbidden(move):
            raise ForbiddenMoveError(
                f"{self.move_str(move)} is forbidden to black in renju "
                "(a double three, a double four or an overline)"
            )
        player = self.turn
        self._cells[move] = player
        self._heights[move % self.cols] += 1 if self.variant.gravity else 0
        self._hash ^= self._keys[player - 1][move]
        self.move_stack.append(move)
        self._outcomes.append(self._outcome_after(move, player))

    def pop(self) -> int:
        """Take back the last move and return it. Raises IndexError on an empty board."""
        move = self.move_stack.pop()
        self._outcomes.pop()
        player = self._cells[move]
        self._cells[move] = EMPTY
        self._heights[move % self.cols] -= 1 if self.variant.gravity else 0
        self._hash ^= self._keys[player - 1][move]
        return move

    # -- notation ----------------------------------------------------------------------------

    def parse_move(self, token: str) -> int:
        """The move named by ``token`` in this position (gravity: the column's landing cell)."""
        if not self.variant.gravity:
            return parse_cell(self.variant, token)
        col = parse_column(self.variant, token)
        if self._heights[col] >= self.rows:
            raise IllegalMoveError(f"column {token} is full")
        return self._heights[col] * self.cols + col

    def push_str(self, token: str) -> int:
        """Parse ``token``, push it and return the move."""
        move = self.parse_move(token)
        self.push(move)
        return move

    def move_str(self, move: int) -> str:
        return move_to_str(self.variant, move)

    def moves_str(self) -> list[str]:
        return [self.move_str(move) for move in self.move_stack]

    def game_str(self) -> str:
        return " ".join(self.moves_str())

    def __repr__(self) -> str:
        return f"Board({self.variant.spec!r}, {self.game_str()!r})"

    def __str__(self) -> str:
        """The position as text, top row first: ``x`` first player, ``o`` second, ``.`` empty."""
        marks = ".xo"
        rows = (
            " ".join(marks[self._cells[r * self.cols + c]] for c in range(self.cols))
            for r in reversed(range(self.rows))
        )
        return "\n".join(rows)

    def unscored_run(self) -> tuple[str, tuple[int, ...]] | None:
        """A run of ``k`` or more through the last move that the rule does not count, or None.

        ``("blocked", cells)`` is exactly ``k`` stones with opponent stones at both ends (the
        caro rules); ``("overline", cells)`` is more than ``k`` under an exact-``k`` rule. The
        game goes on after such a move, so a referee can say why the row on the board did not
        win instead of leaving the players to think it is a bug.

            >>> board = Board.from_moves("caro", "b5 a5 c5 g5 d5 a1 e5 a2 f5")
            >>> kind, cells = board.unscored_run()
            >>> kind, [board.move_str(c) for c in cells]
            ('blocked', ['b5', 'c5', 'd5', 'e5', 'f5'])
        """
        if not self.move_stack or self.outcome() is not None:
            return None
        move = self.move_stack[-1]
        player = self._cells[move]
        if self.variant.counts_every_run(player):
            return None  # a run of k or more would have won (and the game would be over)
        k = self.variant.k
        for d_row, d_col in DIRECTIONS:
            run, blocked_both = self._run_through(move, player, d_row, d_col)
            if len(run) >= k and not self.variant.wins(len(run), blocked_both, player):
                return ("overline" if len(run) > k else "blocked"), tuple(sorted(run))
        return None

    # -- rules -------------------------------------------------------------------------------

    def runs_through(self, move: int) -> list[tuple[list[int], bool]]:
        """The maximal run of the stone at ``move`` along each of the four directions, with
        whether both ends are opponent stones (what the caro rule asks; reviews explain a
        five that did not win with it)."""
        player = self._cells[move]
        return [self._run_through(move, player, d_row, d_col) for d_row, d_col in DIRECTIONS]

    def _is_open(self, move: int) -> bool:
        """Whether ``move`` is a cell a stone may go to, forbidden points aside."""
        if self.is_game_over() or not 0 <= move < len(self._cells) or self._cells[move]:
            return False
        if self.variant.gravity:
            row, col = divmod(move, self.cols)
            return row == self._heights[col]
        return True

    def _renju_black_to_move(self) -> bool:
        return self.variant.rule is Rule.RENJU and self.turn == 1 and not self.is_game_over()

    def _why_illegal(self, move: int) -> str:
        if not 0 <= move < len(self._cells):
            return f"move {move} is off the board"
        name = self.move_str(move)
        if self._cells[move]:
            return f"{name} is already taken"
        return f"{name} is not the lowest free cell of its column"

    def _outcome_after(self, move: int, player: int) -> Outcome | None:
        """Check the four lines through ``move``: only they can have changed."""
        line: set[int] = set()
        for d_row, d_col in DIRECTIONS:
            run, blocked_both = self._run_through(move, player, d_row, d_col)
            if self.variant.wins(len(run), blocked_both, player):
                line.update(run)
        if line:
            return Outcome(Termination.WIN, player, tuple(sorted(line)))
        if len(self.move_stack) == len(self._cells):
            return Outcome(Termination.DRAW, None)
        return None

    def _judge_whole_board(self) -> Outcome | None:
        """The outcome of a position set up without history: any winning run on the board."""
        for move in self.move_stack:
            if outcome := self._outcome_after(move, self._cells[move]):
                return outcome
        return None

    def _run_through(
        self, move: int, player: int, d_row: int, d_col: int
    ) -> tuple[list[int], bool]:
        """The maximal run of ``player`` through ``move`` along one direction, and whether both
        cells just beyond it hold opponent stones."""
        row, col = divmod(move, self.cols)
        run = [move]
        ends_blocked = 0
        for sign in (1, -1):
            r, c = row + sign * d_row, col + sign * d_col
            while (
                0 <= r < self.rows
                and 0 <= c < self.cols
                and self._cells[r * self.cols + c] == player
            ):
                run.append(r * self.cols + c)
                r, c = r + sign * d_row, c + sign * d_col
            if (
                0 <= r < self.rows
                and 0 <= c < self.cols
                and self._cells[r * self.cols + c] not in (EMPTY, player)
            ):
                ends_blocked += 1
        return run, ends_blocked == 2
