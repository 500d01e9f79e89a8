from __future__ import annotations

import pytest

from engine.board import Board, Termination
from engine.errors import GameOverError, IllegalMoveError, NotationError


def play(variant: str, game: str) -> Board:
    return Board.from_moves(variant, game)


def test_centre_of_gomoku_is_h8():
    board = Board("gomoku")
    assert board.parse_move("h8") == 7 * 15 + 7
    assert board.move_str(7 * 15 + 7) == "h8"


def test_a1_is_the_bottom_left_cell():
    assert Board("tictactoe").parse_move("a1") == 0


def test_players_alternate_starting_with_the_first():
    board = Board("gomoku")
    assert board.turn == 1
    board.push_str("h8")
    assert board.turn == 2


def test_pop_restores_the_position_and_its_hash():
    board = play("gomoku", "h8 h9")
    before = (board.cells(), board.zobrist_hash(), board.turn)
    board.push_str("i9")
    assert board.pop() == board.parse_move("i9")
    assert (board.cells(), board.zobrist_hash(), board.turn) == before


def test_hash_depends_on_stones_not_move_order():
    assert (
        play("gomoku", "h8 a1 i8 b1").zobrist_hash() == play("gomoku", "i8 b1 h8 a1").zobrist_hash()
    )


def test_copy_is_independent():
    board = play("gomoku", "h8")
    twin = board.copy()
    twin.push_str("h9")
    assert board.game_str() == "h8" and twin.game_str() == "h8 h9"


def test_occupied_cell_is_illegal_and_changes_nothing():
    board = play("gomoku", "h8")
    with pytest.raises(IllegalMoveError):
        board.push_str("h8")
    assert board.game_str() == "h8"


def test_five_in_a_row_wins_gomoku_with_the_line():
    board = play("gomoku", "a1 a2 b1 b2 c1 c2 d1 d2 e1")
    outcome = board.outcome()
    assert outcome.winner == 1 and outcome.termination is Termination.WIN
    assert [board.move_str(m) for m in outcome.line] == ["a1", "b1", "c1", "d1", "e1"]


def test_no_move_after_the_game_is_over():
    board = play("gomoku", "a1 a2 b1 b2 c1 c2 d1 d2 e1")
    with pytest.raises(GameOverError):
        board.push_str("o15")
    assert board.legal_moves() == []


def test_overline_wins_freestyle_but_not_standard():
    # first player: a1 b1 c1 e1 f1, then d1 joins them into six.
    game = "a1 a2 b1 b2 c1 c2 e1 e2 f1 f2 d1"
    assert play("gomoku", game).outcome().winner == 1
    assert play("gomoku-standard", game).outcome() is None


def test_caro_five_blocked_at_both_ends_does_not_win():
    # o at a5 and g5 blocks both ends of x's b5..f5.
    board = play("caro", "b5 a5 c5 g5 d5 a1 e5 a2 f5")
    assert board.outcome() is None


def test_caro_five_blocked_at_one_end_wins():
    board = play("caro", "b5 a5 c5 o1 d5 a1 e5 a2 f5")
    assert board.outcome().winner == 1


def test_caro_board_edge_is_not_a_block():
    # x's a5..e5 touches the edge on the left and o on the right: still a win.
    board = play("caro", "a5 f5 b5 o1 c5 a1 d5 a2 e5")
    assert board.outcome().winner == 1


def test_caro_overline_wins_even_when_blocked():
    game = "b5 a5 c5 h5 e5 a1 f5 a2 g5 a3 d5"
    assert play("caro", game).outcome().winner == 1


def test_caro_exact_overline_does_not_win():
    game = "b5 a5 c5 h5 e5 a1 f5 a2 g5 a3 d5"
    assert play("caro-exact", game).outcome() is None


def test_caro_exact_open_five_wins():
    assert play("caro-exact", "b5 a1 c5 a2 d5 a3 e5 b1 f5").outcome().winner == 1


def test_four_wins_caro9_diagonally():
    assert play("caro9", "a1 a2 b2 a3 c3 a4 d4").outcome().winner == 1


def test_connect4_stones_drop_to_the_lowest_free_cell():
    board = play("connect4", "4453")
    assert [board.move_str(m) for m in board.move_stack] == ["4", "4", "5", "3"]
    assert board.cell(3) == 1 and board.cell(7 + 3) == 2 and board.cell(2) == 2


def test_connect4_legal_moves_are_column_tops():
    board = play("connect4", "444444")
    assert [board.move_str(m) for m in board.legal_moves()] == ["1", "2", "3", "5", "6", "7"]


def test_connect4_full_column_is_illegal():
    board = play("connect4", "444444")
    with pytest.raises(IllegalMoveError, match="full"):
        board.push_str("4")


def test_connect4_vertical_four_wins():
    assert play("connect4", "4545454").outcome().winner == 1


def test_connect4_game_may_be_space_separated():
    assert play("connect4", "4 4 5 3").game_str() == "4 4 5 3"


def test_full_board_without_a_win_is_a_draw():
    board = play("tictactoe", "b2 a1 c1 a3 a2 c2 b3 b1 c3")
    assert board.outcome().termination is Termination.DRAW
    assert board.outcome().winner is None


@pytest.mark.parametrize("token", ["z9", "h0", "8h", "", "h8x"])
def test_bad_grid_token_raises_notation_error_naming_it(token):
    with pytest.raises(NotationError) as error:
        Board("gomoku").parse_move(token)
    assert error.value.token == token and error.value.code == "bad_notation"


@pytest.mark.parametrize("token", ["p8", "h16", "y25"])
def test_a_well_formed_cell_off_the_board_is_an_illegal_move(token):
    with pytest.raises(IllegalMoveError) as error:
        Board("gomoku").parse_move(token)
    assert error.value.code == "illegal_move"


@pytest.mark.parametrize("token", ["0", "a", "44x"])
def test_bad_connect4_token_raises_notation_error(token):
    with pytest.raises(NotationError):
        Board("connect4").parse_move(token)


def test_a_connect4_column_off_the_board_is_an_illegal_move():
    with pytest.raises(IllegalMoveError):
        Board("connect4").parse_move("8")


def test_position_without_move_order_is_judged_only_at_the_end():
    # Under "exactly five", six first-player stones in a row are not a win, even though some
    # interleaving passes through a five.
    board = Board("gomoku-standard")
    row = [board.parse_move(f"{c}1") for c in "abcdef"]
    other = [board.parse_move(f"{c}3") for c in "abc"] + [board.parse_move(f"{c}5") for c in "abc"]
    position = Board.from_position("gomoku-standard", row, other)
    assert position.outcome() is None and position.turn == 1
