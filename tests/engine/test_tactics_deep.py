"""Issue 26's deep defences (``tactics/deep.txt``): enough of them, from games of both rules,
and each answer set consistent with what the threat searches say.

The builder (``tactics/deep.py``) also ran the expensive proof: full searches of 400,000 and
12 million nodes after every move the threat searches left, and the top level capped at depth
8. Here only the threat searches run again (a few seconds of CPU for the whole file). Whether
the engine solves these puzzles is not tested; ``bench/tactics.py`` measures it.
"""

from __future__ import annotations

import pytest

from engine.search import position_of
from tests.engine.tactics import Puzzle, load_suite
from tests.engine.tactics.deep import DEEP, DEEP_CATEGORIES, DEEP_WANTED
from tests.engine.tactics.positions import names
from tests.engine.tactics.proofs import MOST_DEFENCES, threat_safe_moves, wins_by_threats

PUZZLES = load_suite(DEEP)


def test_deep_puzzles_are_enough_and_of_both_rules():
    assert len(PUZZLES) >= DEEP_WANTED
    assert {p.category for p in PUZZLES} <= set(DEEP_CATEGORIES)
    assert {p.variant for p in PUZZLES} == {"gomoku", "caro"}


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_deep_answers_are_a_few_of_the_moves_that_escape_every_threat_win(puzzle: Puzzle):
    board = puzzle.board()
    pos = position_of(board)
    safe = threat_safe_moves(pos, board.turn)
    assert safe is not None, "too open for a defence"
    assert 1 <= len(puzzle.answers) <= MOST_DEFENCES
    assert puzzle.answers <= set(names(board, pos, safe).split())


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_deep_puzzle_is_a_defence_not_an_attack(puzzle: Puzzle):
    board = puzzle.board()
    assert not wins_by_threats(position_of(board), board.turn)
