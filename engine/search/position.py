"""The search's own board: padded arrays updated incrementally on make and unmake.

Cells live in a 1-D array with ``R`` wall cells around the board (one wall block shared by
the left and right edges), so walking up to ``R`` steps in any of the four directions never
leaves the array and meets a wall code instead of the next row. For every empty cell and
direction the position keeps the *line key* of its neighbourhood and the pattern levels it
gives both players; per player it keeps each cell's combination of its four levels (which
indexes its class and score) and a *tally* (score sum and threat counts, see
``evaluation.py``), so the evaluation and "does anyone threaten a five" are O(1), and bit sets
of the cells where a player completes a five or makes a four, so the threat searches list them
without scanning the board.

``make`` ORs two bits into the keys of the empty cells on the ``4 * 2R`` around the stone,
re-classifies them and logs every level it changes with the cell's old combinations; ``unmake``
clears the bits and writes the logged values back, classifying nothing. Occupied cells are
skipped both ways: a stone is taken back only after every later stone is, so the keys and
levels it had when it was placed are right again when its cell empties.

All arrays travel in a :class:`Position` named tuple so numba sees one argument.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.cpython.unsafe.numbers import trailing_zeros

from engine.native import array_view
from engine.renju import new_stack
from engine.search.evaluation import (
    CELL_CLASS,
    CELL_SCORE,
    CELL_TALLY,
    FIVES_SHIFT,
    FOURS_SHIFT,
    N_CLASSES,
)
from engine.search.patterns import (
    WALL_CODE,
    key_shift,
    new_pattern_table,
    window_radius,
)

# cfg fields
ROWS, COLS, K, RULE, RADIUS, WIDTH, GRAVITY, CELLS = range(8)
# state fields
HASH, STONES = range(2)
POW9 = np.array([729, 81, 9, 1], dtype=np.int64)
# Rows of ``marks``: cells where a player completes a five, cells where it makes a four.
FIVE_MARKS, FOUR_MARKS = 0, 1
EVERY_MARK = 15  # a marked_cells choice: both rows of both players
# An undo entry: cell, direction, old levels of both players, old combinations of both
# players, the marks the change flipped (two bits per player).
_DIR_SHIFT, _PAIR_SHIFT, _COMBO0_SHIFT, _COMBO1_SHIFT, _FLIP_SHIFT = 16, 18, 26, 39, 52
_COMBO_MASK = (1 << 13) - 1  # combinations are < 9 ** 4 = 6561


class Position(NamedTuple):
    cfg: np.ndarray  # int64[8]: rows, cols, k, rule, radius, width, gravity, cells
    state: np.ndarray  # uint64[2]: Zobrist hash, stones on the board
    board: np.ndarray  # int8[n]: 0 empty, 1 / 2 stones, 3 wall
    keys: np.ndarray  # uint32[n, 4]: line key per cell and direction (player 1's view)
    pair: np.ndarray  # uint8[n, 4]: both players' levels per cell and direction (see patterns)
    combo: np.ndarray  # int32[2, n]: index of the cell's four levels in the cell tables
    tally: np.ndarray  # int64[2]: per player, its empty cells' CELL_TALLY shares summed
    marks: np.ndarray  # uint64[2, 2, n / 64]: per player, bit sets of empty five / four cells
    near: np.ndarray  # int16[n]: stones within two cells (candidate moves have near > 0)
    zobrist: np.ndarray  # uint64[2, n]
    steps: np.ndarray  # int64[4]: index step per direction
    cells: np.ndarray  # int32[rows * cols]: padded index of each engine cell
    index_of: np.ndarray  # int32[n]: engine cell of a padded index, -1 on walls
    table: np.ndarray  # uint8[4 ** (2R)]: memoised line patterns of both players for (k, rule)
    cell_class: np.ndarray  # int8[9 ** 4]
    cell_score: np.ndarray  # int32[9 ** 4]
    cell_tally: np.ndarray  # int64[9 ** 4]
    undo: np.ndarray  # int64[...]: [0] top; per move its log entries, old tallies, entry count
    renju_stack: np.ndarray  # int64[cells + 1, 6]: scratch of the renju rule check

    # Whole-board views for Python callers (tools, tests); compiled code uses the helpers below.
    @property
    def cls(self) -> np.ndarray:
        """int8[2, n]: each cell's class per player (meaningful on empty cells)."""
        return self.cell_class[self.combo]

    @property
    def score(self) -> np.ndarray:
        """int32[2, n]: each cell's score per player (meaningful on empty cells)."""
        return self.cell_score[self.combo]

    @property
    def counts(self) -> np.ndarray:
        """int64[2, N_CLASSES]: empty cells of each class per player."""
        empty = self.board == 0
        return np.array([np.bincount(c[empty], minlength=N_CLASSES) for c in self.cls])

    @property
    def totals(self) -> np.ndarray:
        """int64[2]: the sum of the empty cells' scores per player."""
        return self.score[:, self.board == 0].sum(axis=1, dtype=np.int64)


