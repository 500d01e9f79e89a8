"""The search's own board: padded arrays updated incrementally on make and unmake.

Cells live in a 1-D array with ``R`` wall cells around the board (one wall block shared by
the left and right edges), so walking up to ``R`` steps in any of the four directions never
leaves the array and meets a wall code instead of the next row. For every cell and direction
the position keeps the *line key* of its neighbourhood; placing a stone ORs two bits into the
keys of the ``4 * 2R`` cells around it and re-classifies those that are empty. Per player it
keeps each empty cell's class and score plus running totals and per-class counts, so the
evaluation and "does anyone threaten a five" are O(1).

All arrays travel in a :class:`Position` named tuple so numba sees one argument.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from engine.search.evaluation import CELL_CLASS, CELL_SCORE, N_CLASSES
from engine.search.patterns import (
    WALL_CODE,
    key_shift,
    new_pattern_table,
    pattern_pair,
    window_radius,
)

# cfg fields
ROWS, COLS, K, RULE, RADIUS, WIDTH, GRAVITY, CELLS = range(8)
# state fields
HASH, STONES = range(2)
POW9 = np.array([729, 81, 9, 1], dtype=np.int32)


class Position(NamedTuple):
    cfg: np.ndarray  # int64[8]: rows, cols, k, rule, radius, width, gravity, cells
    state: np.ndarray  # uint64[2]: Zobrist hash, stones on the board
    board: np.ndarray  # int8[n]: 0 empty, 1 / 2 stones, 3 wall
    keys: np.ndarray  # uint32[n, 4]: line key per cell and direction (player 1's view)
    pat: np.ndarray  # int8[2, n, 4]: pattern level per player, cell, direction
    combo: np.ndarray  # int32[2, n]: index of the cell's four patterns in the cell tables
    cls: np.ndarray  # int8[2, n]: cell class per player (valid on empty cells)
    score: np.ndarray  # int32[2, n]: cell score per player (valid on empty cells)
    counts: np.ndarray  # int32[2, N_CLASSES]: empty cells of each class per player
    totals: np.ndarray  # int64[2]: sum of empty cells' scores per player
    near: np.ndarray  # int16[n]: stones within two cells (candidate moves have near > 0)
    zobrist: np.ndarray  # uint64[2, n]
    steps: np.ndarray  # int64[4]: index step per direction
    cells: np.ndarray  # int32[rows * cols]: padded index of each engine cell
    index_of: np.ndarray  # int32[n]: engine cell of a padded index, -1 on walls
    table: np.ndarray  # uint8[4 ** (2R)]: memoised line patterns of both players for (k, rule)
    cell_class: np.ndarray  # int8[9 ** 4]
    cell_score: np.ndarray  # int32[9 ** 4]
    undo: np.ndarray  # int64[...]: [0] top; per move its changed levels, then their count


_TABLES: dict[tuple[int, int], np.ndarray] = {}


def pattern_table(k: int, rule: int) -> np.ndarray:
    """The process-wide memo table for (k, rule); it only ever fills in, so sharing is safe."""
    key = (k, rule)
    if key not in _TABLES:
        _TABLES[key] = new_pattern_table(window_radius(k, rule))
    return _TABLES[key]


def new_position(
    rows: int, cols: int, k: int, rule: int, gravity: bool, stones: list[int]
) -> Position:
    """A position with ``stones[cell]`` (0, 1, 2; engine cell order, row 0 at the bottom)."""
    radius = window_radius(k, rule)
    width = cols + radius
    size = (rows + 2 * radius + 2) * width
    cells = np.array(
        [(r + radius + 1) * width + c for r in range(rows) for c in range(cols)], dtype=np.int32
    )
    index_of = np.full(size, -1, dtype=np.int32)
    index_of[cells] = np.arange(rows * cols, dtype=np.int32)
    rng = np.random.default_rng(0x5EED + rows * 1000 + cols)
    pos = Position(
        cfg=np.array([rows, cols, k, rule, radius, width, int(gravity), rows * cols], np.int64),
        state=np.zeros(2, dtype=np.uint64),
        board=np.full(size, WALL_CODE, dtype=np.int8),
        keys=np.zeros((size, 4), dtype=np.uint32),
        pat=np.zeros((2, size, 4), dtype=np.int8),
        combo=np.zeros((2, size), dtype=np.int32),
        cls=np.zeros((2, size), dtype=np.int8),
        score=np.zeros((2, size), dtype=np.int32),
        counts=np.zeros((2, N_CLASSES), dtype=np.int32),
        totals=np.zeros(2, dtype=np.int64),
        near=np.zeros(size, dtype=np.int16),
        zobrist=rng.integers(1, 2**63, size=(2, size), dtype=np.int64).astype(np.uint64),
        steps=np.array([1, width, width + 1, width - 1], dtype=np.int64),
        cells=cells,
        index_of=index_of,
        table=pattern_table(k, rule),
        cell_class=CELL_CLASS,
        cell_score=CELL_SCORE,
        undo=np.zeros(rows * cols * (8 * radius + 1) + 1, dtype=np.int64),
    )
    pos.board[cells] = 0
    _initialise(pos, np.asarray(stones, dtype=np.int8))
    return pos


@njit(cache=True)
def _initialise(pos: Position, stones: np.ndarray) -> None:
    radius = pos.cfg[RADIUS]
    for idx in pos.cells:
        for d in range(4):
            key = np.uint32(0)
            for off in range(-radius, radius + 1):
                if off != 0:
                    code = pos.board[idx + off * pos.steps[d]]
                    key |= np.uint32(code) << np.uint32(key_shift(off, radius))
            pos.keys[idx, d] = key
    for idx in pos.cells:
        _add_cell(pos, idx)
    for i in range(stones.shape[0]):
        if stones[i] != 0:
            make(pos, pos.cells[i], stones[i])


@njit(cache=True, inline="always")
def _add_cell(pos: Position, idx: int) -> None:
    """Classify an empty cell from scratch and add it to totals and counts."""
    k, rule, radius = pos.cfg[K], pos.cfg[RULE], pos.cfg[RADIUS]
    keys, table, pat = pos.keys, pos.table, pos.pat
    for d in range(4):
        pair = pattern_pair(table, keys[idx, d], k, rule, radius)
        pat[0, idx, d] = pair & 15
        pat[1, idx, d] = pair >> 4
    for pl in range(2):
        combo = 0
        for d in range(4):
            combo += pat[pl, idx, d] * POW9[d]
        pos.combo[pl, idx] = combo
        cls = pos.cell_class[combo]
        sc = pos.cell_score[combo]
        pos.cls[pl, idx] = cls
        pos.score[pl, idx] = sc
        pos.counts[pl, cls] += 1
        pos.totals[pl] += sc


@njit(cache=True, inline="always")
def _set_level(pos: Position, pl: int, q: int, d: int, level: int) -> None:
    """Change one direction's pattern level of the empty cell ``q`` and keep its class, score
    and the player's counts and total in step."""
    old = pos.pat[pl, q, d]
    pos.pat[pl, q, d] = level
    combo = pos.combo[pl, q] + (level - old) * POW9[d]
    pos.combo[pl, q] = combo
    cls = pos.cell_class[combo]
    sc = pos.cell_score[combo]
    pos.counts[pl, pos.cls[pl, q]] -= 1
    pos.counts[pl, cls] += 1
    pos.totals[pl] += sc - pos.score[pl, q]
    pos.cls[pl, q] = cls
    pos.score[pl, q] = sc


