"""The Gomocup engine protocol ("pbrain"), as a pure state machine.

:class:`PbrainSession` takes one command line at a time and returns the lines to answer; the
CLI only moves lines between it and stdin/stdout, so every command is testable without pipes.
Coordinates on the wire are ``x,y`` with x the column and y the row counted from the TOP,
both 0-based; our boards count rows from the bottom, hence :meth:`PbrainSession._to_move`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.analysis import Analysis
from engine.board import Board
from engine.errors import EngineError
from engine.variants import Rule, custom_variant

ABOUT = 'name="Caro Arena", version="0.1", author="Caro Arena developers", country="VN"'
MIN_SIZE, MAX_SIZE = 5, 25
# Gomocup INFO rule values we play: a bitmask where 1 = exactly five, 4 = renju and 8 = caro.
RULES = {0: Rule.FREESTYLE, 1: Rule.STANDARD, 4: Rule.RENJU, 8: Rule.CARO, 9: Rule.CARO_EXACT}
SAFETY_MS = 60  # kept back from every turn for process and pipe latency
DEFAULT_TURN_MS = 5_000
FASTEST_TURN_MS = 50  # timeout_turn 0 means "as fast as you can"
MOVES_LEFT_ESTIMATE = 25  # spread the match clock over this many of our moves

Chooser = Callable[..., Analysis]
_COORD = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")
_BOARD_LINE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*$")


@dataclass(slots=True)
class TimeControl:
    """The limits the manager sends with INFO, in milliseconds (max_memory in bytes)."""

    timeout_turn: int = DEFAULT_TURN_MS
    timeout_match: int = 0
    time_left: int | None = None
    max_memory: int = 0

    def budget_ms(self) -> int:
        turn = FASTEST_TURN_MS if self.timeout_turn == 0 else self.timeout_turn
        if self.time_left is not None:
            turn = min(turn, self.time_left // MOVES_LEFT_ESTIMATE)
        return max(10, turn - SAFETY_MS)

    def tt_mib(self) -> int:
        """Half the allowed memory for the transposition table, 1..64 MiB."""
        if self.max_memory <= 0:
            return 64
        return max(1, min(64, self.max_memory // (2 << 20)))


@dataclass(slots=True)
class PbrainSession:
    """One engine's view of a Gomocup match; ``handle`` answers one command line."""

    choose: Chooser
    size: tuple[int, int] | None = None  # (cols, rows)
    rule: Rule = Rule.FREESTYLE
    board: Board | None = None
    time: TimeControl = field(default_factory=TimeControl)
    finished: bool = False
    _board_lines: list[tuple[int, int, int]] | None = None

    def handle(self, line: str) -> list[str]:
        words = line.strip().split(maxsplit=1)
        if not words:
            return []
        command, argument = words[0].upper(), (words[1] if len(words) > 1 else "")
        if self._board_lines is not None and command != "DONE":
            return self._collect_board_line(line)
        handler = _HANDLERS.get(command)
        if handler is None:
            return [f"UNKNOWN command {command}"]
        try:
            return handler(self, argument)
        except EngineError as error:
            return [f"ERROR {error}"]

    # -- commands ----------------------------------------------------------------------------

    def _start(self, argument: str) -> list[str]:
        if not argument.strip().isdigit():
            return ["ERROR START needs a board size"]
        return self._new_game(int(argument), int(argument))

    def _rectstart(self, argument: str) -> list[str]:
        match = _COORD.match(argument)
        if not match:
            return ["ERROR RECTSTART needs width,height"]
        return self._new_game(int(match[1]), int(match[2]))

    def _restart(self, _: str) -> list[str]:
        if self.size is None:
            return ["ERROR RESTART before START"]
        return self._new_game(*self.size)

    def _begin(self, _: str) -> list[str]:
        board = self._require_board()
        if board.move_stack:
            return ["ERROR BEGIN on a board that has stones"]
        return [self._play()]

    def _turn(self, argument: str) -> list[str]:
        board = self._require_board()
        board.push(self._to_move(argument))
        if board.is_game_over():
            return ["ERROR the game is over"]
        return [self._play()]

    def _takeback(self, argument: str) -> list[str]:
        board = self._require_board()
        if not board.move_stack or board.move_stack[-1] != self._to_move(argument):
            return ["ERROR TAKEBACK of a move that is not the last one"]
        board.pop()
        return ["OK"]

    def _board(self, _: str) -> list[str]:
        self._require_board()
        self._board_lines = []
        return []

    def _done(self, _: str) -> list[str]:
        if self._board_lines is None:
            return ["ERROR DONE without BOARD"]
        lines, self._board_lines = self._board_lines, None
        own = [self._cell(x, y) for x, y, who in lines if who == 1]
        theirs = [self._cell(x, y) for x, y, who in lines if who == 2]
        first, second = (own, theirs) if len(own) == len(theirs) else (theirs, own)
        self.board = Board.from_position(self._require_board().variant, first, second)
        if self.board.is_game_over():
            return ["ERROR the game is over"]
        return [self._play()]

    def _info(self, argument: str) -> list[str]:
        key, _, value = argument.partition(" ")
        key, value = key.lower(), value.strip()
        if key in ("timeout_turn", "timeout_match", "time_left", "max_memory", "rule"):
            if not value.lstrip("-").isdigit():
                return [f"ERROR INFO {key} needs a number"]
            number = int(value)
            if key == "rule":
                return self._set_rule(number)
            setattr(self.time, key, number)
        return []  # other keys (game_type, evaluate, folder) need no answer

    def _about(self, _: str) -> list[str]:
        return [ABOUT]

    def _end(self, _: str) -> list[str]:
        self.finished = True
        return []

    # -- helpers -----------------------------------------------------------------------------

    def _new_game(self, cols: int, rows: int) -> list[str]:
        if not (MIN_SIZE <= cols <= MAX_SIZE and MIN_SIZE <= rows <= MAX_SIZE):
            return [f"ERROR unsupported size {cols}x{rows}: boards are {MIN_SIZE}..{MAX_SIZE}"]
        self.size = (cols, rows)
        self.board = Board(custom_variant(rows, cols, 5, self.rule))
        return ["OK"]

    def _set_rule(self, number: int) -> list[str]:
        if number not in RULES:
            return [f"ERROR unsupported rule {number}: we play 0, 1, 4, 8 and 9"]
        self.rule = RULES[number]
        if self.board is not None and not self.board.move_stack:
            self.board = Board(custom_variant(self.board.rows, self.board.cols, 5, self.rule))
        return []

    def _require_board(self) -> Board:
        if self.board is None:
            raise _ProtocolError("no board yet: send START first")
        return self.board

    def _collect_board_line(self, line: str) -> list[str]:
        match = _BOARD_LINE.match(line)
        if not match or int(match[3]) not in (1, 2):
            self._board_lines = None
            return [f"ERROR bad BOARD line {line.strip()!r}: expected x,y,1 or x,y,2"]
        assert self._board_lines is not None
        self._board_lines.append((int(match[1]), int(match[2]), int(match[3])))
        return []

    def _cell(self, x: int, y: int) -> int:
        board = self._require_board()
        if not (0 <= x < board.cols and 0 <= y < board.rows):
            raise _ProtocolError(f"{x},{y} is off the {board.cols}x{board.rows} board")
        return from_wire(board, x, y)

    def _to_move(self, argument: str) -> int:
        match = _COORD.match(argument)
        if not match:
            raise _ProtocolError(f"expected x,y, got {argument.strip()!r}")
        return self._cell(int(match[1]), int(match[2]))

    def _play(self) -> str:
        board = self._require_board()
        analysis = self.choose(board, time_ms=self.time.budget_ms(), tt_mib=self.time.tt_mib())
        move = board.parse_move(analysis.move)
        board.push(move)
        return to_wire(board, move)


def to_wire(board: Board, cell: int) -> str:
    """A cell as the protocol writes it: ``x,y``, the column and the row counted from the top."""
    row, col = divmod(cell, board.cols)
    return f"{col},{board.rows - 1 - row}"


def from_wire(board: Board, x: int, y: int) -> int:
    """The cell at protocol coordinates ``x,y`` (see :func:`to_wire`); they must be on the board."""
    return (board.rows - 1 - y) * board.cols + x


class _ProtocolError(EngineError):
    code = "bad_command"


_HANDLERS: dict[str, Callable[[PbrainSession, str], list[str]]] = {
    "START": PbrainSession._start,
    "RECTSTART": PbrainSession._rectstart,
    "RESTART": PbrainSession._restart,
    "BEGIN": PbrainSession._begin,
    "TURN": PbrainSession._turn,
    "TAKEBACK": PbrainSession._takeback,
    "BOARD": PbrainSession._board,
    "DONE": PbrainSession._done,
    "INFO": PbrainSession._info,
    "ABOUT": PbrainSession._about,
    "END": PbrainSession._end,
}
