"""Renju tactics: the search knows black's forbidden points, on both sides of the board.

The puzzles in ``tactics/renju.txt`` are built by hand (the generated ``suite.txt`` is for the
other rules): white wins by a four whose only block is a point black may not play (a double
three, an overline), black wins with an allowed four-three, and black defends an open three
at the end that is not forbidden to it.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.board import Board
from engine.search import choose_grid_move
from engine.search.movegen import ALL, DEFEND, gen_moves
from engine.search.player import position_of
from engine.search.ttable import MATE_BOUND
from tests.engine.tactics import RENJU_SUITE, load_suite, solves

PUZZLES = load_suite(RENJU_SUITE)


def test_answers_are_legal_and_the_refused_moves_forbidden():
    for puzzle in PUZZLES:
        board = puzzle.board()
        assert puzzle.answers <= {board.move_str(m) for m in board.legal_moves()}, puzzle.name
    defend = next(p for p in PUZZLES if p.category == "renju-defend").board()
    assert [defend.move_str(m) for m in defend.forbidden_moves()] == ["f10"]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_renju_puzzle_is_solved(puzzle):
    assert solves(puzzle, time_ms=1000), puzzle.name


def test_black_leaves_alone_the_double_three_that_would_win_at_gomoku():
    # Black g8 i8 h7 h9, white on the a file: h8 is black's double three.
    position = "g8 a1 i8 a3 h7 a5 h9 o15"
    assert choose_grid_move(Board.from_moves("gomoku", position), time_ms=1000).move == "h8"
    renju = Board.from_moves("renju", position)
    move = renju.parse_move(choose_grid_move(renju, time_ms=1000).move)
    assert move != renju.parse_move("h8") and renju.is_legal(move)


def test_white_sees_the_forced_forbidden_block_as_a_win():
    puzzle = PUZZLES[0]
    analysis = choose_grid_move(puzzle.board(), time_ms=1000, level=5)
    assert analysis.move == "d4" and analysis.score >= MATE_BOUND


def test_the_same_four_is_no_win_in_gomoku_where_black_may_block():
    position = Board.from_moves("gomoku", PUZZLES[0].moves)
    assert choose_grid_move(position, time_ms=1000, level=5).score < MATE_BOUND


# Black e11 g9 i7 on one diagonal: k5 would make h8 two fours in that line (e11 . g9 h8 i7 . k5),
# a double four, so h8 is forbidden to black after k5 and the shape is worth nothing in renju.
BUILDS_A_FORBIDDEN_POINT = ["g9", "i9", "e11", "h11", "e5", "h5", "i7", "i5"]


def test_k5_would_make_h8_a_point_black_may_not_play():
    before = Board.from_moves("renju", BUILDS_A_FORBIDDEN_POINT)
    after = Board.from_moves("renju", [*BUILDS_A_FORBIDDEN_POINT, "k5", "o15"])
    assert [after.move_str(m) for m in after.forbidden_moves()] == ["h8"]
    assert not before.forbidden_moves()


def test_the_evaluation_does_not_count_a_black_shape_completed_on_a_forbidden_point():
    # At one ply the choice is the evaluation's: in gomoku the double four at h8 is black's
    # best asset, in renju it is none (the evaluation used to count it and chose k5 here too).
    def pick(variant: str) -> str:
        board = Board.from_moves(variant, BUILDS_A_FORBIDDEN_POINT)
        return choose_grid_move(board, time_ms=60_000, max_depth=1, max_nodes=20_000).move
    assert pick("gomoku") == "k5"
    assert pick("renju") != "k5"


# Black's three f8 g8 h8 is false: its open-four points e8 and i8 are each also a four in a
# column (e5 e6 e7 under white e4, i9 i10 i11 under white i12), a double four black may not
# play. White need not answer it; at gomoku it is a real three that white must stop.
FALSE_THREE = "f8 e4 g8 i12 h8 a1 e5 o1 e6 a15 e7 o15 i9 h1 i10 a8 i11".split()


def test_white_need_not_answer_a_false_three():
    black_to_move = Board.from_moves("renju", [*FALSE_THREE, "o8"])
    assert {"e8", "i8"} <= {black_to_move.move_str(m) for m in black_to_move.forbidden_moves()}
    kinds = {}
    for variant in ("renju", "gomoku"):
        pos = position_of(Board.from_moves(variant, FALSE_THREE))
        kinds[variant] = gen_moves(pos, 2, np.zeros(pos.board.shape[0] + 1, dtype=np.int64))[1]
    assert kinds == {"renju": ALL, "gomoku": DEFEND}
