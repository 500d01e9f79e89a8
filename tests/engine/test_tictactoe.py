"""The tic-tac-toe AI never loses: checked against every possible opponent strategy."""

from __future__ import annotations

import pytest

from engine.ai import choose_move
from engine.board import Board
from engine.levels import TOP


def worst_result_for_ai(board: Board, ai_player: int) -> int:
    """Walk every opponent reply at every opponent turn; the AI answers at its own turns.
    Returns the worst result the AI reaches: 1 win, 0 draw, -1 loss."""
    outcome = board.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0
        return 1 if outcome.winner == ai_player else -1
    if board.turn == ai_player:
        board.push_str(choose_move("tictactoe", board.moves_str(), level=TOP).move)
        result = worst_result_for_ai(board, ai_player)
        board.pop()
        return result
    worst = 1
    for move in board.legal_moves():
        board.push(move)
        worst = min(worst, worst_result_for_ai(board, ai_player))
        board.pop()
    return worst


@pytest.mark.parametrize("ai_player", [1, 2], ids=["ai-first", "ai-second"])
def test_ai_never_loses_tictactoe_against_any_strategy(ai_player):
    assert worst_result_for_ai(Board("tictactoe"), ai_player) >= 0


def test_ai_takes_an_immediate_win():
    analysis = choose_move("tictactoe", "a1 b1 a2 b2", level=TOP)
    assert analysis.move == "a3" and analysis.score > 0


def test_ai_blocks_an_immediate_loss():
    assert choose_move("tictactoe", "a1 b2 c3 b1", level=TOP).move == "b3"