@njit(cache=True, inline="always")
def _place_lines(pos: Position, idx: int, player: int) -> None:
    """Write ``player``'s stone into the keys around ``idx`` and re-classify the empty cells
    whose keys changed, logging each changed (cell, direction) with its old levels so
    :func:`_clear_lines` can undo the move without classifying anything."""
    k, rule, radius = pos.cfg[K], pos.cfg[RULE], pos.cfg[RADIUS]
    keys, table, pat, board, undo = pos.keys, pos.table, pos.pat, pos.board, pos.undo
    value = np.uint32(player)
    three = np.uint32(3)
    top = undo[0]
    first = top
    for d in range(4):
        step = pos.steps[d]
        for sign in (-1, 1):
            for i in range(1, radius + 1):
                q = idx - sign * i * step
                if board[q] == WALL_CODE:
                    break  # nothing on the board beyond the edge sees this cell
                shift = np.uint32(key_shift(sign * i, radius))
                key = (keys[q, d] & ~(three << shift)) | (value << shift)
                keys[q, d] = key
                if board[q] != 0:
                    continue
                pair = pattern_pair(table, key, k, rule, radius)
                old0, old1 = np.int64(pat[0, q, d]), np.int64(pat[1, q, d])
                if pair == old0 | (old1 << 4):
                    continue
                top += 1
                undo[top] = (q << 16) | (d << 8) | (old0 << 4) | old1
                if pair & 15 != old0:
                    _set_level(pos, 0, q, d, pair & 15)
                if pair >> 4 != old1:
                    _set_level(pos, 1, q, d, pair >> 4)
    top += 1
    undo[top] = top - 1 - first  # entries logged by this move
    undo[0] = top


