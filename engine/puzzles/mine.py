"""Finding puzzles in a game: scan every position, then prove the promising ones.

:func:`scan` searches each position of a game briefly and keeps two kinds of candidate:
- a **win**: the side to move has a forced win (VCF, VCT or a proven alpha-beta win). The
  positions of one side's run of turns with a win are tried in order, and the first that
  qualifies is the run's puzzle: where the win first appears there is often more than one
  way to it, and a turn or two later only one;
- a **defence**: the side to move has no win, and the opponent would have one if it were its
  turn again (found by giving the opponent a free move: the side to move plays far away),
  while the opponent has no plain four to block (blocking a four is no puzzle).

:func:`make_puzzle` then asks for the whole proof (docs/puzzles.md): the certificate
(:mod:`engine.puzzles.prover`, checked by :mod:`engine.puzzles.proof`), no second first move
found by search (:mod:`engine.puzzles.unique`), and for wins, no second winning move at any
later attacking move of the part of the main line the player plays (lichess's rule: every
move of the solution is the only good one). That part ends before the first later attacking
move with a rival (the player has then found what matters; the rest of the main line is
shown with the solution), or at the five (a move that wins at once is always accepted).
Everything is bounded by node budgets (:class:`Budget`), so the same game gives the same
puzzles on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from engine.analysis import DECIDED
from engine.board import Board
from engine.lines import analyse_grid
from engine.puzzles.proof import check_defence, check_win
from engine.puzzles.prover import Prover, main_line
from engine.puzzles.puzzle import Puzzle, position_id
from engine.puzzles.themes import starting_rating, tempting, themes_of
from engine.puzzles.unique import (
    ALTERNATIVE_NODES,
    HOLD_NODES,
    candidates,
    rivals_of_hold,
    rivals_of_win,
    wins_after,
)
from engine.puzzles.wins import far_cell, winning_cells
from engine.variants import Rule

PUZZLE_VARIANTS = ("gomoku", "caro", "renju")
MIN_PLY = 6  # before this there is nothing to find
MAX_PER_GAME = 4


@dataclass(frozen=True, slots=True)
class Budget:
    """Node budgets: the scan of each position, the oracle behind each attacking move, each
    rival first move, each later attacking move's rivals, and the one defence's hold."""

    scan: int = 10_000
    oracle: int = 40_000
    alternative: int = ALTERNATIVE_NODES
    later: int = 5_000
    hold: int = HOLD_NODES


SHIPPED_BUDGET = Budget()  # the shipped set's, and the miner's


@dataclass(frozen=True, slots=True)
class Candidate:
    """The position after ``ply`` moves; ``run`` numbers a side's consecutive turns with a
    forced win (one puzzle at most is taken from a run)."""

    ply: int
    goal: str
    run: int = -1


def supported(variant: str) -> bool:
    board = Board(variant)
    return not board.variant.gravity and board.variant.k == 5 and board.variant.rule in (
        Rule.FREESTYLE, Rule.CARO, Rule.RENJU, Rule.STANDARD, Rule.CARO_EXACT)


def _wins(found: Any) -> bool:
    return found.forced_win is not None or found.lines[0].score >= DECIDED


def scan(variant: str, moves: Sequence[str], budget: Budget = SHIPPED_BUDGET) -> list[Candidate]:
    """The positions of a game worth proving, first to last."""
    board = Board(variant)
    had_win = {1: False, 2: False}
    runs = 0
    found: list[Candidate] = []
    for ply, move in enumerate([*moves, None]):
        if board.is_game_over():
            break
        if ply >= MIN_PLY:
            side = board.turn
            wins = _wins(analyse_grid(board, max_nodes=budget.scan))
            if wins:
                runs += not had_win[side]
                found.append(Candidate(ply, "win", runs))
            elif _threatened(board, budget.scan):
                found.append(Candidate(ply, "defend"))
            had_win[side] = wins
        if move is None:
            break
        board.push_str(move)
    return found


def _threatened(board: Board, nodes: int) -> bool:
    """Whether the opponent of the side to move would win if it moved again, without a
    plain four to block now."""
    variant, cells = board.variant, board.cells()
    if winning_cells(variant, cells, 3 - board.turn):
        return False
    far = far_cell(variant, cells)
    if far < 0 or not board.is_legal(far):
        return False
    board.push(far)
    try:
        return _wins(analyse_grid(board, max_nodes=nodes))
    finally:
        board.pop()


def make_puzzle(variant: str, moves: Sequence[str], goal: str, budget: Budget = SHIPPED_BUDGET,
                source: dict[str, Any] | None = None) -> Puzzle | None:
    """The proven puzzle at the position after ``moves``, or None if it does not qualify."""
    board = Board.from_moves(variant, moves)
    if board.is_game_over():
        return None
    prover = Prover(oracle_nodes=budget.oracle)
    if goal == "win":
        made = _win(board, prover, budget)
    else:
        made = _defence(board, prover, budget)
    if made is None:
        return None
    tree, line, proof = made
    full = main_line(tree) if goal == "win" else line
    themes = themes_of(board, goal, line, full)
    rating = starting_rating(goal, line, full, tree, themes, tempting(board, line[0]))
    proof = proof | {"oracle_nodes": prover.nodes, "budget": asdict(budget)}
    return Puzzle(position_id(board), board.variant.spec, tuple(moves), goal, tree,
                  tuple(line), tuple(themes), rating, source or {}, proof)


def _win(board: Board, prover: Prover, budget: Budget) -> tuple[dict, list[str], dict] | None:
    attacker = board.turn
    if winning_cells(board.variant, board.cells(), attacker):
        return None  # a five on the board to make: no puzzle
    tree = prover.prove_win(board)
    if tree is None:
        return None
    check_win(board, tree)
    line = main_line(tree)
    if len(line) < 3:
        return None
    verdict = rivals_of_win(board, board.parse_move(line[0]), budget.alternative)
    if not verdict.unique:
        return None
    plies, tried = _unique_part(board, line, budget.later)
    proof = {"alternatives": verdict.tried, "alternative_nodes": budget.alternative,
             "later_alternatives": tried, "later_nodes": budget.later,
             "search_nodes": verdict.nodes}
    return tree, line[:plies], proof


def _unique_part(board: Board, line: Sequence[str], nodes: int) -> tuple[int, int]:
    """How many plies of the main line the player plays: up to the last attacking move that
    is the only one the engine sees winning (the five at the end always is, for any five is
    accepted); and how many rivals were searched."""
    played = board.copy()
    tried = 0
    for ply, move in enumerate(line):
        if ply and ply % 2 == 0:
            attacker = played.turn
            if not winning_cells(played.variant, played.cells(), attacker):
                solution = played.parse_move(move)
                for rival in candidates(played):
                    if rival == solution:
                        continue
                    tried += 1
                    played.push(rival)
                    try:
                        won, _spent = wins_after(played, nodes)
                    finally:
                        played.pop()
                    if won:
                        return ply - 1, tried
        played.push_str(move)
    return len(line), tried


def _defence(board: Board, prover: Prover,
             budget: Budget) -> tuple[dict, list[str], dict] | None:
    if winning_cells(board.variant, board.cells(), 3 - board.turn):
        return None
    tree, _holds = prover.prove_defence(board)
    if tree is None:
        return None
    check_defence(board, tree)
    hold = board.parse_move(tree["hold"])
    verdict = rivals_of_hold(board, hold, budget.hold)
    if not verdict.unique:
        return None
    proof = {"hold_nodes": budget.hold, "losing_defences": len(tree.get("r", {})),
             "search_nodes": verdict.nodes}
    return tree, [tree["hold"]], proof


def mine_game(variant: str, moves: Sequence[str], budget: Budget = SHIPPED_BUDGET,
              source: dict[str, Any] | None = None,
              limit: int = MAX_PER_GAME) -> list[Puzzle]:
    """The puzzles of one game (at most ``limit``, one per winning run), each proven."""
    found = []
    done_runs = set()
    for candidate in scan(variant, moves, budget):
        if len(found) >= limit:
            break
        if candidate.run in done_runs:
            continue
        puzzle = make_puzzle(variant, moves[:candidate.ply], candidate.goal, budget,
                             (source or {}) | {"ply": candidate.ply})
        if puzzle is not None:
            found.append(puzzle)
            if candidate.goal == "win":
                done_runs.add(candidate.run)
    return found
