"""The search position's incremental state equals a position built from scratch."""

from __future__ import annotations

import random

import numpy as np
from numba import njit

from engine.board import Board
from engine.search import position_of
from engine.search.evaluation import C_B4, C_B4F3, C_F4, C_FIVE
from engine.search.position import (
    FIVE_MARKS,
    FOUR_MARKS,
    Position,
    make,
    mark_set,
    marked_cells,
    position_at,
    position_handle,
    unmake,
)


def snapshot(pos):
    return [
        a.copy()
        for a in (
            pos.keys,
            pos.pair,
            pos.combo,
            pos.tally,
            pos.marks,
            pos.near,
            pos.state,
            pos.undo[:1],
        )
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
    assert np.array_equal(pos.marks, fresh.marks)


def test_marks_are_the_empty_five_and_four_cells_of_each_player():
    # Player 1 has h8-k8 (two five cells) and h8-h10; player 2 has a four on column a.
    board = Board.from_moves("gomoku", "h8 a1 i8 a3 j8 a5 h9 a7 h10 a9 k8")
    pos = position_of(board)
    cls = pos.cls
    out = np.zeros(pos.board.shape[0], dtype=np.int64)
    found = []
    for pl in range(2):
        for row, wanted in ((FIVE_MARKS, (C_FIVE,)), (FOUR_MARKS, (C_B4, C_B4F3, C_F4))):
            cells = [int(c) for c in pos.cells if pos.board[c] == 0 and cls[pl, c] in wanted]
            n = marked_cells(pos, mark_set(pl, row), out)
            assert list(out[:n]) == cells
            found.append(len(cells))
    assert found[0] == 2 and found[3] > 0


@njit
def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.ctypes.data == b.ctypes.data and a.shape == b.shape and a.strides == b.strides


@njit
def _through_handle(h: np.ndarray, pos: Position, idx: int) -> bool:
    """Whether the handle's views are ``pos``'s arrays (same memory, shapes and strides), and a
    stone placed through them shows in ``pos``."""
    view = position_at(h)
    same = _same(view.cfg, pos.cfg) and _same(view.board, pos.board)
    same = same and _same(view.keys, pos.keys) and _same(view.marks, pos.marks)
    same = same and _same(view.near, pos.near) and _same(view.renju_stack, pos.renju_stack)
    same = same and _same(view.cell_tally, pos.cell_tally) and _same(view.undo, pos.undo)
    make(view, idx, 1)
    return same and pos.board[idx] == 1


def test_a_handle_names_the_positions_own_arrays():
    pos = position_of(Board.from_moves("gomoku", "h8 h9 i8"))
    idx = next(int(i) for i in pos.cells if pos.board[i] == 0 and pos.near[i] > 0)
    after = position_of(Board.from_moves("gomoku", "h8 h9 i8"))
    make(after, idx, 1)
    assert _through_handle(position_handle(pos), pos, idx)
    assert all(np.array_equal(a, b) for a, b in zip(snapshot(after), snapshot(pos), strict=True))
