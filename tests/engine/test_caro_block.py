"""Under caro a five blocked at both ends does not win, so a four already blocked at one end
is stopped at either of its ends, and a three can be stopped by a cap of the five its four
would make: the search's move lists and its threat searches must see these defences
(docs/engine.md, "A caro rule gap in the search")."""

from __future__ import annotations

import numpy as np
import pytest

from engine.board import Board
from engine.levels import TOP
from engine.search import choose_grid_move, position_of
from engine.search.forbidden import can_make_open_four
from engine.search.movegen import BLOCK, DEFEND, gen_moves
from engine.search.position import make, unmake
from engine.search.threats import MAX_CANDIDATES, five_stops
from engine.search.ttable import MATE_BOUND
from tests.engine.tactics import NO_CLOCK_MS, load_suite
from tests.engine.tactics.deep import DEEP
from tests.engine.tactics.proofs import wins_by_threats

# White's four g7-j7 is blocked by black's f7; it completes at k7, and l7 caps its other end.
BLOCKED_FOUR = "f7 g7 b2 h7 b13 i7 n2 j7"


# Threat wins of freestyle (hard.txt's caro #11 and #24 before the caps): under caro a cap
# answers one of their threats.
CAPPED_THREAT_WINS = (
    "c6 l3 l9 c3 d3 m6 i11 j11 e10 d5 g6 i3 d6 h13",
    "g8 h4 l4 f11 i9 j4 g4 f4 e12 k4 k8 h11 k7 k11 h7 l6 j5 j7",
)


def move_list(board: Board) -> tuple[int, set[str]]:
    pos = position_of(board)
    out = np.zeros(pos.board.shape[0] + 1, dtype=np.int64)
    n, kind = gen_moves(pos, board.turn, out)
    return kind, {board.move_str(int(pos.index_of[m])) for m in out[:n]}


def block_list(variant: str) -> tuple[int, set[str]]:
    return move_list(Board.from_moves(variant, BLOCKED_FOUR))


def stops_of_the_four(variant: str) -> set[str]:
    board = Board.from_moves(variant, BLOCKED_FOUR)
    pos = position_of(board)
    out = np.zeros(MAX_CANDIDATES, dtype=np.int64)
    n = five_stops(pos, 3 - board.turn, out)
    return {board.move_str(int(pos.index_of[m])) for m in out[:n]}


def test_caro_blocks_a_four_at_its_completion_cell_or_at_its_free_end():
    assert block_list("caro") == (BLOCK, {"k7", "l7"})


def test_freestyle_blocks_a_four_only_at_its_completion_cell():
    assert block_list("gomoku") == (BLOCK, {"k7"})


def test_the_search_holds_a_caro_position_only_the_cap_saves():
    puzzle = next(p for p in load_suite(DEEP) if p.answers == {"l7"} and p.variant == "caro")
    analysis = choose_grid_move(puzzle.board(), time_ms=NO_CLOCK_MS, level=TOP, max_nodes=200_000)
    assert analysis.move == "l7"
    assert analysis.score > -MATE_BOUND


def test_the_threat_searches_answer_a_caro_four_at_either_end():
    assert stops_of_the_four("caro") == {"k7", "l7"}


def test_the_threat_searches_answer_a_freestyle_four_at_its_completion_cell():
    assert stops_of_the_four("gomoku") == {"k7"}


def test_a_caro_three_is_also_stopped_by_a_cap_that_leaves_no_open_four():
    puzzle = next(p for p in load_suite(DEEP) if p.answers == {"i9"} and p.variant == "caro")
    board = puzzle.board()
    kind, moves = move_list(board)
    assert kind == DEFEND and "i9" in moves
    pos = position_of(board)
    cap = int(pos.cells[board.parse_move("i9")])
    make(pos, cap, board.turn)
    assert not can_make_open_four(pos, 3 - board.turn)
    unmake(pos, cap)


@pytest.mark.parametrize("game", CAPPED_THREAT_WINS)
def test_a_freestyle_threat_win_a_caro_cap_escapes_is_no_caro_win(game: str):
    for variant, wins in (("gomoku", True), ("caro", False)):
        board = Board.from_moves(variant, game)
        assert wins_by_threats(position_of(board), board.turn, nodes=400_000) is wins, variant
