"""Renju's forbidden points, case by case from the RIF definitions (see engine/renju.py for the
reading of the rule text). Positions are built on the 15x15 board around h8, far from rows 1
and 15, where filler stones only even out the stone counts so that black is to move."""

from __future__ import annotations

import pytest

from engine.board import Board
from engine.errors import ForbiddenMoveError, IllegalMoveError
from engine.variants import get_variant

FILLER_WHITE = "a1 c1 e1 g1 i1 k1 m1 o1 a3 c3 e3 g3 i3 k3 m3 o3".split()
FILLER_BLACK = "a15 c15 e15 g15 i15 k15 m15 o15".split()


def position(black: str, white: str = "") -> Board:
    """A renju board with these stones and black to move."""
    blacks, whites = black.split(), white.split()
    whites += FILLER_WHITE[: max(0, len(blacks) - len(whites))]
    blacks += FILLER_BLACK[: max(0, len(whites) - len(blacks))]
    board = Board("renju")
    cells = [[board.parse_move(token) for token in side] for side in (blacks, whites)]
    return Board.from_position("renju", *cells)


def forbidden(board: Board, token: str) -> bool:
    return board.is_forbidden(board.parse_move(token))


def test_renju_is_a_15x15_five_in_a_row_variant():
    variant = get_variant("renju")
    assert (variant.rows, variant.cols, variant.k, variant.gravity) == (15, 15, 5, False)


def test_two_open_threes_crossing_are_a_forbidden_double_three():
    assert forbidden(position("g8 i8 h7 h9"), "h8")


def test_split_three_counts_in_a_double_three():
    assert forbidden(position("e8 g8 h6 h7"), "h8")


def test_three_blocked_at_one_end_is_no_three():
    board = position("g8 i8 h7 h9", white="f8")
    assert not forbidden(board, "h8")


def test_three_whose_straight_four_would_be_an_overline_is_no_three():
    # g8 h8 i8 can only grow into fours that touch d8 or l8 and so reach six.
    assert not forbidden(position("d8 g8 i8 l8 h7 h9"), "h8")


def test_three_whose_only_straightening_point_is_forbidden_is_no_three():
    # Row 8 straightens only at f8 (k8 is white), and f8 is then a double three itself
    # (f7 f8 f9, e7 f8 g9): so h8 makes one real three (h7 h8 h9) and is allowed.
    black = "g8 i8 h7 h9 f7 f9 e7 g9"
    board = position(black, white="k8")
    assert not forbidden(board, "h8")
    board.push(board.parse_move("h8"))
    assert board.outcome() is None


def test_the_same_three_with_a_free_straightening_point_makes_a_double_three():
    # As above without e7 and g9: f8 is no longer forbidden, so row 8 is a three again.
    assert forbidden(position("g8 i8 h7 h9 f7 f9", white="k8"), "h8")


def test_two_fours_in_one_line_are_a_double_four():
    assert forbidden(position("d8 e8 f8 j8 k8 l8"), "h8")


def test_two_fours_in_one_line_with_two_stone_groups_are_a_double_four():
    assert forbidden(position("e8 f8 i8 k8 l8"), "h8")


def test_fours_in_two_lines_are_a_double_four():
    assert forbidden(position("e8 f8 g8 h5 h6 h7", white="d8 h4"), "h8")


def test_straight_four_alone_is_allowed():
    assert not forbidden(position("e8 f8 g8"), "h8")


def test_four_three_is_allowed():
    assert not forbidden(position("e8 f8 g8 h6 h7", white="d8"), "h8")


def test_four_three_three_is_forbidden_for_its_double_three():
    assert forbidden(position("e8 f8 g8 h6 h7 g7 f6", white="d8"), "h8")


def test_line_that_can_only_reach_six_is_no_four():
    # Row 8: c8 . e8 f8 g8 h8 . j8: both d8 and i8 would make six, so with the vertical four
    # h5..h8 the move makes one four only.
    assert not forbidden(position("c8 e8 f8 g8 j8 h5 h6 h7", white="h4"), "h8")


def test_overline_is_forbidden():
    assert forbidden(position("e8 f8 g8 i8 j8"), "h8")


def test_five_next_to_an_overline_point_is_allowed_and_wins():
    board = position("f8 g8 h8 i8 k8")
    assert forbidden(board, "j8")
    assert not forbidden(board, "e8")
    board.push(board.parse_move("e8"))
    assert board.outcome().winner == 1
    assert [board.move_str(cell) for cell in board.outcome().line] == "e8 f8 g8 h8 i8".split()


def test_five_wins_even_when_the_move_also_makes_a_double_four():
    board = position("d8 e8 f8 g8 h5 h6 h7 e5 f6 g7", white="h4 d4")
    assert not forbidden(board, "h8")
    board.push(board.parse_move("h8"))
    assert board.outcome().winner == 1


def test_five_wins_even_when_the_move_also_makes_an_overline():
    board = position("d8 e8 f8 g8 h5 h6 h7 h9 h10 h11")
    assert not forbidden(board, "h8")
    board.push(board.parse_move("h8"))
    line = [board.move_str(cell) for cell in board.outcome().line]
    assert board.outcome().winner == 1 and line == "d8 e8 f8 g8 h8".split()


def test_white_may_make_a_double_three_and_wins_with_an_overline():
    board = Board.from_moves("renju", "a1 g8 a3 i8 a5 h7 a7 h9 a9")
    assert board.turn == 2 and board.forbidden_moves() == []
    board.push(board.parse_move("h8"))  # white's double three
    board = Board.from_moves("renju", "a1 e8 a3 f8 a5 g8 a7 i8 a9 j8 a11 h8")
    assert board.outcome().winner == 2


def test_forbidden_move_is_refused_with_its_code_and_changes_nothing():
    board = position("g8 i8 h7 h9")
    before = (board.cells(), board.game_str())
    with pytest.raises(ForbiddenMoveError) as refused:
        board.push(board.parse_move("h8"))
    assert refused.value.code == "forbidden_move"
    assert isinstance(refused.value, IllegalMoveError)
    assert (board.cells(), board.game_str()) == before


def test_forbidden_moves_lists_the_cells_and_legal_moves_leave_them_out():
    board = position("g8 i8 h7 h9")
    h8 = board.parse_move("h8")
    assert board.forbidden_moves() == [h8]
    assert h8 not in board.legal_moves() and not board.is_legal(h8)


def test_the_same_shape_is_free_in_gomoku():
    board = Board.from_moves("gomoku", "g8 a1 i8 a3 h7 a5 h9 a7")
    assert not board.is_forbidden(board.parse_move("h8"))
    assert board.forbidden_moves() == []
