"""The tactics suite: enough positions of each kind, each answer set sound, and a sample solved.

The whole suite at 1 s a move is measured by ``bench/gomoku.py --tables tactics``; here a
sample of one puzzle per category keeps the test run short.
"""

from __future__ import annotations

import pytest

from tests.engine.tactics import load_suite, solves

SUITE = load_suite()
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
    assert solves(puzzle, time_ms=1000), puzzle.name
