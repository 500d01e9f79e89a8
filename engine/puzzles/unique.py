"""Only one move works: the search's half of a puzzle's proof.

The certificate (:mod:`engine.puzzles.proof`) proves that the solution's first move wins, or
that every other move loses in a "find the only defence" puzzle. What it cannot prove is a
negative: that no *other* first move also wins, or that the one defence really holds. Those
are settled the way lichess's puzzler settles them, by search within a budget large enough
to matter: every candidate first move (every legal move within two cells of a stone; no move
further away makes or stops a threat) is played, and the engine searches the position after
it for ``nodes`` nodes. A candidate the engine sees winning, or after which the defender's
best reply still leaves a forced win, disqualifies the puzzle. A budget never proves a
negative, so the result is "the engine found no second win in this budget": the numbers are
stored with each puzzle and the slow proof test repeats them with the current engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.analysis import DECIDED
from engine.board import Board
from engine.lines import analyse_grid
from engine.puzzles.wins import winning_cells

ALTERNATIVE_NODES = 30_000
HOLD_NODES = 200_000
REACH = 2


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the search found: ``rivals`` are the candidate moves that (may) also work,
    ``tried`` how many candidates were searched, ``nodes`` the work done."""

    rivals: tuple[str, ...]
    tried: int
    nodes: int

    @property
    def unique(self) -> bool:
        return not self.rivals


def candidates(board: Board, reach: int = REACH) -> list[int]:
    """Legal moves within ``reach`` king steps of a stone (every move when the board is
    empty), in cell order."""
    variant = board.variant
    cols = variant.cols
    stones = [divmod(c, cols) for c in board.move_stack]
    if not stones:
        return board.legal_moves()
    near = set()
    for row, col in stones:
        for r in range(max(0, row - reach), min(variant.rows, row + reach + 1)):
            for c in range(max(0, col - reach), min(cols, col + reach + 1)):
                near.add(r * cols + c)
    return [m for m in board.legal_moves() if m in near]


def wins_after(board: Board, nodes: int) -> tuple[bool, int]:
    """Whether the side that just moved has a forced win the engine sees within ``nodes``
    (the side to move is lost, or its best reply leaves a forced win); and the nodes spent."""
    if board.is_game_over():
        outcome = board.outcome()
        return outcome is not None and outcome.winner == 3 - board.turn, 0
    found = analyse_grid(board, max_nodes=nodes)
    spent = found.nodes
    if found.lines[0].score <= -DECIDED:
        return True, spent
    board.push(found.lines[0].move)
    try:
        if board.is_game_over():
            return False, spent
        again = analyse_grid(board, max_nodes=nodes)
        spent += again.nodes
        return again.forced_win is not None or again.lines[0].score >= DECIDED, spent
    finally:
        board.pop()


def rivals_of_win(board: Board, solution: int, nodes: int = ALTERNATIVE_NODES) -> Verdict:
    """The first move other than ``solution`` that the engine sees winning too, if any (the
    search stops at the first: one rival is enough to drop the puzzle). Moves that make a
    four are tried first, as the likeliest rivals."""
    player, variant = board.turn, board.variant
    cells = board.cells()

    def four_first(move: int) -> tuple[bool, int]:
        cells[move] = player
        four = bool(winning_cells(variant, cells, player))
        cells[move] = 0
        return not four, move

    moves = sorted((m for m in candidates(board) if m != solution), key=four_first)
    return _rivals(board, moves, nodes, winning=True)


def rivals_of_hold(board: Board, hold: int, nodes: int = HOLD_NODES) -> Verdict:
    """Whether ``hold`` holds: empty ``rivals`` when the engine finds no forced win for the
    opponent after it within ``nodes`` (else ``rivals`` is ``(hold,)``)."""
    return _rivals(board, (hold,), nodes, winning=False)


def _rivals(board: Board, moves: Iterable[int], nodes: int, winning: bool) -> Verdict:
    """``winning``: the moves after which the mover wins; else those after which it loses."""
    found, tried, spent = [], 0, 0
    for move in moves:
        tried += 1
        board.push(move)
        try:
            judged, used = wins_after(board, nodes) if winning else _loses(board, nodes)
        finally:
            board.pop()
        spent += used
        if judged:
            found.append(board.move_str(move))
            break
    return Verdict(tuple(found), tried, spent)


def _loses(board: Board, nodes: int) -> tuple[bool, int]:
    """Whether the side to move (the opponent of the one who just moved) has a forced win."""
    if board.is_game_over():
        return False, 0
    found = analyse_grid(board, max_nodes=nodes)
    return found.forced_win is not None or found.lines[0].score >= DECIDED, found.nodes