# A handle names arrays by address for the recursive searches (engine.native.array_view): per
# array HANDLE_SLOTS int64 slots, its data address and then its shape.
HANDLE_SLOTS = 4
POSITION_SLOTS = HANDLE_SLOTS * len(Position._fields)
_I8_1, _I16_1 = array_view(types.int8, 1), array_view(types.int16, 1)
_I32_1, _I64_1 = array_view(types.int32, 1), array_view(types.int64, 1)
_U8_1, _U64_1 = array_view(types.uint8, 1), array_view(types.uint64, 1)
_U8_2, _U32_2, _U64_2 = (array_view(t, 2) for t in (types.uint8, types.uint32, types.uint64))
_I32_2, _I64_2 = array_view(types.int32, 2), array_view(types.int64, 2)
_U64_3 = array_view(types.uint64, 3)


def fill_handle(arrays: tuple[np.ndarray, ...], handle: np.ndarray, first: int = 0) -> None:
    """Write the address and shape of each of ``arrays`` into ``handle`` from slot ``first``."""
    for i, array in enumerate(arrays):
        if not array.flags.c_contiguous:
            raise ValueError("a handle names C-contiguous arrays only")
        slot = first + HANDLE_SLOTS * i
        handle[slot] = array.ctypes.data
        handle[slot + 1 : slot + 1 + array.ndim] = array.shape


def position_handle(pos: Position) -> np.ndarray:
    """A handle of ``pos``'s arrays, for :func:`position_at`; ``pos`` must outlive its use."""
    handle = np.zeros(POSITION_SLOTS, dtype=np.int64)
    fill_handle(pos, handle)
    return handle


@njit(cache=True, inline="always")
def position_at(h: np.ndarray) -> Position:
    """The position whose arrays the handle ``h`` names in its first slots (see
    :func:`position_handle`): a recursive search passes one array instead of nineteen."""
    return Position(
        cfg=_I64_1(h[0], (h[1],)),
        state=_U64_1(h[4], (h[5],)),
        board=_I8_1(h[8], (h[9],)),
        keys=_U32_2(h[12], (h[13], h[14])),
        pair=_U8_2(h[16], (h[17], h[18])),
        combo=_I32_2(h[20], (h[21], h[22])),
        tally=_I64_1(h[24], (h[25],)),
        marks=_U64_3(h[28], (h[29], h[30], h[31])),
        near=_I16_1(h[32], (h[33],)),
        zobrist=_U64_2(h[36], (h[37], h[38])),
        steps=_I64_1(h[40], (h[41],)),
        cells=_I32_1(h[44], (h[45],)),
        index_of=_I32_1(h[48], (h[49],)),
        table=_U8_1(h[52], (h[53],)),
        cell_class=_I8_1(h[56], (h[57],)),
        cell_score=_I32_1(h[60], (h[61],)),
        cell_tally=_I64_1(h[64], (h[65],)),
        undo=_I64_1(h[68], (h[69],)),
        renju_stack=_I64_2(h[72], (h[73], h[74])),
    )


@njit(cache=True, inline="always")
def cell_class(pos: Position, pl: int, idx: int) -> int:
    """Class of the empty cell ``idx`` for player index ``pl`` (0 or 1)."""
    return pos.cell_class[pos.combo[pl, idx]]


@njit(cache=True, inline="always")
def cell_score(pos: Position, pl: int, idx: int) -> int:
    """Score of the empty cell ``idx`` for player index ``pl`` (0 or 1)."""
    return pos.cell_score[pos.combo[pl, idx]]


# Pattern tables kept by a process, least recently used first. A table costs 4**(2*radius)
# bytes: 1 MiB for the catalogue's k = 5 rules, 16 MiB for k = 6 (except freestyle) and k = 7,
# so a worker that met every custom (k, rule) held 112 MiB of them. Past this many bytes the
# least recently used are dropped (a search using one keeps its reference) and rebuilt when
# needed again (0.6-2.5 s for a 16 MiB one): two large tables and the small ones fit.
TABLE_BYTES = 36 << 20
_TABLES: OrderedDict[tuple[int, int], np.ndarray] = OrderedDict()


