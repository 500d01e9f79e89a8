"""Issue 26's harder puzzles (``tactics/hard.txt``): enough of them, in both rules, and each
answer set what the threat searches say.

The builder (``tactics/hard.py``) also ran the expensive proof, a full search after each quiet
first move. Here only the threat searches run again, at the builder's budget (about 30 s of
CPU for the whole file): they decide every answer and every threat left out. Whether the
engine solves these puzzles is not tested; ``bench/tactics.py`` measures it.
"""

from __future__ import annotations

import pytest

from engine.search import position_of
from tests.engine.tactics import Puzzle, load_suite
from tests.engine.tactics.hard import (
    HARD,
    HARD_CATEGORIES,
    LONGEST_MISSED,
    PROOF_THREAT_NODES,
    shortest_threat_win,
    vct_answers,
)
from tests.engine.tactics.positions import names
from tests.engine.tactics.proofs import vcf_line, wins_by_threats

PUZZLES = load_suite(HARD)


def test_hard_puzzles_are_thirty_or_more_of_gomoku_and_caro():
    assert len(PUZZLES) >= 30
    assert {p.category for p in PUZZLES} <= set(HARD_CATEGORIES)
    assert {p.variant for p in PUZZLES} == {"gomoku", "caro"}


def test_every_answer_is_a_legal_move_of_its_position():
    for puzzle in PUZZLES:
        board = puzzle.board()
        assert puzzle.answers <= {board.move_str(m) for m in board.legal_moves()}, puzzle.name


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_vct_puzzle_is_won_by_threats_but_not_by_fours_nor_in_fewer_than_nine_plies(
    puzzle: Puzzle,
):
    board = puzzle.board()
    pos = position_of(board)
    assert wins_by_threats(pos, board.turn, nodes=PROOF_THREAT_NODES)
    assert vcf_line(pos, board.turn, nodes=PROOF_THREAT_NODES) is None
    assert shortest_threat_win(pos, board.turn, LONGEST_MISSED, PROOF_THREAT_NODES) is None


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_vct_answers_are_exactly_the_threats_that_win_against_every_reply(puzzle: Puzzle):
    board = puzzle.board()
    pos = position_of(board)
    wins, _quiet = vct_answers(pos, board.turn, PROOF_THREAT_NODES)
    assert names(board, pos, wins) == " ".join(sorted(puzzle.answers))
