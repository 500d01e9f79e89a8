"""The search position's incremental state equals a position built from scratch."""

from __future__ import annotations

import random

import numpy as np

from engine.board import Board
from engine.search import position_of
from engine.search.position import make, unmake


def snapshot(pos):
    return [
        a.copy()
        for a in (pos.keys, pos.pair, pos.combo, pos.tally, pos.near, pos.state, pos.undo[:1])
    ]


def test_make_then_unmake_restores_every_array():
    board = Board.from_moves("caro", "h8 h9 i8 i9 j10 g7")
    pos = position_of(board)
    before = snapshot(pos)
    empties = [i for i in pos.cells if pos.board[i] == 0][:30]
    for idx in empties:
        make(pos, idx, 1)
    for idx in reversed(empties):
        unmake(pos, idx)
    assert all(np.array_equal(a, b) for a, b in zip(before, snapshot(pos), strict=True))


def test_incremental_counts_match_a_position_built_from_the_same_stones():
    rng = random.Random(3)
    board = Board("gomoku")
    pos = position_of(board)
    for _ in range(40):
        move = rng.choice([m for m in board.legal_moves() if 60 <= m <= 165])
        make(pos, pos.cells[move], board.turn)
        board.push(move)
        if board.is_game_over():
            break
    fresh = position_of(board)
    assert np.array_equal(pos.counts, fresh.counts)
    assert np.array_equal(pos.tally, fresh.tally)
    empty = pos.board == 0
    assert np.array_equal(pos.combo[:, empty], fresh.combo[:, empty])
