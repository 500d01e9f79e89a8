"""The AI's side of the swap and swap2 openings (engine/opening.py)."""

from __future__ import annotations

import pytest

from engine.ai import choose_move
from engine.board import Board
from engine.opening import BALANCED, BLACK, PLACE_TWO, WHITE, choose, opening_stones, preferred

SEEDS = range(24)


@pytest.mark.parametrize("variant", ["gomoku", "gomoku-standard", "renju"])
def test_the_opening_is_three_distinct_stones_within_three_lines_of_the_centre(variant):
    for seed in SEEDS:
        stones = opening_stones(variant, seed)
        board = Board.from_moves(variant, stones)  # legal, in this order
        assert len(set(stones)) == 3 and board.outcome() is None
        for stone in stones:
            cell = board.parse_move(stone)
            assert max(abs(cell % 15 - 7), abs(cell // 15 - 7)) <= 3, stone


def test_the_same_seed_gives_the_same_opening_and_seeds_vary_it():
    assert opening_stones("gomoku", 5) == opening_stones("gomoku", 5)
    assert len({tuple(opening_stones("gomoku", seed)) for seed in SEEDS}) > 8


def test_the_openings_leave_the_game_open_for_both_sides():
    for seed in range(8):
        analysis = choose_move("renju", opening_stones("renju", seed), level=4, time_ms=300,
                               seed=1)
        assert not analysis.decided


def test_a_balanced_position_is_answered_by_placing_two_more_when_that_is_offered():
    assert preferred(BALANCED - 1, (BLACK, WHITE, PLACE_TWO)) == PLACE_TWO
    assert preferred(-BALANCED + 1, (BLACK, WHITE, PLACE_TWO)) == PLACE_TWO


def test_the_chooser_takes_the_side_the_evaluation_prefers():
    assert preferred(BALANCED + 1, (BLACK, WHITE, PLACE_TWO)) == WHITE
    assert preferred(-BALANCED - 1, (BLACK, WHITE, PLACE_TWO)) == BLACK
    assert preferred(10, (BLACK, WHITE)) == WHITE
    assert preferred(-10, (BLACK, WHITE)) == BLACK


def test_black_is_taken_when_black_has_a_strong_centre():
    # Black h8 and i9 on a diagonal, white far away in the corner.
    assert choose("gomoku", ("h8", "a1", "i9"), (BLACK, WHITE, PLACE_TWO), 4, 300, 1)[0] \
        == BLACK


def test_white_is_taken_when_black_stones_are_in_the_corners():
    assert choose("gomoku", ("a1", "h8", "o15"), (BLACK, WHITE), 4, 300, 1)[0] == WHITE
