"""The Connect Four AI: perfect play in solvable positions, legal moves under any budget."""

from __future__ import annotations

import pytest

from engine.analysis import WIN_SCORE
from engine.board import Board
from engine.connect4.player import choose_connect4_move
from engine.errors import EngineError, GameOverError
from engine.levels import LEVELS, TOP

WON_FOR_MOVER = "52753311433677442422121"  # Test_L2_R1: +8 for the player to move
DRAWN = "7236227623622346474116546144"  # Test_L2_R1: 0


def connect4(moves: str) -> Board:
    return Board.from_moves("connect4", list(moves))


def play_out(board: Board, time_ms: int = 500) -> int | None:
    """Both sides at level 5 until the game ends; the winner (1, 2) or None for a draw.

    The start positions solve in about a millisecond, so every move is an exact solve even on
    a loaded machine; the outcome does not depend on timing."""
    for _ in range(42):
        if board.is_game_over():
            break
        analysis = choose_connect4_move(board, time_ms=time_ms, level=TOP, seed=0)
        board.push_str(analysis.move)
    outcome = board.outcome()
    assert outcome is not None
    return outcome.winner


def test_player_takes_an_immediate_win() -> None:
    board = connect4("445566")
    analysis = choose_connect4_move(board, time_ms=200, level=TOP, seed=0)
    assert analysis.move in {"3", "7"}
    assert analysis.score == WIN_SCORE - 7


def test_player_converts_a_won_position_against_perfect_defence() -> None:
    board = connect4(WON_FOR_MOVER)
    mover = board.turn
    assert play_out(board) == mover


def test_player_holds_a_drawn_position_against_perfect_play() -> None:
    assert play_out(connect4(DRAWN)) is None


def test_player_reports_the_exact_result_of_a_solved_position() -> None:
    analysis = choose_connect4_move(connect4(WON_FOR_MOVER), time_ms=500, level=TOP, seed=0)
    # +8: the mover (second player, 23 stones played) wins with its 14th stone, ply 28.
    assert analysis.score == WIN_SCORE - 28
    assert analysis.depth == 42 - len(WON_FOR_MOVER)
    assert analysis.pv[0] == analysis.move


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_small_budget_on_the_empty_board_still_gives_a_legal_move(level: int) -> None:
    board = connect4("")
    analysis = choose_connect4_move(board, time_ms=20, level=level, seed=3)
    assert analysis.move in {str(col) for col in range(1, 8)}


def test_a_full_column_is_never_chosen() -> None:
    board = connect4("444444")
    for level in (1, 3, 5):
        for seed in range(5):
            move = choose_connect4_move(board, time_ms=50, level=level, seed=seed).move
            assert move != "4"


def test_same_seed_gives_the_same_move() -> None:
    board = connect4("4453")
    first = choose_connect4_move(board, time_ms=100, level=2, seed=11)
    second = choose_connect4_move(board, time_ms=100, level=2, seed=11)
    assert first.move == second.move


def test_level_one_sometimes_misses_the_best_move() -> None:
    board = connect4("32164625")  # Test_L1_R1: a win for the mover, found at once by level 5
    best = choose_connect4_move(board, time_ms=300, level=TOP, seed=0).move
    level_one = {choose_connect4_move(board, time_ms=50, level=1, seed=s).move for s in range(20)}
    assert level_one - {best}


def test_a_finished_game_is_refused() -> None:
    board = connect4("4455667")
    with pytest.raises(GameOverError):
        choose_connect4_move(board, time_ms=100, level=TOP, seed=0)


def test_another_variant_is_refused() -> None:
    with pytest.raises(EngineError):
        choose_connect4_move(Board("tictactoe"), time_ms=100, level=TOP, seed=0)


@pytest.mark.parametrize("level", [1, 3, 5])
def test_the_last_move_of_a_drawn_game_scores_as_a_draw(level: int) -> None:
    board = connect4("22647455554314246733661634615122372377511")  # 41 stones, Test_L3_R1: 0
    analysis = choose_connect4_move(board, time_ms=100, level=level, seed=0)
    assert board.legal_moves() == [board.legal_moves()[0]]
    assert analysis.move == board.move_str(board.legal_moves()[0])
    assert analysis.score == 0
