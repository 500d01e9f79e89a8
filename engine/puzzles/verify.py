"""The proof test of a finished puzzle: what CI runs on the shipped set and what the generator
runs on every new puzzle.

:func:`problems` lists what is wrong with a puzzle (nothing, for a good one):
- the certificate does not check (:mod:`engine.puzzles.proof`, complete and engine-free);
- the moves the player is asked for are not the start of the certificate's main line;
- within ``nodes`` per candidate, the current engine finds a second first move that wins
  (a win puzzle) or a forced win against the one defence (a defence puzzle), see
  :mod:`engine.puzzles.unique`. ``nodes=0`` skips this search (the quick check).
"""

from __future__ import annotations

from engine.errors import EngineError
from engine.puzzles.proof import ProofError, check_defence, check_win
from engine.puzzles.prover import main_line
from engine.puzzles.puzzle import Puzzle, position_id
from engine.puzzles.unique import rivals_of_hold, rivals_of_win


def problems(puzzle: Puzzle, nodes: int = 0) -> list[str]:
    """What keeps ``puzzle`` from being proven; empty when it passes."""
    try:
        board = puzzle.board()
    except EngineError as error:
        return [f"the position does not replay: {error}"]
    found = []
    if position_id(board) != puzzle.id:
        found.append("the id is not the position's")
    try:
        if puzzle.goal == "win":
            check_win(board, puzzle.tree)
            expected = main_line(puzzle.tree)
        else:
            check_defence(board, puzzle.tree)
            expected = [puzzle.tree["hold"]]
    except (ProofError, KeyError, TypeError) as error:
        return [*found, f"the certificate fails: {error}"]
    if not puzzle.line or list(puzzle.line) != expected[:len(puzzle.line)]:
        found.append("the line is not the start of the certificate's main line")
    if nodes > 0:
        first = board.parse_move(expected[0])
        if puzzle.goal == "win":
            verdict = rivals_of_win(board, first, nodes)
            if verdict.rivals:
                found.append(f"{verdict.rivals[0]} wins too")
        elif rivals_of_hold(board, first, nodes).rivals:
            found.append(f"{expected[0]} does not hold")
    return found
