"""choose_grid_move: rules, forced moves, levels, determinism and budgets.

Searches whose answer a test checks are limited by nodes (or depth), never by the clock: how
deep a timed search gets depends on the machine, and a deeper search may find what a shallower
one missed (a position once tested here as "no win under caro" is a 13-ply win, see
bench/playout.py). Where a rule is tested, the position's answer is forced at every depth.
"""

from __future__ import annotations

import pytest

from engine.analysis import WIN_SCORE
from engine.board import Board
from engine.levels import LEVELS, TOP
from engine.search import choose_grid_move, player
from engine.search.ttable import MATE_BOUND, new_table
from tests.engine.tactics import NO_CLOCK_MS, load_suite

NODES = 1_000_000  # about a second of search


def best(variant: str, moves: str, **kwargs) -> tuple[Board, object]:
    """The top level's analysis of a position, limited by ``NODES`` unless told otherwise."""
    board = Board.from_moves(variant, moves)
    kwargs.setdefault("time_ms", NO_CLOCK_MS)
    kwargs.setdefault("max_nodes", NODES)
    kwargs.setdefault("level", TOP)
    return board, choose_grid_move(board, **kwargs)


def test_completes_its_own_five():
    _, analysis = best("gomoku", "h8 a1 i8 a3 j8 a5 k8 a7")
    assert analysis.move in {"g8", "l8"}
    assert analysis.score >= WIN_SCORE - 2


def test_blocks_the_opponents_five_when_it_cannot_win_first():
    _, analysis = best("gomoku", "h8 a1 i8 a3 j8 a5 k8")
    assert analysis.move in {"g8", "l8"}


def test_makes_an_open_four_from_an_open_three():
    _, analysis = best("gomoku", "h8 a1 i8 a3 j8 a5")
    assert analysis.move in {"g8", "k8"}
    assert analysis.score >= MATE_BOUND


def test_finds_a_win_by_continuous_fours():
    puzzle = next(p for p in load_suite() if p.category == "vcf" and int(p.note.split()[0]) >= 3)
    board = puzzle.board()
    analysis = choose_grid_move(board, time_ms=NO_CLOCK_MS, level=TOP, max_nodes=NODES)
    assert analysis.move in puzzle.answers
    assert analysis.score >= MATE_BOUND


def test_defends_the_open_three_instead_of_attacking():
    _, analysis = best("gomoku", "h8 a1 i8 a3 j8 h9 a5")  # o to move against h8 i8 j8
    assert analysis.move in {"g8", "k8", "f8", "l8"}


# x to move: d11 e11 f11 g11 between o's c11 and i11, so h11 makes a five blocked at both ends;
# o threatens m6 (m2-m5, x on m1). Under caro h11 is no win and x must block m6, at any depth.
BLOCKED_FIVE_OR_BLOCK = "d11 c11 e11 i11 f11 m2 g11 m3 m1 m4 a15 m5"
# o to move: x has the same dead four and a real four k3-k6 (o on k2): under caro the only
# threat is k7, stopped there or at k8 (the five k3-k7 would then be blocked at both ends); in
# freestyle x threatens h11 and k7 and o cannot stop both.
BLOCKED_FIVE_AND_A_FOUR = "d11 c11 e11 i11 f11 k2 g11 a1 k3 a15 k4 o15 k5 o1 k6"
# x to move: d12 e12 . g12 h12 i12 (o on j12), so f12 makes six; o threatens m6 as above.
OVERLINE_OR_BLOCK = "d12 j12 e12 m2 g12 m3 h12 m4 i12 m5 m1 a1"


@pytest.mark.parametrize("depth", [1, 3, 5])
def test_caro_five_blocked_at_both_ends_is_not_a_win(depth):
    _, caro = best("caro", BLOCKED_FIVE_OR_BLOCK, max_depth=depth)
    assert caro.move == "m6"


def test_freestyle_five_between_two_opponent_stones_wins():
    _, freestyle = best("gomoku", BLOCKED_FIVE_OR_BLOCK)
    assert freestyle.move == "h11" and freestyle.score >= WIN_SCORE - 2


@pytest.mark.parametrize("depth", [1, 3, 5])
def test_caro_blocked_five_is_not_treated_as_a_threat(depth):
    _, caro = best("caro", BLOCKED_FIVE_AND_A_FOUR, max_depth=depth)
    assert caro.move in {"k7", "k8"}


