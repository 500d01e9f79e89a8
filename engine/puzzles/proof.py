"""The proof certificate of a puzzle and its checker: every defence answered, down to a five.

A certificate is plain data (it is stored with each puzzle, as JSON). An **attack** node is
``{"m": move, "p": reply, "r": {defence: attack, ...}, "x": attack}``: the attacker plays
``m``; unless ``m`` wins at once, ``p`` is the defender's reply the server plays (the longest
resistance, one of ``r``'s keys), ``r`` answers each defence that needs its own answer, and
``x`` (optional) answers every other defence. A **defence** node (the root of a "find the
only defence" puzzle) is ``{"hold": move, "r": {...}, "x": attack}``: every move but
``hold`` loses, as ``r`` and ``x`` show.

:func:`check_win` and :func:`check_defence` verify a certificate completely, with nothing but
the board's rules. At each attack node the move is legal and either wins at once or leaves
the defender without a winning move; then **every** legal defender move is accounted for:

1. by ``r``, checked recursively;
2. by an immediate win the attacker still has after it. A defence that is not a spoiler of
   one of those wins (:func:`engine.puzzles.wins.spoilers`: the winning cell or the cell just
   beyond a run through it) cannot take them away, so it is accounted for unplayed;
3. by ``x``, checked after that defence. ``x`` must be *forcing*: after each of its attacks
   the attacker has an immediate win, so every defender move inside it is itself case 1 or
   2. It is checked once after the farthest empty cell, recording every cell it reads; a
   defence at least ``k`` king steps from all of those cells, which makes no winning threat
   of the defender's own, cannot meet any line that check looked at, so it is accounted for
   unplayed. Every nearer defence is played and ``x`` checked again after it. In renju,
   whether a point is forbidden depends on stones beyond any fixed reach (the recursive
   three), so there every defence is played.

No search and no engine heuristic is involved, so a certificate that passes is a proof under
whatever engine made it. A check that exceeds ``max_steps`` positions fails, so a malformed
or huge certificate cannot hang a test.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.board import Board
from engine.errors import EngineError
from engine.puzzles.wins import (
    far_cell,
    spoiler_zone,
    threat_through,
    winning_cells,
    wins_at,
    within,
)
from engine.variants import Rule

Node = Mapping[str, Any]
MAX_STEPS = 1_000_000


class ProofError(Exception):
    """The certificate does not prove the puzzle; ``path`` is the line where it fails."""

    def __init__(self, message: str, path: tuple[str, ...]) -> None:
        super().__init__(f"{message} (after {' '.join(path) or 'the start'})")
        self.path = path


class TooLong(ProofError):
    """The check needed more positions than it was allowed."""


@dataclass(slots=True)
class _Checker:
    board: Board
    max_steps: int
    steps: int = 0
    start: int = 0
    recording: set[int] | None = None  # cells read while checking a forcing answer once
    forced: dict[int, bool] = field(default_factory=dict)  # id(x) -> whether it is forcing
    far: dict[int, set[int] | None] = field(default_factory=dict)  # id(x) -> cells near it

    def fail(self, message: str) -> ProofError:
        return ProofError(message, tuple(self.board.moves_str()[self.start:]))

    def push(self, move: int) -> None:
        self.steps += 1
        if self.steps > self.max_steps:
            raise TooLong(f"the certificate needs more than {self.max_steps} positions",
                          tuple(self.board.moves_str()[self.start:]))
        if self.recording is not None:
            self.recording.add(move)
        self.board.push(move)

    def move_of(self, text: Any) -> int:
        try:
            move = self.board.parse_move(text) if isinstance(text, str) else -1
        except EngineError:
            move = -1
        if move < 0 or not self.board.is_legal(move):
            raise self.fail(f"{text!r} is not a legal move here")
        return move

    def attack(self, node: Node) -> None:
        """The attacker (to move) plays ``node["m"]`` and wins against every defence."""
        if not isinstance(node, Mapping):
            raise self.fail("an attack must be an object")
        attacker = self.board.turn
        self.push(self.move_of(node.get("m")))
        try:
            outcome = self.board.outcome()
            if outcome is not None:
                if outcome.winner != attacker:
                    raise self.fail("the attack ends the game without winning it")
                return
            if "p" not in node:
                raise self.fail("the attack does not win at once and has no defence")
            self.defences(node, hold=None)
        finally:
            self.board.pop()

    def defences(self, node: Node, hold: int | None) -> None:
        """Every legal move of the defender (to move) but ``hold`` loses."""
        board, variant = self.board, self.board.variant
        defender = board.turn
        cells = board.cells()
        if winning_cells(variant, cells, defender):
            raise self.fail("the defender wins at once")
        answers = {self.move_of(text): child for text, child in _mapping(node.get("r")).items()}
        if "p" in node and self.move_of(node["p"]) not in answers:
            raise self.fail("the main-line defence has no answer")
        wins = winning_cells(variant, cells, 3 - defender)
        zone = spoiler_zone(variant, cells, wins, 3 - defender)
        if self.recording is not None:
            if not wins:
                raise self.fail("an answer to every other defence must be forcing")
            self.recording |= zone | set(wins)
        default = node.get("x")
        for move in board.legal_moves():
            if move == hold:
                continue
            if move in answers:
                self.push(move)
                try:
                    self.attack(answers[move])
                finally:
                    board.pop()
            elif not self.covered(move, wins, zone, default, cells):
                raise self.fail(f"the defence {board.move_str(move)} is not answered")

    def covered(self, move: int, wins: list[int], zone: set[int], default: Node | None,
                cells: list[int]) -> bool:
        """Whether the defence ``move`` loses to an immediate win the attacker keeps, or to
        the forcing ``default`` (see the module's case 3)."""
        if wins and (move not in zone or self._still_wins(move, wins, 3 - self.board.turn)):
            return True
        if default is None or not self.forcing(default):
            return False
        near = self.far[id(default)]
        if (near is not None and move not in near
                and not threat_through(self.board.variant, cells, move, self.board.turn)):
            return True
        self.push(move)
        try:
            self.attack(default)
        except TooLong:
            raise
        except ProofError:
            return False
        finally:
            self.board.pop()
        return True

    def forcing(self, default: Node) -> bool:
        """Whether ``default`` is a forcing win after the farthest empty cell. Checked once;
        the cells within ``k - 1`` of every cell it read are kept in ``far`` (None where
        every defence must be played instead: renju, or that cell was itself too close)."""
        key = id(default)
        if key in self.forced:
            return self.forced[key]
        self.forced[key], self.far[key] = False, None
        board, variant = self.board, self.board.variant
        far = far_cell(variant, board.cells())
        if far < 0 or not board.is_legal(far) or self.recording is not None:
            return False
        self.recording = set()
        board.push(far)
        try:
            self.attack(default)
            read = self.recording
        except TooLong:
            raise
        except ProofError:
            return False
        finally:
            board.pop()
            self.recording = None
        self.forced[key] = True
        near = within(variant, read, variant.k - 1)
        if far not in near and variant.rule is not Rule.RENJU:
            # Renju: whether a point is forbidden reads beyond any fixed reach (the recursive
            # three), so there every defence is played.
            self.far[key] = near
        return True

    def _still_wins(self, move: int, wins: list[int], attacker: int) -> bool:
        board = self.board
        self.push(move)
        try:
            cells = board.cells()
            return any(w != move and wins_at(board.variant, cells, w, attacker) for w in wins)
        finally:
            board.pop()


def _mapping(value: Any) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ProofError("the answers must be an object", ())
    return value


def _checker(board: Board, max_steps: int) -> _Checker:
    return _Checker(board, max_steps, start=len(board.move_stack))


def check_win(board: Board, tree: Node, max_steps: int = MAX_STEPS) -> int:
    """Verify that the side to move on ``board`` wins by ``tree``; returns the positions
    played. Raises :class:`ProofError`. ``board`` is left as it was."""
    checker = _checker(board, max_steps)
    checker.attack(tree)
    return checker.steps


def check_defence(board: Board, tree: Node, max_steps: int = MAX_STEPS) -> int:
    """Verify that every move of the side to move but ``tree["hold"]`` loses; returns the
    positions played. Raises :class:`ProofError`. (That ``hold`` itself holds is a search's
    finding, not a proof: see :mod:`engine.puzzles.unique`.)"""
    checker = _checker(board, max_steps)
    hold = checker.move_of(tree.get("hold"))
    checker.defences(tree, hold=hold)
    return checker.steps


def unanswered(board: Board, default: Node | None, max_steps: int = MAX_STEPS) -> list[int]:
    """The defender's (to move) legal moves that neither leave the attacker an immediate win
    nor lose to the attack ``default``: those a certificate must answer one by one."""
    checker = _checker(board, max_steps)
    variant, cells = board.variant, board.cells()
    attacker = 3 - board.turn
    wins = winning_cells(variant, cells, attacker)
    zone = spoiler_zone(variant, cells, wins, attacker)
    return [move for move in board.legal_moves()
            if not checker.covered(move, wins, zone, default, cells)]


def forcing(board: Board, default: Node, max_steps: int = MAX_STEPS) -> bool:
    """Whether ``default`` can answer every other defence of the defender (to move): a win
    after the farthest empty cell in which the attacker has an immediate win after each of
    its moves."""
    return _checker(board, max_steps).forcing(default)