@njit(cache=True, inline="always")
def _clear_lines(pos: Position, idx: int) -> None:
    """Take the stone on ``idx`` out of the keys around it and restore the levels the last
    :func:`_place_lines` logged (moves are undone last-made-first)."""
    radius = pos.cfg[RADIUS]
    keys, board, undo = pos.keys, pos.board, pos.undo
    three = np.uint32(3)
    for d in range(4):
        step = pos.steps[d]
        for sign in (-1, 1):
            for i in range(1, radius + 1):
                q = idx - sign * i * step
                if board[q] == WALL_CODE:
                    break
                shift = np.uint32(key_shift(sign * i, radius))
                keys[q, d] &= ~(three << shift)
    top = undo[0]
    n = undo[top]
    for j in range(top - n, top):
        entry = undo[j]
        q = entry >> 16
        d = (entry >> 8) & 255
        old0 = (entry >> 4) & 15
        old1 = entry & 15
        if pos.pat[0, q, d] != old0:
            _set_level(pos, 0, q, d, old0)
        if pos.pat[1, q, d] != old1:
            _set_level(pos, 1, q, d, old1)
    undo[0] = top - n - 1


@njit(cache=True, inline="always")
def _touch_near(near: np.ndarray, width: int, idx: int, delta: int) -> None:
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            near[idx + dr * width + dc] += delta


@njit(cache=True, inline="always")
def make(pos: Position, idx: int, player: int) -> None:
    """Place ``player``'s stone on the empty padded cell ``idx``."""
    for pl in range(2):
        pos.counts[pl, pos.cls[pl, idx]] -= 1
        pos.totals[pl] -= pos.score[pl, idx]
    pos.board[idx] = player
    pos.state[HASH] ^= pos.zobrist[player - 1, idx]
    pos.state[STONES] += np.uint64(1)
    _place_lines(pos, idx, player)
    _touch_near(pos.near, pos.cfg[WIDTH], idx, 1)


@njit(cache=True, inline="always")
def unmake(pos: Position, idx: int) -> None:
    """Take the stone on ``idx`` back off the board: the last stone placed and not yet taken
    back. In that order an occupied cell's own patterns are never touched (only empty cells are
    re-classified) and its neighbourhood is back to what it was when the stone was placed, so
    the class and score it had then are still stored and simply count again."""
    player = pos.board[idx]
    pos.board[idx] = 0
    pos.state[HASH] ^= pos.zobrist[player - 1, idx]
    pos.state[STONES] -= np.uint64(1)
    _clear_lines(pos, idx)
    for pl in range(2):
        pos.counts[pl, pos.cls[pl, idx]] += 1
        pos.totals[pl] += pos.score[pl, idx]
    _touch_near(pos.near, pos.cfg[WIDTH], idx, -1)


@njit(cache=True)
def gravity_target(pos: Position, col: int) -> int:
    """The padded index where a stone dropped in ``col`` lands, or -1 if the column is full."""
    cols = pos.cfg[COLS]
    for row in range(pos.cfg[ROWS]):
        idx = pos.cells[row * cols + col]
        if pos.board[idx] == 0:
            return idx
    return -1