def test_freestyle_five_between_two_opponent_stones_is_a_threat():
    _, freestyle = best("gomoku", BLOCKED_FIVE_AND_A_FOUR)
    assert freestyle.score <= -MATE_BOUND


@pytest.mark.parametrize("depth", [1, 3, 5])
def test_standard_overline_is_not_a_win(depth):
    _, standard = best("gomoku-standard", OVERLINE_OR_BLOCK, max_depth=depth)
    assert standard.move == "m6"


def test_freestyle_overline_wins():
    _, freestyle = best("gomoku", OVERLINE_OR_BLOCK)
    assert freestyle.move == "f12" and freestyle.score >= WIN_SCORE - 2


def test_same_seed_and_depth_give_the_same_answer():
    moves = "h8 h9 i9 g7 j10 k11"
    first = best("gomoku", moves, level=2, seed=11)[1]
    second = best("gomoku", moves, level=2, seed=11)[1]
    assert (first.move, first.score, first.pv, first.nodes) == (
        second.move,
        second.score,
        second.pv,
        second.nodes,
    )


def test_tiny_budget_still_returns_a_legal_move():
    board, analysis = best("gomoku", "h8 h9 i9 g7 j10 k11 i10 i8", time_ms=10, max_nodes=None)
    assert board.is_legal(board.parse_move(analysis.move))


# o to move against x's open three h9 i9 j9: only g9 or k9 stop it (after f9, k9 makes an open
# four). The cell list starts with f9, so a search stopped before its first move was searched
# (a cold start under load) once answered f9.
OPEN_THREE_TO_STOP = "h9 h10 i9 i10 j9"


@pytest.mark.parametrize("variant", ["caro", "gomoku"])
@pytest.mark.parametrize("max_nodes", [1, 50, NODES])
def test_stops_an_open_three_at_an_end_whatever_the_budget(variant, max_nodes):
    _, analysis = best(variant, OPEN_THREE_TO_STOP, max_nodes=max_nodes)
    assert analysis.move in {"g9", "k9"}


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_returns_a_legal_move(level):
    board, analysis = best("caro", "h8 h9 i9", level=level, time_ms=300)
    assert board.is_legal(board.parse_move(analysis.move))


def test_gravity_board_plays_a_column_top():
    board, analysis = best("custom-6x7-k4-freestyle-gravity", "4 4 3", time_ms=300)
    assert board.is_legal(board.parse_move(analysis.move))


def test_caro9_and_custom_boards_are_searched():
    for variant, moves in (("caro9", "e5 e6 d5"), ("custom-19x19-k6-caro", "j10 j11")):
        board, analysis = best(variant, moves, time_ms=300)
        assert board.is_legal(board.parse_move(analysis.move))


def test_a_search_by_the_clock_keeps_its_tables_for_the_next_on_the_same_board():
    best("gomoku", "h8 h9 i9", time_ms=100, max_nodes=None)
    tables = player._KEPT.tables
    best("gomoku", "h8 h9 i9 g7", time_ms=100, max_nodes=None)
    assert player._KEPT.tables is tables
    best("caro", "h8 h9 i9", time_ms=100, max_nodes=None)
    assert player._KEPT.tables is not tables  # another rule: other cells and patterns


def test_a_search_with_a_node_budget_keeps_nothing_so_it_answers_the_same_every_time():
    best("gomoku", "h8 h9 i9", time_ms=100, max_nodes=None)
    tables = player._KEPT.tables
    first = best("gomoku", "h8 h9 i9 g7 j10 k11", max_nodes=20_000)[1]
    second = best("gomoku", "h8 h9 i9 g7 j10 k11", max_nodes=20_000)[1]
    assert player._KEPT.tables is tables
    assert (first.move, first.score, first.nodes) == (second.move, second.score, second.nodes)


def test_transposition_table_respects_its_memory_budget():
    keys, data = new_table(64)
    assert keys.nbytes + data.nbytes <= 64 << 20


def test_replies_to_open_threes_cost_no_depth_so_a_long_threat_line_is_seen_at_depth_five():
    # The caro defence answered by f7: g8 loses to a 31-ply line of threes and fours; counting
    # the forced replies as plies, the search only saw it at depth 8 and played g8 at depths 5
    # and 7.
    puzzle = next(p for p in load_suite() if p.category == "defend" and p.answers == {"f7"})
    analysis = choose_grid_move(puzzle.board(), time_ms=10**6, level=TOP, max_depth=5)
    assert analysis.move in puzzle.answers
