"""Building a puzzle's certificate: the engine finds each attacking move, the rules check it.

The engine (:func:`engine.lines.analyse_grid`, the review's search: a VCF, then a VCT, then
alpha-beta within a node budget) is only an oracle for "which move wins here?"; when the move
it names does not prove (its threat search may miss a defence the rules allow, such as the
caro block just beyond a four), the other moves it scores as wins are tried. The tree is
grown defence by defence: after each attacking move, the defences that need their own answer
are the ones the checker (:func:`engine.puzzles.proof.unanswered`) does not see lose at once
or to the answer ``x`` already found for an unrelated move; each of them gets its own search.
So the certificate built is exactly one the checker accepts, or none at all: when the oracle
finds no win after some defence, the position is not a proven win and is not a puzzle.

The defender's reply on the main line (``p``) is the defence that resists longest.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.analysis import DECIDED
from engine.board import Board
from engine.lines import analyse_grid
from engine.puzzles.proof import ProofError, forcing, unanswered
from engine.puzzles.wins import far_cell, spoilers, winning_cells

ORACLE_NODES = 40_000
RETRIES = 2  # other winning moves the engine names, tried when its first fails to prove
MAX_ATTACKS = 300  # attack nodes in one certificate
MAX_PLIES = 41  # deepest line
MAX_STEPS = 200_000  # positions the checker may play to list the defences of one node
PROOF_SECONDS = 120.0  # a certificate that takes longer is given up (the machine is shared)


class GiveUp(Exception):
    """The certificate grew past its limits: the position is dropped, not judged."""


@dataclass(slots=True)
class Prover:
    """Grows certificates for one position at a time; ``nodes`` counts the oracle's work."""

    oracle_nodes: int = ORACLE_NODES
    retries: int = RETRIES
    max_attacks: int = MAX_ATTACKS
    max_plies: int = MAX_PLIES
    seconds: float = PROOF_SECONDS
    max_steps: int = MAX_STEPS
    nodes: int = 0
    attacks: int = 0
    deadline: float = field(default=0.0)

    def prove_win(self, board: Board) -> dict[str, Any] | None:
        """A certificate that the side to move wins, or None (no forced win found, or it
        outgrew the limits)."""
        self.attacks = 0
        self.deadline = time.monotonic() + self.seconds
        try:
            return self._attack(board, 0)
        except GiveUp:
            return None

    def prove_defence(self, board: Board) -> tuple[dict[str, Any] | None, list[int]]:
        """For the side to move, facing a threat: the moves the engine finds no win against
        (``holds``) and, when there is exactly one, the certificate that every other move
        loses (``{"hold", "r", "x"}``); (None, holds) otherwise."""
        self.attacks = 0
        self.deadline = time.monotonic() + self.seconds
        try:
            found = self._answer_all(board, 0, collect_holds=True)
        except GiveUp:
            return None, []
        if found is None:
            return None, []
        answers, holds, default, _wins = found
        if len(holds) != 1:
            return None, holds
        node: dict[str, Any] = {"hold": board.move_str(holds[0]),
                                "r": {board.move_str(m): a for m, a in sorted(answers.items())}}
        if default is not None:
            node["x"] = default
        return node, holds

    def oracle(self, board: Board) -> Iterator[int]:
        """The engine's winning moves for the side to move, best first: the move of the forced
        win it sees; then, should that one fail to prove, the other moves its multi-line
        search scores as wins (at most ``retries``). Asked lazily: most nodes need one."""
        found = analyse_grid(board, max_nodes=self.oracle_nodes)
        self.nodes += found.nodes
        first = found.forced_line[0] if found.forced_win else (
            found.lines[0].move if found.lines[0].score >= DECIDED else None)
        if first is None:
            return
        yield first
        if not self.retries:
            return
        more = analyse_grid(board, max_nodes=self.oracle_nodes, multipv=self.retries + 1)
        self.nodes += more.nodes
        yield from [line.move for line in more.lines
                    if line.score >= DECIDED and line.move != first][:self.retries]

    def _attack(self, board: Board, ply: int) -> dict[str, Any] | None:
        self.attacks += 1
        if self.attacks > self.max_attacks or ply > self.max_plies:
            raise GiveUp
        if time.monotonic() > self.deadline:
            raise GiveUp
        attacker, variant, cells = board.turn, board.variant, board.cells()
        mine = winning_cells(variant, cells, attacker)
        if mine:
            return {"m": board.move_str(mine[0])}
        theirs = winning_cells(variant, cells, 3 - attacker)
        if len(theirs) > 1:
            return None
        # A five of the defender's to stop: on its cell, or (caro) just beyond its run.
        moves = sorted(spoilers(variant, cells, theirs[0], 3 - attacker)) if theirs \
            else self.oracle(board)
        for move in moves:
            if board.is_legal(move):
                found = self._try(board, move, attacker, ply)
                if found is not None:
                    return found
        return None

    def _try(self, board: Board, move: int, attacker: int,
             ply: int) -> dict[str, Any] | None:
        board.push(move)
        try:
            outcome = board.outcome()
            if outcome is not None:
                return {"m": board.move_str(move)} if outcome.winner == attacker else None
            rest = self._defences(board, ply + 1)
        finally:
            board.pop()
        return None if rest is None else {"m": board.move_str(move), **rest}

    def _defences(self, board: Board, ply: int) -> dict[str, Any] | None:
        """``{"p", "r", "x"}`` answering every defence of the side to move."""
        found = self._answer_all(board, ply, collect_holds=False)
        if found is None:
            return None
        answers, _holds, default, wins = found
        reply = self._main_reply(board, answers, wins, ply)
        node: dict[str, Any] = {
            "p": board.move_str(reply),
            "r": {board.move_str(m): a for m, a in sorted(answers.items())}}
        if default is not None:
            node["x"] = default
        return node

    def _answer_all(self, board: Board, ply: int, collect_holds: bool) -> tuple[
            dict[int, dict[str, Any]], list[int], dict[str, Any] | None, list[int]] | None:
        """Answers to the defences of the side to move that need their own, the answer to
        all others (``x``, when the attacker has no immediate win) and the attacker's
        immediate wins. A defence the oracle finds no win against makes it None, unless
        ``collect_holds``: then it is listed among the holds."""
        variant, cells = board.variant, board.cells()
        defender = board.turn
        if winning_cells(variant, cells, defender):
            return None
        wins = winning_cells(variant, cells, 3 - defender)
        default = None
        if not wins:
            far = far_cell(variant, cells)
            if far < 0 or not board.is_legal(far):
                return None
            board.push(far)
            try:
                default = self._attack(board, ply + 1)
            finally:
                board.pop()
            if default is None or not forcing(board, default):
                return None
        answers: dict[int, dict[str, Any]] = {}
        holds: list[int] = []
        try:
            needed = unanswered(board, default, max_steps=self.max_steps)
        except ProofError:
            raise GiveUp from None
        for move in needed:
            board.push(move)
            try:
                answer = self._attack(board, ply + 1)
            finally:
                board.pop()
            if answer is not None:
                answers[move] = answer
            elif not collect_holds:
                return None
            else:
                holds.append(move)
                if len(holds) > 1:
                    break  # not an only move: no need to answer the rest
        return answers, holds, default, wins

    def _main_reply(self, board: Board, answers: dict[int, dict[str, Any]], wins: list[int],
                    ply: int) -> int:
        """The defence the server plays: the one whose answer takes longest; when every
        defence loses at once, a block of one of the attacker's winning cells (or any move,
        answered by ``default``), whose answer is added to ``answers``."""
        if answers:
            return max(sorted(answers), key=lambda m: line_length(answers[m]))
        move = wins[0] if wins else far_cell(board.variant, board.cells())
        if not board.is_legal(move):
            move = next(m for m in board.legal_moves())
        board.push(move)
        try:
            answer = self._attack(board, ply + 1)
        finally:
            board.pop()
        if answer is None:
            raise GiveUp  # cannot happen for a position the checker passed; do not guess
        answers[move] = answer
        return move


def main_line(tree: dict[str, Any]) -> list[str]:
    """The moves the server plays through: each attack and the main-line reply."""
    line: list[str] = []
    node: dict[str, Any] | None = tree
    while node is not None:
        line.append(node["m"])
        reply = node.get("p")
        if reply is None:
            break
        line.append(reply)
        node = node["r"][reply]
    return line


def line_length(tree: dict[str, Any]) -> int:
    return len(main_line(tree))
