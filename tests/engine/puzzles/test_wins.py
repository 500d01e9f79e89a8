"""The puzzle checker's reading of wins agrees with the board, the referee: on random
positions of every five-in-a-row rule, a cell "wins at once" exactly when pushing it ends the
game with that player's win, and an opponent stone off a win's spoilers never takes it away."""

from __future__ import annotations

import random

import pytest

from engine.board import Board
from engine.errors import ForbiddenMoveError
from engine.puzzles.wins import (
    blocked_five_cells,
    far_cell,
    spoilers,
    threat_through,
    winning_cells,
    wins_at,
)

RULES = ("gomoku", "gomoku-standard", "caro", "caro-exact", "renju")


def random_position(variant: str, rng: random.Random, stones: int) -> Board:
    """A crowded middle of the board (many runs of four), as a game with no win yet."""
    board = Board(variant)
    while len(board.move_stack) < stones:
        cell = rng.randrange(4, 11) * 15 + rng.randrange(4, 11)
        if not board.is_legal(cell):
            if all(not board.is_legal(r * 15 + c) for r in range(4, 11) for c in range(4, 11)):
                break
            continue
        board.push(cell)
        if board.is_game_over():
            board.pop()
            break
    return board


def referee_wins(board: Board, cell: int) -> bool:
    player = board.turn
    try:
        board.push(cell)
    except ForbiddenMoveError:
        return False
    try:
        outcome = board.outcome()
        return outcome is not None and outcome.winner == player
    finally:
        board.pop()


@pytest.mark.parametrize("variant", RULES)
def test_a_cell_wins_at_once_exactly_when_the_board_says_it_does(variant):
    rng = random.Random(variant)
    for _ in range(60):
        board = random_position(variant, rng, rng.randrange(16, 34))
        cells = board.cells()
        for cell in range(len(cells)):
            if cells[cell] == 0:
                assert wins_at(board.variant, cells, cell, board.turn) == referee_wins(board, cell)
        expected = [c for c in range(len(cells)) if cells[c] == 0 and referee_wins(board, c)]
        assert winning_cells(board.variant, cells, board.turn) == expected


@pytest.mark.parametrize("variant", RULES)
def test_an_opponent_stone_off_the_spoilers_never_takes_a_win_away(variant):
    rng = random.Random(f"spoil-{variant}")
    checked = 0
    for _ in range(80):
        board = random_position(variant, rng, rng.randrange(16, 34))
        cells, player = board.cells(), board.turn
        for win in winning_cells(board.variant, cells, player):
            spoiled_by = spoilers(board.variant, cells, win, player)
            for other in range(len(cells)):
                if cells[other] or other in spoiled_by:
                    continue
                cells[other] = 3 - player
                assert wins_at(board.variant, cells, win, player)
                cells[other] = 0
                checked += 1
    assert checked > 1000


def test_a_caro_five_blocked_at_both_ends_is_found_and_does_not_win():
    board = Board.from_moves("caro", "b5 a5 c5 g5 d5 a1 e5 a2")  # x b5..e5 between o a5, g5
    cells = board.cells()
    f5 = board.parse_move("f5")
    assert blocked_five_cells(board.variant, cells, 1) == [f5]
    assert not wins_at(board.variant, cells, f5, 1)
    assert f5 in spoilers(board.variant, cells, f5, 1)


def test_a_stone_that_makes_a_four_is_a_threat_through_it():
    board = Board.from_moves("gomoku", "h8 a1 i8 a3 j8 o15")
    cells = board.cells()
    assert threat_through(board.variant, cells, board.parse_move("k8"), 1)
    assert not threat_through(board.variant, cells, board.parse_move("k9"), 1)
    assert cells == board.cells()  # restored


def test_the_far_cell_is_as_far_as_any_cell_from_the_stones():
    board = Board.from_moves("gomoku", "h8 h9 a1")
    far = far_cell(board.variant, board.cells())

    def distance(cell: int) -> int:
        row, col = divmod(cell, 15)
        return min(max(abs(row - r), abs(col - c))
                   for r, c in (divmod(m, 15) for m in board.move_stack))
    assert board.cell(far) == 0
    assert distance(far) == max(distance(c) for c in board.legal_moves()) == 7
