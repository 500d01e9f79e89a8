"""The ladder's tactical guarantees (engine/levels.py), with fixed positions and seeds.

Every level takes a five and blocks the opponent's; the default level also stops an open three
from becoming an open four; the noise of the lowest levels stays next to the stones; in Connect
Four every level takes a four and blocks one. Levels below the top stop on node budgets, so
these answers do not depend on the machine's speed.
"""

from __future__ import annotations

import pytest

from engine.ai import choose_move
from engine.board import Board
from engine.levels import DEFAULT, LEVELS, LOWEST, TOP

SEEDS = range(6)
UNHURRIED_MS = 5_000  # a ceiling only: the levels' node budgets end the searches
# The mover (first player) has an open four h8-k8; the opponent a four a1-a4 in column a.
BOTH_HAVE_FOURS = "h8 a1 i8 a2 j8 a3 k8 a4"
# The opponent (second player) has a four h9-k9 closed at g9; the mover has no line. It completes
# at l9; under caro m9 stops it too (l9 would then make a five blocked at both ends).
MUST_BLOCK = "a1 h9 a3 i9 g9 j9 a5 k9"
BLOCKS = {"gomoku": {"l9"}, "caro": {"l9", "m9"}}
# The opponent has an open three h9-j9 and the mover no threat of its own: only g9 or k9 keeps
# the opponent from an open four (f9 or l9 leave g9-k9 / h9-k9 open at both ends).
OPEN_THREES = ("h9 h8 i9 g7 j9", "h9 i8 i9 j8 j9 g10 f8 k8 l8")
MIDGAMES = ("h8 h9 i9 j10 i8 g8 f7 i10 j11 k10", "h8 i7 h10 h9 i9 j8 j10 k11 g5 k9")


def answer(variant: str, game: str, level: int, seed: int) -> str:
    time_ms = UNHURRIED_MS if level != TOP else None
    return choose_move(variant, game, level=level, seed=seed, time_ms=time_ms).move


@pytest.mark.parametrize("variant", ["gomoku", "caro"])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_completes_its_five_before_blocking(variant: str, level: int) -> None:
    assert {answer(variant, BOTH_HAVE_FOURS, level, seed) for seed in SEEDS} <= {"g8", "l8"}


@pytest.mark.parametrize("variant", ["gomoku", "caro"])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_blocks_the_opponents_five(variant: str, level: int) -> None:
    assert {answer(variant, MUST_BLOCK, level, seed) for seed in SEEDS} <= BLOCKS[variant]


@pytest.mark.parametrize("variant", ["gomoku", "caro"])
@pytest.mark.parametrize("game", OPEN_THREES)
def test_the_default_level_stops_an_open_three_at_its_ends(variant: str, game: str) -> None:
    assert {answer(variant, game, DEFAULT, seed) for seed in SEEDS} <= {"g9", "k9"}


@pytest.mark.parametrize("game", MIDGAMES)
def test_the_lowest_levels_noise_stays_next_to_the_stones(game: str) -> None:
    board = Board.from_moves("gomoku", game)
    stones = [divmod(cell, board.cols) for cell in board.move_stack]
    played = {answer("gomoku", game, LOWEST, seed) for seed in range(30)}
    assert len(played) > 1  # it does vary...
    for move in played:  # ...but only among cells within two of a stone
        row, col = divmod(board.parse_move(move), board.cols)
        assert min(max(abs(row - r), abs(col - c)) for r, c in stones) <= 2


@pytest.mark.parametrize(("game", "block"), [("1 2 1 2 1", "1"), ("1 1 2 2 3", "4")])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_connect4_level_blocks_an_immediate_four(level: int, game: str, block: str) -> None:
    assert {answer("connect4", game, level, seed) for seed in SEEDS} == {block}


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_connect4_level_completes_its_four(level: int) -> None:
    assert {answer("connect4", "1 2 1 2 1 2", level, seed) for seed in SEEDS} == {"1"}


def test_every_level_has_names_and_descriptions_in_both_languages() -> None:
    for level in LEVELS.values():
        assert level.name_en and level.name_vi and level.about_en and level.about_vi
    assert len({level.name_en for level in LEVELS.values()}) == len(LEVELS)