def pattern_table(k: int, rule: int) -> np.ndarray:
    """The process-wide table for (k, rule), built on first use; complete once built, so
    sharing it between positions is safe."""
    key = (k, rule)
    if key in _TABLES:
        _TABLES.move_to_end(key)
        return _TABLES[key]
    table = _TABLES[key] = new_pattern_table(k, rule)
    while sum(t.nbytes for t in _TABLES.values()) > TABLE_BYTES and len(_TABLES) > 1:
        _TABLES.popitem(last=False)
    return table


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
        pair=np.zeros((size, 4), dtype=np.uint8),
        combo=np.zeros((2, size), dtype=np.int32),
        tally=np.zeros(2, dtype=np.int64),
        marks=np.zeros((2, 2, (size + 63) // 64), dtype=np.uint64),
        near=np.zeros(size, dtype=np.int16),
        zobrist=rng.integers(1, 2**63, size=(2, size), dtype=np.int64).astype(np.uint64),
        steps=np.array([1, width, width + 1, width - 1], dtype=np.int64),
        cells=cells,
        index_of=index_of,
        table=pattern_table(k, rule),
        cell_class=CELL_CLASS,
        cell_score=CELL_SCORE,
        cell_tally=CELL_TALLY,
        undo=np.zeros(rows * cols * (8 * radius + 3) + 1, dtype=np.int64),
        renju_stack=new_stack(rows * cols),
    )
    pos.board[cells] = 0
    _initialise(pos, np.asarray(stones, dtype=np.int8))
    return pos


@njit(cache=True)
def _initialise(pos: Position, stones: np.ndarray) -> None:
    """Classify the empty board's cells from scratch, then place the stones."""
    radius = pos.cfg[RADIUS]
    for idx in pos.cells:
        for pl in range(2):
            pos.combo[pl, idx] = 0
        for d in range(4):
            key = np.uint32(0)
            for off in range(-radius, radius + 1):
                if off != 0:
                    code = pos.board[idx + off * pos.steps[d]]
                    key |= np.uint32(code) << np.uint32(key_shift(off, radius))
            pos.keys[idx, d] = key
            pair = np.int64(pos.table[key])
            pos.pair[idx, d] = pair
            pos.combo[0, idx] += (pair & 15) * POW9[d]
            pos.combo[1, idx] += (pair >> 4) * POW9[d]
        for pl in range(2):
            share = pos.cell_tally[pos.combo[pl, idx]]
            pos.tally[pl] += share
            _flip_marks(pos.marks, pl, idx, _mark_bits(share))
    for i in range(stones.shape[0]):
        if stones[i] != 0:
            make(pos, pos.cells[i], stones[i])


@njit(cache=True, inline="always")
def _mark_bits(share: np.int64) -> int:
    """The marks a tally share (or the XOR of two) carries: bit 0 five cell, bit 1 four cell."""
    return ((share >> FIVES_SHIFT) & 1) | (((share >> FOURS_SHIFT) & 1) << 1)


@njit(cache=True, inline="always")
def _flip_marks(marks: np.ndarray, pl: int, idx: int, bits: int) -> None:
    if bits != 0:  # rare: most changes make no cell a five or four cell, nor unmake one
        word, bit = idx >> 6, np.uint64(1) << np.uint64(idx & 63)
        if bits & 1:
            marks[pl, FIVE_MARKS, word] ^= bit
        if bits & 2:
            marks[pl, FOUR_MARKS, word] ^= bit


@njit(cache=True, inline="always")
def mark_set(pl: int, row: int) -> int:
    """The bit naming marks ``row`` of player index ``pl`` in a :func:`marked_cells` choice."""
    return 1 << (2 * pl + row)


@njit(cache=True, inline="always")
def marked_cells(pos: Position, chosen: int, out: np.ndarray) -> int:
    """Fill ``out`` with the empty cells in any of the ``chosen`` marks (an OR of
    :func:`mark_set` bits), in board order as a scan would find them; return their number."""
    marks = pos.marks
    n = 0
    for word in range(marks.shape[2]):
        x = np.uint64(0)
        for pl in range(2):
            for row in range(2):
                if chosen & mark_set(pl, row):
                    x |= marks[pl, row, word]
        while x != 0:
            out[n] = word * 64 + trailing_zeros(x)
            n += 1
            x &= x - np.uint64(1)
    return n


@njit(cache=True, inline="always")
def first_marked(pos: Position, pl: int, row: int) -> int:
    """The first empty cell in marks ``row`` of player index ``pl`` (board order), or -1."""
    marks = pos.marks
    for word in range(marks.shape[2]):
        if marks[pl, row, word] != 0:
            return word * 64 + trailing_zeros(marks[pl, row, word])
    return -1


@njit(cache=True, inline="always")
def _touch_near(near: np.ndarray, width: int, idx: int, delta: int) -> None:
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            near[idx + dr * width + dc] += delta


@njit(cache=True, inline="always")
def make(pos: Position, idx: int, player: int) -> None:
    """Place ``player``'s stone on the empty padded cell ``idx``."""
    radius = pos.cfg[RADIUS]
    keys, table, pair, combo, board = pos.keys, pos.table, pos.pair, pos.combo, pos.board
    cell_tally, undo = pos.cell_tally, pos.undo
    old_tally0, old_tally1 = pos.tally[0], pos.tally[1]
    share0, share1 = cell_tally[combo[0, idx]], cell_tally[combo[1, idx]]
    tally0 = old_tally0 - share0  # the cell leaves the empty cells
    tally1 = old_tally1 - share1
    _flip_marks(pos.marks, 0, idx, _mark_bits(share0))
    _flip_marks(pos.marks, 1, idx, _mark_bits(share1))
    board[idx] = player
    pos.state[HASH] ^= pos.zobrist[player - 1, idx]
    pos.state[STONES] += np.uint64(1)
    value = np.uint32(player)
    three = np.uint32(3)
    first = undo[0]
    top = first
    for d in range(4):
        step = pos.steps[d]
        weight = POW9[d]
        for sign in (-1, 1):
            for i in range(1, radius + 1):
                q = idx - sign * i * step
                code = board[q]
                if code == WALL_CODE:
                    break  # nothing on the board beyond the edge sees this cell
                if code != 0:
                    continue
                shift = np.uint32(key_shift(sign * i, radius))
                key = (keys[q, d] & ~(three << shift)) | (value << shift)
                keys[q, d] = key
                levels = np.int64(table[key])
                old = np.int64(pair[q, d])
                if levels == old:
                    continue
                pair[q, d] = levels
                old0, old1 = np.int64(combo[0, q]), np.int64(combo[1, q])
                new0 = old0 + ((levels & 15) - (old & 15)) * weight
                new1 = old1 + ((levels >> 4) - (old >> 4)) * weight
                combo[0, q] = new0
                combo[1, q] = new1
                was0, now0 = cell_tally[old0], cell_tally[new0]
                was1, now1 = cell_tally[old1], cell_tally[new1]
                tally0 += now0 - was0
                tally1 += now1 - was1
                flips = _mark_bits(was0 ^ now0) | (_mark_bits(was1 ^ now1) << 2)
                if flips != 0:
                    _flip_marks(pos.marks, 0, q, flips & 3)
                    _flip_marks(pos.marks, 1, q, flips >> 2)
                top += 1
                undo[top] = (
                    q
                    | (d << _DIR_SHIFT)
                    | (old << _PAIR_SHIFT)
                    | (old0 << _COMBO0_SHIFT)
                    | (old1 << _COMBO1_SHIFT)
                    | (flips << _FLIP_SHIFT)
                )
    undo[top + 1] = old_tally0
    undo[top + 2] = old_tally1
    undo[top + 3] = top - first  # entries logged by this move
    undo[0] = top + 3
    pos.tally[0] = tally0
    pos.tally[1] = tally1
    _touch_near(pos.near, pos.cfg[WIDTH], idx, 1)


@njit(cache=True, inline="always")
def unmake(pos: Position, idx: int) -> None:
    """Take the stone on ``idx`` back off the board: the last stone placed and not yet taken
    back, so the values :func:`make` logged are exactly the ones to restore."""
    radius = pos.cfg[RADIUS]
    keys, pair, combo, board, undo = pos.keys, pos.pair, pos.combo, pos.board, pos.undo
    player = board[idx]
    board[idx] = 0
    pos.state[HASH] ^= pos.zobrist[player - 1, idx]
    pos.state[STONES] -= np.uint64(1)
    three = np.uint32(3)
    for d in range(4):
        step = pos.steps[d]
        for sign in (-1, 1):
            for i in range(1, radius + 1):
                q = idx - sign * i * step
                code = board[q]
                if code == WALL_CODE:
                    break
                if code == 0:
                    keys[q, d] &= ~(three << np.uint32(key_shift(sign * i, radius)))
    top = undo[0]
    n = undo[top]
    pos.tally[0] = undo[top - 2]
    pos.tally[1] = undo[top - 1]
    for j in range(top - 2 - n, top - 2):
        entry = undo[j]
        q = entry & 0xFFFF
        pair[q, (entry >> _DIR_SHIFT) & 3] = (entry >> _PAIR_SHIFT) & 0xFF
        combo[0, q] = (entry >> _COMBO0_SHIFT) & _COMBO_MASK
        combo[1, q] = (entry >> _COMBO1_SHIFT) & _COMBO_MASK
        flips = entry >> _FLIP_SHIFT
        if flips != 0:
            _flip_marks(pos.marks, 0, q, flips & 3)
            _flip_marks(pos.marks, 1, q, flips >> 2)
    undo[0] = top - 3 - n
    _flip_marks(pos.marks, 0, idx, _mark_bits(pos.cell_tally[combo[0, idx]]))
    _flip_marks(pos.marks, 1, idx, _mark_bits(pos.cell_tally[combo[1, idx]]))
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
