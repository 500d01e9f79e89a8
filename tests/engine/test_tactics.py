"""The tactics suite: enough positions of each kind, each answer set sound, and a sample solved.

The whole suite at 1 s a move is measured by ``bench/gomoku.py --tables tactics``; here a
sample of one puzzle per category, searched to a node limit (about a second, the same answer
on any machine), keeps the test run short, and one defend puzzle's answer
set is checked against the engine's node-limited search (``proofs.py``).
"""

from __future__ import annotations

import pytest

from engine.search import position_of
from tests.engine.tactics import load_suite, solves
from tests.engine.tactics.proofs import PROOF_NODES, SCREEN_NODES, loses

SUITE = load_suite()
SAMPLE_NODES = 1_000_000
CATEGORIES = ("win1", "block5", "open4", "vcf", "defend", "caro", "standard")


def test_suite_has_at_least_sixty_positions_covering_every_category():
    assert len(SUITE) >= 60
    assert {p.category for p in SUITE} == set(CATEGORIES)


def test_vcf_puzzles_span_three_to_nine_fours():
    lengths = {int(p.note.split()[0]) for p in SUITE if p.category == "vcf"}
    assert min(lengths) >= 3 and max(lengths) <= 9 and len(lengths) >= 3


def test_every_answer_is_a_legal_move_of_its_position():
    for puzzle in SUITE:
        board = puzzle.board()
        legal = {board.move_str(m) for m in board.legal_moves()}
        assert puzzle.answers <= legal, puzzle.name


@pytest.mark.parametrize("category", CATEGORIES)
def test_first_puzzle_of_each_category_is_solved(category):
    puzzle = next(p for p in SUITE if p.category == category)
    assert solves(puzzle, max_nodes=SAMPLE_NODES), puzzle.name


def test_first_defend_puzzle_lists_defences_that_hold_and_leaves_out_moves_that_lose():
    puzzle = next(p for p in SUITE if p.category == "defend")
    board = puzzle.board()
    for answer in sorted(puzzle.answers):
        assert not loses(board, board.parse_move(answer), SCREEN_NODES), answer
    pos = position_of(board)
    near = sorted(board.move_str(int(pos.index_of[i])) for i in pos.cells if pos.near[i] > 0)
    others = [m for m in near if board.cell(board.parse_move(m)) == 0 and m not in puzzle.answers]
    for move in others[:3]:
        assert loses(board, board.parse_move(move), PROOF_NODES), move
