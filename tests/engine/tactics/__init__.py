"""The grid-game tactics suite: positions with the set of moves that solve them.

``suite.txt`` holds one puzzle a line, ``category;variant;moves;answers;note``: the game so
far in notation (first player first), the moves that solve it (any of them counts) and a
note. Categories: ``win1`` (complete a five), ``block5`` (stop the opponent's five),
``open4`` (make an open four), ``vcf`` (start a forced win by continuous fours, note gives the
number of fours found), ``defend`` (stop a double threat the opponent is about to make),
``caro`` (caro rule: a five blocked at both ends is no win and no threat), ``standard``
(standard rule: an overline is no win). ``build.py`` generated the file and explains how each
answer set was proven. ``renju.txt``, in the same format, is built by hand (categories
``renju-*``, see ``tests/engine/test_renju_tactics.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.board import Board
from engine.levels import TOP

SUITE = Path(__file__).with_name("suite.txt")
RENJU_SUITE = Path(__file__).with_name("renju.txt")  # built by hand, see test_renju_tactics.py


@dataclass(frozen=True, slots=True)
class Puzzle:
    category: str
    variant: str
    moves: str
    answers: frozenset[str]
    note: str

    @property
    def name(self) -> str:
        return f"{self.category}:{self.note}"

    def board(self) -> Board:
        return Board.from_moves(self.variant, self.moves)


def parse_line(line: str) -> Puzzle:
    category, variant, moves, answers, note = (part.strip() for part in line.split(";"))
    return Puzzle(category, variant, moves, frozenset(answers.split()), note)


def load_suite(path: Path = SUITE) -> list[Puzzle]:
    lines = path.read_text().splitlines()
    return [parse_line(line) for line in lines if line.strip() and not line.startswith("#")]


NO_CLOCK_MS = 10**9  # a search given this is stopped by its node limit long before


def solves(puzzle: Puzzle, *, time_ms: int = NO_CLOCK_MS, max_nodes: int | None = None) -> bool:
    """Whether the full-strength AI plays one of the puzzle's answers within ``time_ms`` (the
    bench's measure) or ``max_nodes`` (the tests': the same answer on any machine)."""
    from engine.search import choose_grid_move

    analysis = choose_grid_move(puzzle.board(), time_ms=time_ms, level=TOP, max_nodes=max_nodes)
    return analysis.move in puzzle.answers
