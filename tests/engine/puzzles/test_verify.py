"""The proof test every shipped and generated puzzle passes, and what makes it fail: a
second winning first move, a line that is not the certificate's, a defence that does not
hold. Searches are bounded by nodes."""

from __future__ import annotations

import dataclasses

import pytest

from engine.board import Board
from engine.puzzles.mine import make_puzzle
from engine.puzzles.prover import Prover, main_line
from engine.puzzles.puzzle import Puzzle, position_id
from engine.puzzles.unique import rivals_of_win
from engine.puzzles.verify import problems
from tests.engine.puzzles.test_proof import DEFENCE

NODES = 10_000
# Black's open three h8-j8 and White's stones far away: g8 and k8 both make an open four.
TWO_WINS = "h8 a1 i8 a3 j8 o15"
# Black to move wins by threats with one first move only (a shipped puzzle). test_proof's VCT
# has a second winning move (i5), which the search has found within the uniqueness budget since
# the horizon VCF follows its fours (docs/engine.md, issue 26, session 18).
VCT = "i7 i9 g7 h7 j6 k5 h6 i6 j4 i5 j5 j7 j8 g5 i4 k8 j3 j2 h5 l9"


def puzzle_of(moves: str, tree: dict, goal: str = "win") -> Puzzle:
    board = Board.from_moves("gomoku", moves)
    line = main_line(tree) if goal == "win" else [tree["hold"]]
    return Puzzle(position_id(board), "gomoku", tuple(moves.split()), goal, tree, tuple(line),
                  ("vct",), 1500)


@pytest.fixture(scope="module")
def vct_puzzle():
    puzzle = make_puzzle("gomoku", VCT.split(), "win")
    assert puzzle is not None
    return puzzle


def test_a_generated_puzzle_passes_its_proof_test(vct_puzzle):
    assert problems(vct_puzzle, nodes=NODES) == []
    assert vct_puzzle.to_move == "black" and vct_puzzle.goal == "win"
    assert Puzzle.from_json(vct_puzzle.to_json()) == vct_puzzle


def test_a_puzzle_with_two_winning_first_moves_fails_its_proof_test():
    board = Board.from_moves("gomoku", TWO_WINS)
    tree = Prover().prove_win(board)
    assert tree is not None and tree["m"] in ("g8", "k8")
    puzzle = puzzle_of(TWO_WINS, tree)
    other = "k8" if tree["m"] == "g8" else "g8"
    assert problems(puzzle) == []  # the certificate alone is sound...
    assert problems(puzzle, nodes=NODES) == [f"{other} wins too"]  # ...but not the only win
    assert make_puzzle("gomoku", TWO_WINS.split(), "win") is None


def test_the_rival_search_stops_at_the_first_rival():
    board = Board.from_moves("gomoku", TWO_WINS)
    verdict = rivals_of_win(board, board.parse_move("g8"), NODES)
    assert len(verdict.rivals) == 1 and not verdict.unique


def test_a_line_that_leaves_the_certificate_fails(vct_puzzle):
    wrong = dataclasses.replace(vct_puzzle, line=(vct_puzzle.line[0], "a1"))
    assert problems(wrong) == ["the line is not the start of the certificate's main line"]


def test_a_puzzle_whose_id_is_not_its_position_fails(vct_puzzle):
    assert problems(dataclasses.replace(vct_puzzle, id="000000000000")) == [
        "the id is not the position's"]


def test_a_defence_puzzle_passes_and_a_wrong_hold_fails():
    puzzle = make_puzzle("gomoku", DEFENCE.split(), "defend")
    assert puzzle is not None and puzzle.line == ("j7",) and puzzle.to_move == "white"
    assert problems(puzzle, nodes=NODES) == []
    moved = dict(puzzle.tree, hold="a1")
    assert problems(dataclasses.replace(puzzle, tree=moved))[0].startswith(
        "the certificate fails")
