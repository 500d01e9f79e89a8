"""Under caro a five blocked at both ends does not win, so a four already blocked at one end
is stopped at either of its ends: the search must see both (docs/engine.md, "A caro rule gap
in the search")."""

from __future__ import annotations

import numpy as np

from engine.board import Board
from engine.levels import TOP
from engine.search import choose_grid_move, position_of
from engine.search.movegen import BLOCK, gen_moves
from engine.search.ttable import MATE_BOUND
from tests.engine.tactics import NO_CLOCK_MS, load_suite
from tests.engine.tactics.deep import DEEP

# White's four g7-j7 is blocked by black's f7; it completes at k7, and l7 caps its other end.
BLOCKED_FOUR = "f7 g7 b2 h7 b13 i7 n2 j7"


def block_list(variant: str) -> tuple[int, set[str]]:
    board = Board.from_moves(variant, BLOCKED_FOUR)
    pos = position_of(board)
    out = np.zeros(pos.board.shape[0] + 1, dtype=np.int64)
    n, kind = gen_moves(pos, board.turn, out)
    return kind, {board.move_str(int(pos.index_of[m])) for m in out[:n]}


def test_caro_blocks_a_four_at_its_completion_cell_or_at_its_free_end():
    assert block_list("caro") == (BLOCK, {"k7", "l7"})


def test_freestyle_blocks_a_four_only_at_its_completion_cell():
    assert block_list("gomoku") == (BLOCK, {"k7"})


def test_the_search_holds_a_caro_position_only_the_cap_saves():
    puzzle = next(p for p in load_suite(DEEP) if p.answers == {"l7"} and p.variant == "caro")
    analysis = choose_grid_move(puzzle.board(), time_ms=NO_CLOCK_MS, level=TOP, max_nodes=200_000)
    assert analysis.move == "l7"
    assert analysis.score > -MATE_BOUND
